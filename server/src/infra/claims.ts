import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

let redis: Redis | null = null;
let prefix = '';

/** Set up at boot by createRuntime: claims live in the runtime's Redis under its key prefix. */
export function initClaims(client: Redis, keyPrefix: string): void {
  redis = client;
  prefix = keyPrefix;
}

const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Runs `fn` only if nobody else holds `name` right now (Redis SET NX with a TTL), else returns `busy()`.
 *
 * Why on top of the conditional update: FerretDB 1.24's SQLite backend does not run findAndModify's read and write
 * in one transaction (FerretDB/FerretDB#3040), so two `findOneAndUpdate({ _id, status: 'pending' })` racing can
 * both "win" there. The claim serialises the contenders across every process; the conditional update still
 * decides, on MongoDB as on FerretDB, once they are in line. Use it around every state transition that a race
 * must settle (reviews, bookings, offer acceptance).
 */
export async function withClaim<T>(
  name: string,
  fn: () => Promise<T>,
  busy: () => T | Promise<T>,
  ttlMs = 30_000,
): Promise<T> {
  if (!redis) throw new Error('claims are not initialised');
  const key = `${prefix}claim:${name}`;
  const token = randomBytes(12).toString('hex');
  const ok = await redis.set(key, token, 'PX', ttlMs, 'NX');
  if (ok !== 'OK') return busy();
  try {
    return await fn();
  } finally {
    await redis.eval(RELEASE, 1, key, token).catch(() => undefined);
  }
}
