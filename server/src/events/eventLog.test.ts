// The event log's own rules (issue 26): a fact is recorded once, only when its write happened, in seq order; a crash
// between a write and its record is settled by the next change of the same aggregate or at start; projectors are
// idempotent, keep their own position and catch up in order.
import { randomBytes } from 'node:crypto';
import mongoose, { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestApp, type TestApp } from '@test/helpers';
import type { AnyDomainEvent } from '@freight/shared';
import { withAggregate } from '../infra/concurrency';
import { DomainEventModel, ProjectorPositionModel } from './model';
import { nextInSequence } from '../infra/counters';
import { NOTHING_WRITTEN, recordFact, settleAllPending, type Fact } from './record';
import { registerProjector, rewindProjector, startProjectorRunner } from './projectors';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const things = () => mongoose.connection.db!.collection<{ _id: string; n?: number }>('eventlog_things');
const handled = () =>
  mongoose.connection.db!.collection<{ _id: string; seq: number; order: number }>('eventlog_seen');
const newId = () => randomBytes(6).toString('hex');
/** A load id the app's own projectors can read (they look the load up and find none). */
const newLoadId = () => new Types.ObjectId().toHexString();

/** A chat message fact about a load, whose write stores `thing` (the proof is that document). */
function chatFact(loadId: string, thing: string): Fact<'chat.posted'> {
  return {
    name: 'chat.posted',
    key: thing,
    by: { id: 'u1' },
    loadId,
    subjects: { messageId: thing },
    data: { message: { id: thing, freightId: loadId } as never },
    proof: { collection: 'eventlog_things', filter: { _id: thing } },
  };
}
/** A photo fact about a load (the same proof as a chat message's). */
function photoFact(loadId: string, thing: string): Fact<'photo.added'> {
  return {
    name: 'photo.added',
    key: thing,
    by: { id: 'u1' },
    loadId,
    subjects: { photoId: thing },
    data: { photo: { id: thing, freightId: loadId } as never },
    proof: { collection: 'eventlog_things', filter: { _id: thing } },
  };
}
const write = (thing: string) => async () => {
  await things().updateOne({ _id: thing }, { $set: { n: 1 } }, { upsert: true });
  return thing;
};

