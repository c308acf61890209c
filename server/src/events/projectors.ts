import type { AnyDomainEvent, DomainEventName } from '@freight/shared';
import type { Redis } from 'ioredis';
import { REDIS_QUEUED_OPTIONS } from '../infra/availability';
import { AggregateBusyError, withAggregate } from '../infra/concurrency';
import { peekSequences, seedSequence } from '../infra/counters';
import { redis, redisPrefix } from '../infra/services';
import type { Logger } from '../infra/logger';
import { onFactsRecorded } from './dispatch';
import { DomainEventModel, ProjectorPositionModel, type StoredDomainEvent } from './model';
import { settlePending } from './record';

/**
 * A consumer of the event log (as Outline's processors are): it names the facts it handles and is idempotent, so
 * handling a fact twice (a replay, a retry after a crash) changes nothing twice.
 *
 * - A **tracked** projector keeps its own position in the log; one process at a time moves it along (a lease per
 *   projector), in `seq` order, and one that was down catches up in order where it stopped.
 * - An **inline** projector is a cache of this process (the open-load book): it runs in the writer's process, under
 *   the writer's lease, on the facts just recorded, and keeps no position; other processes' copies are fed by
 *   what the projector itself publishes.
 */
export interface Projector {
  name: string;
  applicableEvents: readonly DomainEventName[];
  inline?: boolean;
  handle(event: AnyDomainEvent): Promise<void>;
}

const registry = new Map<string, Projector>();

/** Called once per projector module at import; the runner starts with what is registered. */
export function registerProjector(projector: Projector): Projector {
  registry.set(projector.name, projector);
  return projector;
}

export function registeredProjectors(): Projector[] {
  return [...registry.values()];
}

export function toDomainEvent(doc: StoredDomainEvent): AnyDomainEvent {
  return {
    id: doc._id,
    seq: doc.seq,
    name: doc.name,
    at: new Date(doc.at).toISOString(),
    actor: {
      userId: doc.actor?.userId ?? null,
      name: doc.actor?.name ?? null,
      companyId: doc.actor?.companyId ?? null,
    },
    loadId: doc.loadId ?? null,
    subjects: doc.subjects ?? {},
    data: doc.data,
  } as AnyDomainEvent;
}

const applies = (p: Projector, name: string) => (p.applicableEvents as readonly string[]).includes(name);

/** A number handed out whose fact never appeared (its writer died between the two) is passed over after this. */
const GAP_MS = 10_000;
/** A fact pending longer than its writer's lease can last is settled by the projector that waits on it. */
const STALE_PENDING_MS = 20_000;
const BATCH = 50;
/** Batches passed over in one pass without the lease (the projector's next pass goes on from there). */
const CLEAR_BATCHES = 20;
/** A fact a projector fails on is tried this many times, then passed over with an error in the log. */
const MAX_ATTEMPTS = 5;
const POLL_MS = 2_000;
const CACHE_SIZE = 2_000;
const SAVE_EVERY = 50;
const SEQUENCE = 'domain_events';

export interface ProjectorRunner {
  /** Moves every tracked projector to the end of the log now (tests; the runner also does it by itself). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

interface RunnerOptions {
  redis: Redis;
  prefix: string;
  log: Logger;
  /** Only these projectors (tests); every registered one by default. */
  only?: readonly string[];
  /** Run tracked projectors in this process (a process that only records facts leaves them to others). */
  track?: boolean;
}

/** The read of the log's end in flight in this process, if any (see headOfLog). */
let headRead: Promise<number> | null = null;

/**
 * The last number handed out: the Redis counter. Without it (Redis lost it, or a log no fact was numbered into since
 * it started) the database's highest number is read, once at a time per process, and seeds the counter as the next
 * fact numbered would: on FerretDB that sort reads the whole log (DESIGN §2), and every projector asks at once and at
 * each poll (a 1M-position bench world sat for minutes on dozens of such reads of 140,000 facts).
 */
