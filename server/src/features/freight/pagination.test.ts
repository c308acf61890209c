import type { FreightListingDto } from '@freight/shared';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@test/helpers';
import { liveBook } from './book/live';
import { FreightModel } from './model';

let app: TestApp;
const TOTAL = 10_000;
const EQUIPMENT = ['dry_van', 'reefer', 'flatbed', 'step_deck'];

beforeAll(async () => {
  app = await startTestApp();
  const owner = new Types.ObjectId();
  const base = Date.UTC(2030, 0, 1);
  const docs = Array.from({ length: TOTAL }, (_, i) => {
    const distance = 100 + (i % 900);
    const rateCents = 50_000 + ((i * 7919) % 400_000);
    return {
      userId: owner,
      carrierId: null,
      brokerId: null,
      shipperId: owner,
      title: `Load ${i}`,
      originCity: `City ${i % 50}`,
      originState: 'IL',
      originCountry: 'United States',
      destinationCity: `Town ${i % 70}`,
      destinationState: 'TX',
      destinationCountry: 'United States',
      equipmentType: EQUIPMENT[i % EQUIPMENT.length],
      weightClass: 'ftl',
      rateCents,
      ratePerMileCents: Math.round(rateCents / distance),
      rateType: 'flat',
      distance,
      searchRadius: 50,
      status: 'available',
      isUrgent: false,
      isHazmat: false,
      requiresTarps: false,
      requiresStraps: false,
      requiresLiftgate: false,
      createdAt: new Date(base + i * 1000),
      updatedAt: new Date(base + i * 1000),
    };
  });
  for (let i = 0; i < docs.length; i += 1000)
    await FreightModel.collection.insertMany(docs.slice(i, i + 1000));
  // Written past the services (nothing announced): the book reads them on a rebuild.
  await liveBook()!.rebuild();
});
afterAll(async () => {
  await app?.close();
});

async function page(query: string, n: number, pageSize = 100) {
  const res = await app.client().get(`/api/freight?${query}&pageSize=${pageSize}&page=${n}`);
  expect(res.status).toBe(200);
  return res.body as { items: FreightListingDto[]; page: number; pageSize: number; total: number };
}

// FerretDB over SQLite (the test database) scans every document for each sorted query, so these tests look at the
// pages that matter (the first, neighbours at the joins, the last) rather than walking all hundred of them.
describe('pagination over 10,000 loads', () => {
  it('pages newest first: consecutive pages join without gaps or repeats, the total on every page', async () => {
    const pages = await Promise.all([1, 2, 50, 51, 100].map((n) => page('sort=newest', n)));
    for (const p of pages) expect(p.total).toBe(TOTAL);
    const [p1, p2, p50, p51, p100] = pages;
    expect(p1.items[0].title).toBe(`Load ${TOTAL - 1}`);
    expect(p1.items[99].title).toBe(`Load ${TOTAL - 100}`);
    expect(p2.items[0].title).toBe(`Load ${TOTAL - 101}`);
    expect(p50.items[99].title).toBe(`Load ${TOTAL - 5000}`);
    expect(p51.items[0].title).toBe(`Load ${TOTAL - 5001}`);
    expect(p100.items).toHaveLength(100);
    expect(p100.items[99].title).toBe('Load 0');
    const all = pages.flatMap((p) => p.items);
    expect(new Set(all.map((l) => l.id)).size).toBe(all.length);
    for (const p of pages) {
      for (let i = 1; i < p.items.length; i++)
        expect(p.items[i - 1].createdAt > p.items[i].createdAt).toBe(true);
    }
  }, 300_000);

  it('pages a filtered search sorted by rate per mile in order, with the filtered total', async () => {
    const query = 'equipmentType=reefer&sort=ratePerMile';
    const expected = TOTAL / EQUIPMENT.length;
    const [p1, p2, last] = await Promise.all([page(query, 1), page(query, 2), page(query, expected / 100)]);
    for (const p of [p1, p2, last]) {
      expect(p.total).toBe(expected);
      for (const l of p.items) expect(l.equipmentType).toBe('reefer');
    }
    const run = [...p1.items, ...p2.items];
    expect(new Set(run.map((l) => l.id)).size).toBe(200);
    for (let i = 1; i < run.length; i++) expect(run[i - 1].ratePerMile! >= run[i].ratePerMile!).toBe(true);
    expect(last.items).toHaveLength(100);
    expect(last.items[99].ratePerMile! <= p2.items[99].ratePerMile!).toBe(true);
  }, 300_000);

  it('answers a page past the end with no items and the same total', async () => {
    const res = await app.client().get('/api/freight?page=1000&pageSize=20');
    expect(res.body).toMatchObject({ items: [], page: 1000, pageSize: 20, total: TOTAL });
  }, 120_000);

  it('counts a substring search across all loads', async () => {
    const res = await app.client().get('/api/freight?originCity=city 7&pageSize=5');
    // "City 7" only (origin cities run City 0 to City 49): 10,000 / 50 loads.
    expect(res.body.total).toBe(TOTAL / 50);
    expect(res.body.items).toHaveLength(5);
  }, 120_000);
});