describe('recording a fact', () => {
  it('keeps one event per fact however often and however concurrently it is recorded', async () => {
    const loadId = newLoadId();
    const thing = newId();
    await Promise.all(
      Array.from({ length: 12 }, () =>
        recordFact({ kind: 'load', id: loadId }, chatFact(loadId, thing), write(thing)),
      ),
    );
    expect(await DomainEventModel.countDocuments({ _id: `chat.posted:${thing}` })).toBe(1);
    const stored = await DomainEventModel.findById(`chat.posted:${thing}`).lean();
    expect(stored?.state).toBe('recorded');
    expect(stored?.proof).toBeNull();
  });

  it('keeps a fact whose write records another fact under the same lease (the outer one is not a leftover)', async () => {
    const loadId = newLoadId();
    const outer = newId();
    const inner = newId();
    await recordFact({ kind: 'load', id: loadId }, chatFact(loadId, outer), async () => {
      await recordFact({ kind: 'load', id: loadId }, chatFact(loadId, inner), write(inner));
      return write(outer)();
    });
    for (const t of [outer, inner]) {
      expect((await DomainEventModel.findById(`chat.posted:${t}`).lean())?.state).toBe('recorded');
    }
  });

  it('records nothing when the write found nothing to do or failed', async () => {
    const loadId = newLoadId();
    const a = newId();
    const b = newId();
    await recordFact({ kind: 'load', id: loadId }, chatFact(loadId, a), async () => NOTHING_WRITTEN);
    await expect(
      recordFact({ kind: 'load', id: loadId }, chatFact(loadId, b), async () => {
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(await DomainEventModel.countDocuments({ loadId })).toBe(0);
  });

  it('refuses a fact whose data does not match its declaration', async () => {
    const loadId = newLoadId();
    const fact = { ...chatFact(loadId, newId()), data: { message: 'not an object' } } as unknown as Fact;
    await expect(recordFact({ kind: 'load', id: loadId }, fact, async () => true)).rejects.toThrow(
      /bad data/,
    );
  });

  it('numbers facts in the order they are recorded, one number each', async () => {
    const loadId = newLoadId();
    const ids = Array.from({ length: 20 }, () => newId());
    await Promise.all(
      ids.map((t) => recordFact({ kind: 'load', id: loadId }, chatFact(loadId, t), write(t))),
    );
    const events = await DomainEventModel.find({ loadId }).lean();
    const seqs = events.map((e) => e.seq).sort((x, y) => x - y);
    expect(new Set(seqs).size).toBe(20);
  });
});

describe('a crash between a write and its record', () => {
  /** What a writer killed after its write and before its record leaves behind. */
  async function leftPending(loadId: string, thing: string, writeHappened: boolean) {
    const fact = chatFact(loadId, thing);
    await DomainEventModel.create({
      _id: `chat.posted:${thing}`,
      seq: await nextInSequence('domain_events', async () => 0),
      name: fact.name,
      at: new Date(),
      actor: { userId: 'u1', name: null },
      loadId,
      subjects: fact.subjects,
      data: fact.data,
      state: 'pending',
      leaseKey: `load:${loadId}`,
      proof: fact.proof,
    });
    if (writeHappened) await write(thing)();
  }

  it('is settled by the next change of the same aggregate: kept if the write happened, dropped if not', async () => {
    const loadId = newLoadId();
    const done = newId();
    const notDone = newId();
    await leftPending(loadId, done, true);
    await leftPending(loadId, notDone, false);
    const next = newId();
    await recordFact({ kind: 'load', id: loadId }, chatFact(loadId, next), write(next));
    expect((await DomainEventModel.findById(`chat.posted:${done}`).lean())?.state).toBe('recorded');
    expect(await DomainEventModel.exists({ _id: `chat.posted:${notDone}` })).toBeNull();
    expect((await DomainEventModel.findById(`chat.posted:${next}`).lean())?.state).toBe('recorded');
  });

  it('is settled at start for every aggregate', async () => {
    const loadId = newLoadId();
    const done = newId();
    await leftPending(loadId, done, true);
    await settleAllPending();
    expect((await DomainEventModel.findById(`chat.posted:${done}`).lean())?.state).toBe('recorded');
    expect(await DomainEventModel.countDocuments({ state: 'pending' })).toBe(0);
  });
});

describe('projectors', () => {
  /** A runner of these projectors only, on the file's app, as a second process would start one. */
  const runnerOf = (...names: string[]) =>
    startProjectorRunner({
      redis: app.rt.redis,
      prefix: app.config.REDIS_PREFIX,
      log: app.rt.log,
      only: names,
    });

  it('handle every fact once, a replay from the start changes nothing, a stopped one catches up in order', async () => {
    // Registered after the app started, so only this test's runners move it.
    let order = 0;
    const seen = registerProjector({
      name: `test-seen-${newId()}`,
      applicableEvents: ['chat.posted'],
      async handle(event: AnyDomainEvent) {
        // Idempotent by the event's id: a replay finds it there and changes nothing.
        await handled().updateOne(
          { _id: event.id },
          { $setOnInsert: { seq: event.seq, order: order++ } },
          { upsert: true },
        );
      },
    });
    const runner = runnerOf(seen.name);
    await runner.drain(); // seen for the first time: it starts at the end of the log
    const loadId = newLoadId();
    const first = Array.from({ length: 5 }, () => newId());
    for (const t of first) await recordFact({ kind: 'load', id: loadId }, chatFact(loadId, t), write(t));
    await runner.drain();
    expect(await handled().countDocuments({ _id: { $in: first.map((t) => `chat.posted:${t}`) } })).toBe(5);
    await runner.stop();

    // Down: facts keep coming.
    const later = Array.from({ length: 8 }, () => newId());
    for (const t of later) await recordFact({ kind: 'load', id: loadId }, chatFact(loadId, t), write(t));
    expect(await handled().countDocuments({ _id: { $in: later.map((t) => `chat.posted:${t}`) } })).toBe(0);

    const restarted = runnerOf(seen.name);
    await restarted.drain();
    const caughtUp = await handled()
      .find({ _id: { $in: later.map((t) => `chat.posted:${t}`) } })
      .toArray();
    expect(caughtUp).toHaveLength(8);
    // In order: handled in the order of their numbers.
    const bySeq = [...caughtUp].sort((a, b) => a.seq - b.seq).map((d) => d._id);
    const byOrder = [...caughtUp].sort((a, b) => a.order - b.order).map((d) => d._id);
    expect(byOrder).toEqual(bySeq);

    // From the very start: it handles what came before it existed, once; a second replay changes nothing.
    await rewindProjector(seen.name, 0);
    await restarted.drain();
    const before = await handled().find({}).sort({ _id: 1 }).toArray();
    expect(before.length).toBe(
      await DomainEventModel.countDocuments({ name: 'chat.posted', state: 'recorded' }),
    );
    await rewindProjector(seen.name, 0);
    await restarted.drain();
    expect(await handled().find({}).sort({ _id: 1 }).toArray()).toEqual(before);
    await restarted.stop();
  });

  it('keep their position in Redis, and go back to the database copy when Redis lost it', async () => {
    const calls: string[] = [];
    const counted = registerProjector({
      name: `test-counted-${newId()}`,
      applicableEvents: ['chat.posted'],
      async handle(event: AnyDomainEvent) {
        calls.push(event.id);
      },
    });
    const runner = runnerOf(counted.name);
    await runner.drain(); // starts at the end of the log; the database copy is stored there
    const copyAt = (await ProjectorPositionModel.findById(counted.name).lean<{ seq: number }>())!.seq;
    const loadId = newLoadId();
    const things = [newId(), newId(), newId()];
    for (const t of things) await recordFact({ kind: 'load', id: loadId }, chatFact(loadId, t), write(t));
    const ids = things.map((t) => `chat.posted:${t}`);
    await eventually(async () => ids.every((id) => calls.includes(id)), 30_000);
    // Handled live: the position moved in Redis, and the database copy (every 50 facts) did not.
    const key = `${app.config.REDIS_PREFIX}projector-position:${counted.name}`;
    const head = Number(await app.rt.redis.get(key));
    expect(head).toBeGreaterThan(copyAt);
    expect((await ProjectorPositionModel.findById(counted.name).lean<{ seq: number }>())!.seq).toBe(copyAt);
    await runner.stop();

    // A crash (the stop's save undone) and a Redis that lost the key: a new runner starts from the database copy
    // and handles the three facts again, in order.
    await ProjectorPositionModel.updateOne({ _id: counted.name }, { $set: { seq: copyAt } });
    await app.rt.redis.del(key);
    const restarted = runnerOf(counted.name);
    calls.length = 0;
    await restarted.drain();
    expect(calls.filter((id) => ids.includes(id))).toEqual(ids);
    expect(Number(await app.rt.redis.get(key))).toBe(head);

    // Redis lost the log's counter too: the end of the log is read from the database once and seeds the counter (the
    // next polls read Redis, not a sort of the whole log), with the number the next fact continues from.
    const counter = `${app.config.REDIS_PREFIX}seq:domain_events`;
    const highest = (await DomainEventModel.findOne({}, { seq: 1 }).sort({ seq: -1 }).lean())!.seq;
    await app.rt.redis.del(counter);
    await restarted.drain();
    expect(Number(await app.rt.redis.get(counter))).toBe(highest);
    const next = newId();
    await recordFact({ kind: 'load', id: loadId }, chatFact(loadId, next), write(next));
    expect((await DomainEventModel.findById(`chat.posted:${next}`).lean())!.seq).toBe(highest + 1);
    await restarted.stop();
  });

  it('pass over facts that are not theirs without their lease, live, and store where they got to', async () => {
    const seenHere = new Set<string>();
    const chats = registerProjector({
      name: `test-chats-${newId()}`,
      applicableEvents: ['chat.posted'],
      async handle(event: AnyDomainEvent) {
        seenHere.add(event.id);
      },
    });
    const photos: string[] = [];
    const quiet = registerProjector({
      name: `test-photos-${newId()}`,
      applicableEvents: ['photo.added'],
      async handle(event: AnyDomainEvent) {
        photos.push(event.id);
      },
    });
    const runner = runnerOf(chats.name, quiet.name);
    await runner.drain(); // both start at the end of the log, and this process knows where they are
    const startedAt = (await ProjectorPositionModel.findById(quiet.name).lean<{ seq: number }>())!.seq;

    // The photo projector's lease is held elsewhere the whole time: only passing facts over moves it.
    let letGo!: () => void;
    const holding = withAggregate('projector', quiet.name, () => new Promise<void>((r) => (letGo = r)));
    const loadId = newLoadId();
    // All at once (each about its own aggregate, so that no lease queues them): a wake-up then finds numbers whose
    // facts are not written yet, and asks for the lease it cannot have; by the next, the log has run more than a
    // batch ahead of where it passed over to.
    const messages = Array.from({ length: 60 }, () => newId());
    await Promise.all(
      messages.map((t) => recordFact({ kind: 'load', id: newLoadId() }, chatFact(loadId, t), write(t))),
    );
    // Live (no drain): every chat is handled by its projector, and the other stores its position past 50 of them.
    await eventually(async () => messages.every((t) => seenHere.has(`chat.posted:${t}`)), 30_000);
    await eventually(async () => {
      const at = await ProjectorPositionModel.findById(quiet.name).lean<{ seq: number }>();
      return at !== null && at.seq >= startedAt + 50;
    }, 30_000);
    expect(photos).toEqual([]);
    letGo();
    await holding;

    // A fact that is its own, after all those: handled once, in its turn.
    const photo = newId();
    await recordFact({ kind: 'load', id: loadId }, photoFact(loadId, photo), write(photo));
    await eventually(async () => photos.includes(`photo.added:${photo}`), 30_000);
    expect(photos).toEqual([`photo.added:${photo}`]);
    await runner.stop();
  }, 120_000);
});
