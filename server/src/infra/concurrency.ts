import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { AppError } from '../http/errors';
import { redis, redisPrefix } from './services';

/**
 * The one way a contested state changes (DESIGN §2.1a): every change of an aggregate that can race runs one at a
 * time per aggregate id, with its reads, checks and writes inside `withAggregate`.
 *
 * Why a lease in Redis and not a conditional update: FerretDB 1.24 applies an update by reading the document and
 * writing the whole of it back outside any transaction, so two writes to one document race whatever their filters
 * say. A lease serialises them on MongoDB and FerretDB alike, across any number of processes sharing one Redis.
 * Unlike a lock document it cannot outlive a crash: it expires after LEASE_MS unless its holder renews it, and only
 * the holder (owner token) can renew or release it. Keep the conditional update inside as the second guard.
 *
 * Reentrant: a flow that holds `load:42` may call code that asks for `load:42` again and just runs. Several
 * aggregates are taken in one sorted order (withAggregates), so two flows never wait on each other in a cycle.
 */

/** The kinds of aggregate that are changed under a lease. */
export type AggregateKind =
  | 'load'
  | 'document'
  | 'shipment'
  | 'user'
  | 'quota'
  | 'maintenance'
  | 'invitation'
  | 'notifications'
  /** A driver's background check, by the driver's user id (one check per driver). */
  | 'backgroundCheck'
  /** One document of a load (`<loadId>-<kind>`): made once, whoever asks first (issue 16). */
  | 'loadDocument'
  /** An MC or USDOT number (`mc:123456`): at most one account holds it. */
  | 'authority'
  /** A facility's pinned dock (`facility_pins`, by its key): one pin per facility (issue 39). */
  | 'facility'
  /** A projector of the event log, by name: one process at a time moves it along (issue 26). */
  | 'projector'
  /** A user's notification preferences (issue 27), by the user's id. */
  | 'notificationPreferences'
  /** A company (issue 28): its members, seats, roles and business fields. */
  | 'company'
  /**
   * One chat message, by its id, while it is stored and its fact recorded. Not the load's lease: sends race only on
   * the chat's unique indexes, so they must not queue behind each other or behind the load's moves and pings.
   */
  | 'chatMessage'
  /** An API key (issue 30): its revocation and last-used time. */
  | 'apiKey'
  /** One Idempotency-Key of one API key (`<keyId>:<key>`): the first request runs, copies wait and replay it. */
  | 'idempotency'
  /** A webhook endpoint (issue 30): its secrets, state and failure count. */
  | 'webhookEndpoint'
  /** A posted truck (issue 29): its edits, withdrawal and expiry. */
  | 'truckPost'
  /** A carrier company's truck (issue 29): its status and the load it runs. */
  | 'truck'
  /** A driver (issue 29), by user id: the one active load they run. */
  | 'driver'
  /** An invoice (issue 40): its moves (approve, dispute, schedule, pay, replace), one at a time. */
  | 'invoice';

export interface AggregateRef {
  kind: AggregateKind;
  id: string;
}

const LEASE_MS = 15_000;
const RENEW_EVERY_MS = 5_000;
/** How long a caller waits for a busy aggregate before it is told to try again (429-free: a 409). */
const WAIT_MS = 20_000;

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

const held = new AsyncLocalStorage<ReadonlySet<string>>();

/** Leases live in the runtime's Redis under its key prefix. */
const keyOf = (ref: AggregateRef) => `${redisPrefix()}lease:${ref.kind}:${ref.id}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class AggregateBusyError extends AppError {
  constructor() {
    super('CONFLICT', 'This item is being changed by someone else right now; try again');
  }
}

async function acquire(key: string, token: string, deadline: number): Promise<void> {
  const client = redis();
  let pause = 2;
  for (;;) {
    if ((await client.set(key, token, 'PX', LEASE_MS, 'NX')) === 'OK') return;
    if (Date.now() >= deadline) throw new AggregateBusyError();
    // Jittered backoff: short at first (most holders finish in milliseconds), capped so waiters stay responsive.
    await sleep(pause + Math.random() * pause);
    pause = Math.min(pause * 2, 25);
  }
}

/**
 * Waiters in this process queue for a key in arrival order before they ask Redis, so a burst on one aggregate
 * (notifications to one user, 8 worker jobs at once) hands over at once instead of polling the lease. Returns the
 * function that lets the next one in; throws 409 when the queue ahead is not through by the deadline.
 */
const localTails = new Map<string, Promise<void>>();
async function queueLocally(key: string, deadline: number): Promise<() => void> {
  const ahead = localTails.get(key) ?? Promise.resolve();
  let letNextIn!: () => void;
  const turn = new Promise<void>((resolve) => (letNextIn = resolve));
  const tail = ahead.then(() => turn);
  localTails.set(key, tail);
  const done = () => {
    letNextIn();
    if (localTails.get(key) === tail) localTails.delete(key);
  };
  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([
    ahead.then(() => false),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), deadline - Date.now()))),
  ]);
  clearTimeout(timer);
  if (timedOut) {
    done();
    throw new AggregateBusyError();
  }
  return done;
}

async function release(key: string, token: string): Promise<void> {
  await redis()
    .eval(RELEASE, 1, key, token)
    .catch(() => undefined);
}

/**
 * Runs `fn` while holding the leases of every aggregate in `refs` (taken in sorted key order, waiting up to
 * `waitMs` in all; 409 when one stays busy). Leases are renewed while `fn` runs and released when it settles.
 */
export async function withAggregates<T>(
  refs: AggregateRef[],
  fn: () => Promise<T>,
  opts: { waitMs?: number } = {},
): Promise<T> {
  const mine = held.getStore() ?? new Set<string>();
  const keys = [...new Set(refs.map(keyOf))].filter((k) => !mine.has(k)).sort();
  if (keys.length === 0) return fn();

  const token = randomBytes(12).toString('hex');
  const deadline = Date.now() + (opts.waitMs ?? WAIT_MS);
  const taken: string[] = [];
  const localTurns: Array<() => void> = [];
  const renew = setInterval(() => {
    for (const key of taken)
      void redis()
        .eval(RENEW, 1, key, token, String(LEASE_MS))
        .catch(() => undefined);
  }, RENEW_EVERY_MS);
  renew.unref();
  try {
    for (const key of keys) {
      localTurns.push(await queueLocally(key, deadline));
      await acquire(key, token, deadline);
      taken.push(key);
    }
    return await held.run(new Set([...mine, ...keys]), fn);
  } finally {
    clearInterval(renew);
    await Promise.all(taken.map((key) => release(key, token)));
    for (const letNextIn of localTurns) letNextIn();
  }
}

/** Runs `fn` as the only change of this aggregate in flight (see withAggregates). */
export function withAggregate<T>(
  kind: AggregateKind,
  id: unknown,
  fn: () => Promise<T>,
  opts?: { waitMs?: number },
): Promise<T> {
  return withAggregates([{ kind, id: String(id) }], fn, opts);
}

/** Whether the current flow holds this aggregate's lease (for assertions in code that must run inside one). */
export function holdsAggregate(kind: AggregateKind, id: unknown): boolean {
  return held.getStore()?.has(keyOf({ kind, id: String(id) })) ?? false;
}