async function headOfLog(): Promise<number> {
  const [head] = await peekSequences([SEQUENCE]);
  if (head !== null) return head;
  headRead ??= (async () => {
    const last = await DomainEventModel.findOne({}, { seq: 1 }).sort({ seq: -1 }).lean();
    const highest = last?.seq ?? 0;
    await seedSequence(SEQUENCE, highest);
    return highest;
  })().finally(() => {
    headRead = null;
  });
  return headRead;
}

/**
 * Where each projector is, kept in Redis beside its lease (`<prefix>projector-position:<name>`): read when a process
 * takes the lease and written after every fact it handles, instead of a database read and write per fact handled
 * (about a fifth of the app's database commands). The database copy (`projector_positions`) is written every
 * SAVE_EVERY facts, on `drain` and at stop; a Redis that lost the key sends the projector back to it, and the facts
 * after it are handled again, which changes nothing (projectors are idempotent).
 */
const positionKey = (prefix: string, name: string) => `${prefix}projector-position:${name}`;

/** Moves the Redis copy forward only (a process passing facts over without the lease may be behind the holder). */
const FORWARD_ONLY = `
local current = redis.call('GET', KEYS[1])
if current == false or tonumber(current) < tonumber(ARGV[1]) then redis.call('SET', KEYS[1], ARGV[1]) end
return 0`;

/** The database copy of a projector's position; a projector seen for the first time starts at the log's end. */
async function storedPositionOf(name: string): Promise<number> {
  const found = await ProjectorPositionModel.findById(name).lean<{ seq: number }>();
  if (found) return found.seq;
  // A projector seen for the first time starts where the log is now: it was not there for what came before.
  const start = await headOfLog();
  await ProjectorPositionModel.updateOne({ _id: name }, { $set: { seq: start } }, { upsert: true });
  return start;
}

/** Sets a projector back to the start of the log (tests of replays; an operator rebuilding a projection). */
export async function rewindProjector(name: string, seq = 0): Promise<void> {
  await ProjectorPositionModel.updateOne({ _id: name }, { $set: { seq } }, { upsert: true });
  await redis().set(positionKey(redisPrefix(), name), String(seq));
}

