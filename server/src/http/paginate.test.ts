import mongoose, { Schema, Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@test/helpers';
import { compareBy, findByIds, paginate } from './paginate';

const probeSchema = new Schema({
  ownerId: { type: Schema.Types.ObjectId, default: null },
  brokerId: { type: Schema.Types.ObjectId, default: null },
  kind: String,
  at: Date,
});
const ProbeModel = mongoose.model('PaginateProbe', probeSchema);
type Probe = {
  _id: Types.ObjectId;
  ownerId: Types.ObjectId | null;
  brokerId: Types.ObjectId | null;
  kind: string;
  at: Date;
};

let app: TestApp;
const me = new Types.ObjectId();
const other = new Types.ObjectId();
let docs: Probe[] = [];

beforeAll(async () => {
  app = await startTestApp();
  const base = Date.UTC(2030, 0, 1);
  // 60 documents: mine as owner, as broker, as both, and a stranger's; timestamps repeat so _id breaks ties.
  docs = Array.from({ length: 60 }, (_, i) => ({
    _id: new Types.ObjectId(),
    ownerId: i % 4 === 0 || i % 4 === 2 ? me : other,
    brokerId: i % 4 === 1 || i % 4 === 2 ? me : null,
    kind: i % 3 === 0 ? 'a' : 'b',
    at: new Date(base + Math.floor(i / 3) * 60_000),
  }));
  await ProbeModel.collection.insertMany(docs);
});

afterAll(async () => {
  await app?.close();
});

const newest = { at: -1, _id: -1 } as const;
const ids = (items: Array<{ _id: unknown }>) => items.map((d) => String(d._id));

describe('paginate', () => {
  it('pages one equality-led filter in sort order with the total', async () => {
    const expected = docs.filter((d) => String(d.ownerId) === String(me)).sort(compareBy(newest));
    for (const pageSize of [1, 7, 30, 100]) {
      const pages = Math.ceil(expected.length / pageSize) + 1;
      for (let page = 1; page <= pages; page++) {
        const got = await paginate<Probe>(ProbeModel, { ownerId: me }, newest, { page, pageSize });
        expect(got).toMatchObject({ page, pageSize, total: expected.length });
        expect(ids(got.items)).toEqual(ids(expected.slice((page - 1) * pageSize, page * pageSize)));
      }
    }
  });

  it('merges several equalities like the $or it replaces: same order, no duplicates, distinct total', async () => {
    const filters = [
      { ownerId: me, kind: 'b' },
      { brokerId: me, kind: 'b' },
    ];
    const expected = await ProbeModel.find({ $or: filters }).sort(newest).lean<Probe[]>();
    const both = docs.filter((d) => String(d.ownerId) === String(me) && String(d.brokerId) === String(me));
    expect(both.length).toBeGreaterThan(0); // the overlap is what a naive sum would count twice
    for (const pageSize of [1, 4, 9, 50]) {
      const pages = Math.ceil(expected.length / pageSize) + 1;
      for (let page = 1; page <= pages; page++) {
        const got = await paginate<Probe>(ProbeModel, filters, newest, { page, pageSize });
        expect(got.total).toBe(expected.length);
        expect(ids(got.items)).toEqual(ids(expected.slice((page - 1) * pageSize, page * pageSize)));
      }
    }
  });

  it('reads documents by id, skipping unknown ones and repeats', async () => {
    const wanted = [docs[3]._id, docs[5]._id, docs[3]._id, new Types.ObjectId()];
    const got = await findByIds<Probe>(ProbeModel, wanted, { kind: 1 });
    expect(ids(got).sort()).toEqual([String(docs[3]._id), String(docs[5]._id)].sort());
    expect(got[0]).not.toHaveProperty('ownerId');
  });
});

describe('compareBy', () => {
  it('orders values of mixed types as MongoDB does (null, numbers, strings, ObjectIds, booleans, dates)', () => {
    const values = [new Date(5), true, new Types.ObjectId(), 'x', 3, null];
    const sorted = values.map((v) => ({ v })).sort(compareBy({ v: 1 }));
    expect(sorted.map((s) => s.v)).toEqual([null, 3, 'x', values[2], true, values[0]]);
    const desc = values.map((v) => ({ v })).sort(compareBy({ v: -1 }));
    expect(desc.map((s) => s.v)).toEqual([values[0], true, values[2], 'x', 3, null]);
  });
});
