import { DOMAIN_EVENTS, type DomainEventData, type DomainEventName } from '@freight/shared';
import mongoose from 'mongoose';
import { withAggregate, type AggregateRef } from '../infra/concurrency';
import { nextInSequence } from '../infra/counters';
import { DomainEventModel, type StoredDomainEvent } from './model';
import { factsRecorded } from './dispatch';

/** Who made the fact happen: a user (anything with an `id`), or the system. */
export type FactBy = { id: string; companyId?: string | null } | 'system';

/** A fact as a service states it. */
export interface Fact<N extends DomainEventName = DomainEventName> {
  name: N;
  /** What makes this fact this one (a request's id, `<loadId>-<status>`, a message's id): the log keeps it once. */
  key: string;
  by: FactBy;
  loadId?: string | null;
  subjects?: Record<string, string>;
  data: DomainEventData<N>;
  /**
   * A document that exists once the write is done (an equality filter on one collection): how a fact left pending
   * by a crash is settled. Omit it for a fact whose write is recording it (nothing else to prove).
   */
  proof?: { collection: string; filter: Record<string, unknown> };
}

/** Returned by a write that found nothing to do: its facts are dropped. */
export const NOTHING_WRITTEN = Symbol('nothing written');

const SEQUENCE = 'domain_events';

/**
 * The company the person acted for (issue 28), kept with the fact so its history still names it after they leave:
 * the actor's, or (a fact stated with the person's id only) the one on their account now.
 */
async function actingCompanyOf(by: FactBy): Promise<string | null> {
  if (by === 'system') return null;
  if (by.companyId !== undefined) return by.companyId;
  if (!mongoose.Types.ObjectId.isValid(by.id)) return null;
  const user = await mongoose
    .model('User')
    .findById(by.id, { companyId: 1 })
    .lean<{ companyId?: unknown } | null>();
  return user?.companyId ? String(user.companyId) : null;
}
const leaseKeyOf = (ref: AggregateRef) => `${ref.kind}:${ref.id}`;
/** A pending fact as it reads once it is recorded. */
const asRecorded = (event: StoredDomainEvent): StoredDomainEvent => ({
  ...event,
  state: 'recorded',
  proof: null,
});
const eventIdOf = (fact: Fact) => `${fact.name}:${fact.key}`;

async function highestSeq(): Promise<number> {
  const last = await DomainEventModel.findOne({}, { seq: 1 }).sort({ seq: -1 }).lean();
  return last?.seq ?? 0;
}

/**
 * Facts this process has written pending and whose write is still running. A flow that records a fact inside another
 * fact's write (under the same, reentrant lease) must not take the outer one for a crash's leftover: only another
 * process's pending facts can be leftovers, and the lease keeps every other process out while this one holds it.
 */
const inFlight = new Set<string>();

/** Whether a pending fact's write happened: its proof document exists (a fact without a proof stands). */
async function proven(event: Pick<StoredDomainEvent, 'proof'>): Promise<boolean> {
  if (!event.proof) return true;
  const db = mongoose.connection.db;
  if (!db) throw new Error('the database is not connected');
  return (await db.collection(event.proof.collection).countDocuments(event.proof.filter, { limit: 1 })) > 0;
}

/**
 * Settles the facts a crash left pending under one lease (the caller holds it): kept when the write happened,
 * removed when it did not. Returns the facts it kept.
 */
export async function settlePending(leaseKey: string): Promise<StoredDomainEvent[]> {
  const pending = (
    await DomainEventModel.find({ state: 'pending', leaseKey }).lean<StoredDomainEvent[]>()
  ).filter((event) => !inFlight.has(event._id));
  const kept: StoredDomainEvent[] = [];
  for (const event of pending) {
    if (await proven(event)) {
      await DomainEventModel.updateOne({ _id: event._id }, { $set: { state: 'recorded', proof: null } });
      kept.push(event);
    } else {
      await dropPending([event]);
    }
  }
  return kept;
}

/**
 * Drops facts whose write did not happen; each number stays taken by a `void` marker, so a projector waiting for
 * that number moves on at once instead of waiting for a number that will never be recorded.
 */
async function dropPending(
  events: Array<Pick<StoredDomainEvent, '_id' | 'seq' | 'leaseKey'>>,
): Promise<void> {
  for (const event of events) {
    const removed = await DomainEventModel.findOneAndDelete({ _id: event._id, state: 'pending' }).lean();
    if (!removed) continue;
    await DomainEventModel.create({
      _id: `void:${event.seq}`,
      seq: event.seq,
      name: 'void',
      at: new Date(),
      state: 'void',
      leaseKey: event.leaseKey,
    }).catch(() => undefined);
  }
}