export function startProjectorRunner(opts: RunnerOptions): ProjectorRunner {
  const { log } = opts;
  const channel = `${opts.prefix}facts`;
  const chosen = registeredProjectors().filter((p) => !opts.only || opts.only.includes(p.name));
  const inline = chosen.filter((p) => p.inline);
  const tracked = opts.track === false ? [] : chosen.filter((p) => !p.inline);
  const missingSince = new Map<number, number>();
  const attempts = new Map<string, number>();
  let stopped = false;

  // Facts read once for every projector of this process (they do not change once recorded or void). A fact's
  // projectors wake together: the ones that ask while it is being read share that read.
  const cache = new Map<number, StoredDomainEvent>();
  const reading = new Map<number, Promise<StoredDomainEvent | null>>();
  function remember(doc: StoredDomainEvent): void {
    if (doc.state === 'pending') return;
    cache.set(doc.seq, doc);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as number);
  }
  function readFact(seq: number): Promise<StoredDomainEvent | null> {
    const hit = cache.get(seq);
    if (hit) return Promise.resolve(hit);
    const inFlight = reading.get(seq);
    if (inFlight) return inFlight;
    const read = DomainEventModel.findOne({ seq })
      .lean<StoredDomainEvent>()
      .then((doc) => {
        if (doc) remember(doc);
        return doc;
      })
      .finally(() => reading.delete(seq));
    reading.set(seq, read);
    return read;
  }
  /** Where this process last left each projector: a wake-up with nothing past it costs one Redis read. */
  const known = new Map<string, number>();
  /** Each projector's position in the database, as this process last read or wrote it. */
  const stored = new Map<string, number>();

  /**
   * How far past `from` (up to `head`) the projector can go without its lease or its stored position: over facts
   * recorded (or void) that are of no concern to it. It stops at the first fact that is its own, pending or not
   * there yet. Most facts concern a few of the projectors, and taking each one's lease and reading its position for
   * every fact was most of a write's database round trips. A takeover later replays what was passed over here,
   * which changes nothing. Read a batch at a time, so that a projector whose lease is held elsewhere still moves on
   * however far the log has run ahead of it. `blocked`: it stopped at a fact that needs the lease (not at the pass's limit).
   */
  async function clearUpTo(
    p: Projector,
    from: number,
    head: number,
  ): Promise<{ reached: number; blocked: boolean }> {
    let at = from;
    for (let batches = 0; at < head && batches < CLEAR_BATCHES; batches++) {
      const seqs = Array.from({ length: Math.min(BATCH, head - at) }, (_, i) => at + 1 + i);
      const docs = await Promise.all(seqs.map(readFact));
      for (const doc of docs) {
        if (!doc || doc.state === 'pending' || applies(p, doc.name)) return { reached: at, blocked: true };
        at = doc.seq;
      }
    }
    return { reached: at, blocked: false };
  }

  /**
   * Moves one projector as far as the log allows; returns whether it reached the end. Its position goes to Redis
   * whenever it moved, and to the database every SAVE_EVERY facts and when `save` asks; a takeover from a database
   * copy replays what came after it, which changes nothing.
   */
  async function advance(p: Projector, save = false): Promise<boolean> {
    return withAggregate(
      'projector',
      p.name,
      async () => {
        // The database copy is read once per process, so that SAVE_EVERY counts from it and not from Redis.
        if (!stored.has(p.name)) stored.set(p.name, await storedPositionOf(p.name));
        const kept = await opts.redis.get(positionKey(opts.prefix, p.name));
        const start = kept === null ? stored.get(p.name)! : Number(kept);
        let position = start;
        const head = await headOfLog();
        let reachedEnd = true;
        try {
          while (position < head && !stopped) {
            const seqs = Array.from({ length: Math.min(BATCH, head - position) }, (_, i) => position + 1 + i);
            const docs = await Promise.all(seqs.map(readFact));
            let blocked = false;
            for (const [i, seq] of seqs.entries()) {
              const doc = docs[i];
              if (!doc) {
                const since = missingSince.get(seq) ?? Date.now();
                missingSince.set(seq, since);
                if (Date.now() - since < GAP_MS) {
                  blocked = true;
                  break;
                }
                missingSince.delete(seq);
              } else if (doc.state === 'pending') {
                if (Date.now() - new Date(doc.at).getTime() < STALE_PENDING_MS) {
                  blocked = true;
                  break;
                }
                const [kind, ...rest] = doc.leaseKey.split(':');
                await withAggregate(kind as never, rest.join(':'), () => settlePending(doc.leaseKey));
                blocked = true; // read it again on the next pass
                break;
              } else if (applies(p, doc.name)) {
                const key = `${p.name}|${doc._id}`;
                try {
                  await p.handle(toDomainEvent(doc));
                  attempts.delete(key);
                } catch (err) {
                  const n = (attempts.get(key) ?? 0) + 1;
                  attempts.set(key, n);
                  if (n < MAX_ATTEMPTS) {
                    log.warn(`Projector ${p.name} failed on ${doc._id} (attempt ${n}); it will try again`);
                    blocked = true;
                    break;
                  }
                  attempts.delete(key);
                  log.error(`Projector ${p.name} passed over ${doc._id} after ${n} attempts`, err);
                }
              }
              position = seq;
            }
            if (blocked) {
              reachedEnd = false;
              break;
            }
          }
        } finally {
          known.set(p.name, position);
          if (position !== start) {
            await opts.redis.set(positionKey(opts.prefix, p.name), String(position));
            if (save || position - (stored.get(p.name) ?? start) >= SAVE_EVERY) {
              await ProjectorPositionModel.updateOne(
                { _id: p.name },
                { $set: { seq: position } },
                { upsert: true },
              );
              stored.set(p.name, position);
            }
          } else if (save && stored.get(p.name) !== position) {
            await ProjectorPositionModel.updateOne(
              { _id: p.name },
              { $set: { seq: position } },
              { upsert: true },
            );
            stored.set(p.name, position);
          }
        }
        return reachedEnd;
      },
      { waitMs: 5_000 },
    );
  }

  // Per projector: one pass at a time in this process, and one more if woken during it.
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();
  /** `head`: the end of the log as read for this wake-up (once for every projector woken with it). */
  function wake(p: Projector, head?: number): Promise<void> {
    const current = running.get(p.name);
    if (current) {
      again.add(p.name);
      return current;
    }
    const pass = (async () => {
      let readFor: number | undefined = head;
      do {
        again.delete(p.name);
        try {
          const at = known.get(p.name);
          if (at !== undefined) {
            const head = readFor ?? (await headOfLog());
            readFor = undefined; // a pass asked for during this one reads the log's end again
            if (at >= head) continue;
            const { reached, blocked } = await clearUpTo(p, at, head);
            if (reached > at) {
              known.set(p.name, reached);
              // Stored now and then (forward only: a holder of the lease may be further on), so that a start does
              // not read back far.
              if (reached - (stored.get(p.name) ?? at) >= SAVE_EVERY) {
                await opts.redis.eval(FORWARD_ONLY, 1, positionKey(opts.prefix, p.name), String(reached));
                await ProjectorPositionModel.updateOne(
                  { _id: p.name, seq: { $lt: reached } },
                  { $set: { seq: reached } },
                );
                stored.set(p.name, reached);
              }
            }
            if (reached >= head) continue;
            if (!blocked) {
              again.add(p.name); // the pass's limit: the next pass goes on without the lease
              continue;
            }
          }
          await advance(p);
        } catch (err) {
          if (!(err instanceof AggregateBusyError) && !stopped)
            log.warn(`Projector ${p.name}: ${String(err)}`);
        }
      } while (again.has(p.name) && !stopped);
    })().finally(() => running.delete(p.name));
    running.set(p.name, pass);
    return pass;
  }
  const wakeAll = async () => {
    if (tracked.length === 0) return;
    const head = await headOfLog().catch(() => undefined);
    await Promise.all(tracked.map((p) => wake(p, head)));
  };

  // Queued options: a duplicate of the command connection would not queue the SUBSCRIBE sent before it connects.
  const subscriber = opts.redis.duplicate(REDIS_QUEUED_OPTIONS);
  subscriber.on('error', () => undefined);
  void subscriber
    .subscribe(channel)
    .then(() => subscriber.on('message', () => void wakeAll()))
    .catch(() => undefined);

  onFactsRecorded(async (recorded) => {
    const docs = [...recorded].sort((a, b) => a.seq - b.seq);
    for (const doc of docs) remember(doc); // the tracked projectors woken below read them from here
    for (const doc of docs) {
      for (const p of inline) {
        if (!applies(p, doc.name)) continue;
        await p.handle(toDomainEvent(doc)).catch((err: unknown) => log.error(`Projector ${p.name}`, err));
      }
    }
    void opts.redis.publish(channel, '1').catch(() => undefined);
    void wakeAll();
  });

  const poll = setInterval(() => void wakeAll(), POLL_MS);
  poll.unref();
  void wakeAll();

  return {
    async drain() {
      for (let round = 0; round < 50; round++) {
        const results = await Promise.all(tracked.map((p) => advance(p, true).catch(() => false)));
        if (results.every(Boolean)) return;
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop() {
      stopped = true;
      clearInterval(poll);
      onFactsRecorded(null);
      await Promise.allSettled([...running.values()]);
      // Where each projector got to without handling anything since it last stored its position.
      await Promise.allSettled(
        [...known.entries()].map(([name, seq]) =>
          ProjectorPositionModel.updateOne({ _id: name, seq: { $lt: seq } }, { $set: { seq } }),
        ),
      );
      // quit lets a subscribe still in flight settle (a bare disconnect rejects it with nobody left to listen).
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
