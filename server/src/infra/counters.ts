import { redis as client, redisPrefix } from './services';

// Counters live in the runtime's Redis under its key prefix.

/**
 * The next number of a sequence (Redis INCR: atomic across every process). When Redis does not hold the counter
 * (first use, or Redis lost it), it is seeded from `current()`, the highest number already stored in the database;
 * SET NX keeps the first seed if two processes race. Callers keep a unique index on the number as the backstop.
 */
export async function nextInSequence(name: string, current: () => Promise<number>): Promise<number> {
  const redis = client();
  const prefix = redisPrefix();
  const key = `${prefix}seq:${name}`;
  if (!(await redis.exists(key))) await redis.set(key, String(await current()), 'NX');
  return redis.incr(key);
}

/**
 * The last numbers handed out by sequences, without drawing one: null where Redis does not hold the counter. A
 * reader can skip the database when nothing was numbered past what it has seen; where null, it must look.
 */
export async function peekSequences(names: string[]): Promise<Array<number | null>> {
  const redis = client();
  const prefix = redisPrefix();
  if (names.length === 0) return [];
  const values = await redis.mget(names.map((n) => `${prefix}seq:${n}`));
  return values.map((v) => (v === null ? null : Number(v)));
}

/**
 * Seeds a sequence's counter with the highest number stored, as `nextInSequence` would on its first use, without
 * drawing one (SET NX: a counter already there, or seeded first by another process, stands).
 */
export async function seedSequence(name: string, highest: number): Promise<void> {
  await client().set(`${redisPrefix()}seq:${name}`, String(highest), 'NX');
}