function validate(fact: Fact): void {
  const schema = DOMAIN_EVENTS[fact.name];
  const parsed = schema.safeParse(fact.data);
  if (!parsed.success) throw new Error(`fact ${fact.name} has bad data: ${parsed.error.message}`);
}

/**
 * Runs `write` and records its facts as its last step, under the aggregate's lease (taken here if the caller does
 * not hold it already). Each fact is written pending first, so a crash between the write and the record leaves a
 * trace that the next change of the same aggregate, or the repair at start, settles by the fact's proof. A fact
 * already recorded (the same key) is not recorded again; the write still runs, since writes repeat safely.
 */
export async function recordFacts<T>(
  aggregate: AggregateRef,
  facts: Fact[],
  write: () => Promise<T | typeof NOTHING_WRITTEN>,
): Promise<T | typeof NOTHING_WRITTEN> {
  for (const fact of facts) validate(fact);
  const leaseKey = leaseKeyOf(aggregate);
  return withAggregate(aggregate.kind, aggregate.id, async () => {
    const settled = await settlePending(leaseKey);
    const ids = facts.map(eventIdOf);
    const known = new Set(
      (await Promise.all(ids.map((id) => DomainEventModel.exists({ _id: id })))).flatMap((hit, i) =>
        hit ? [ids[i]] : [],
      ),
    );
    const fresh = facts.filter((fact) => !known.has(eventIdOf(fact)));
    const pending: StoredDomainEvent[] = [];
    let result: T | typeof NOTHING_WRITTEN;
    try {
      for (const fact of fresh) {
        const companyId = await actingCompanyOf(fact.by);
        const seq = await nextInSequence(SEQUENCE, highestSeq);
        const event: StoredDomainEvent = {
          _id: eventIdOf(fact),
          seq,
          name: fact.name,
          at: new Date(),
          actor:
            fact.by === 'system'
              ? { userId: null, name: null, companyId: null }
              : { userId: fact.by.id, name: null, companyId },
          loadId: fact.loadId ?? null,
          subjects: fact.subjects ?? {},
          data: fact.data as Record<string, unknown>,
          state: 'pending',
          leaseKey,
          proof: fact.proof ?? null,
        };
        await DomainEventModel.create(event);
        pending.push(event);
        inFlight.add(event._id);
      }
      result = await write();
    } catch (err) {
      for (const { _id } of pending) inFlight.delete(_id);
      // The write failed: its facts did not happen (a later settle would find no proof either).
      await dropPending(pending).catch(() => undefined);
      if (settled.length > 0) await factsRecorded(settled.map(asRecorded));
      throw err;
    }
    for (const { _id } of pending) inFlight.delete(_id);
    if (result === NOTHING_WRITTEN) {
      await dropPending(pending);
      pending.length = 0;
    }
    for (const { _id } of pending) {
      await DomainEventModel.updateOne({ _id }, { $set: { state: 'recorded', proof: null } });
    }
    const recorded = [...settled, ...pending].map(asRecorded);
    if (recorded.length > 0) await factsRecorded(recorded);
    return result;
  });
}

/** One fact and the write that makes it (see recordFacts). */
export function recordFact<T>(
  aggregate: AggregateRef,
  fact: Fact,
  write: () => Promise<T | typeof NOTHING_WRITTEN>,
): Promise<T | typeof NOTHING_WRITTEN> {
  return recordFacts(aggregate, [fact], write);
}

/** Records facts whose write has already happened (or that are their own write: a reminder sent, an expiry). */
export async function recordDone(aggregate: AggregateRef, facts: Fact[]): Promise<void> {
  await recordFacts(aggregate, facts, async () => true);
}

/** Settles every fact left pending by processes that stopped (at start; each under its own lease). */
export async function settleAllPending(): Promise<number> {
  const keys = await DomainEventModel.distinct('leaseKey', { state: 'pending' });
  let kept = 0;
  for (const leaseKey of keys as string[]) {
    const sep = leaseKey.indexOf(':');
    const kind = leaseKey.slice(0, sep) as AggregateRef['kind'];
    const id = leaseKey.slice(sep + 1);
    kept += (await withAggregate(kind, id, () => settlePending(leaseKey))).length;
  }
  if (keys.length > 0) await factsRecorded();
  return kept;
}
