import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Where short-lived claims live: the runtime's Redis under its key prefix. */
export interface ClaimStore {
  redis: Redis;
  prefix: string;
}

const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Runs `fn` only if nobody else holds `name` right now (Redis SET NX with a TTL), else returns `busy()`.
 *
 * Why on top of the conditional update: FerretDB 1.24's SQLite backend does not run findAndModify's read and write in
 * one transaction (FerretDB/FerretDB#3040), so two `findOneAndUpdate({ _id, status: 'pending' })` racing can both
 * "win" there. The claim serialises the contenders; the conditional update still decides, on MongoDB as on FerretDB,
 * once they are in line.
 */
export async function withClaim<T>(
  store: ClaimStore,
  name: string,
  fn: () => Promise<T>,
  busy: () => T | Promise<T>,
  ttlMs = 30_000,
): Promise<T> {
  const key = `${store.prefix}claim:${name}`;
  const token = randomBytes(12).toString('hex');
  const ok = await store.redis.set(key, token, 'PX', ttlMs, 'NX');
  if (ok !== 'OK') return busy();
  try {
    return await fn();
  } finally {
    await store.redis.eval(RELEASE, 1, key, token).catch(() => undefined);
  }
}
