import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@test/helpers';
import { nextInSequence } from './counters';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('sequences in Redis', () => {
  it('seeds from the stored maximum, hands out distinct numbers under concurrency, and re-seeds when Redis lost it', async () => {
    let seeds = 0;
    const stored = async () => {
      seeds++;
      return 41;
    };
    const first = await Promise.all(Array.from({ length: 20 }, () => nextInSequence('room-a', stored)));
    expect(new Set(first).size).toBe(20);
    expect(Math.min(...first)).toBe(42);
    expect(Math.max(...first)).toBe(61);
    expect(await nextInSequence('room-a', stored)).toBe(62);

    await app.rt.redis.del(`${app.config.REDIS_PREFIX}seq:room-a`); // Redis lost the counter
    const before = seeds;
    expect(await nextInSequence('room-a', async () => 62)).toBe(63);
    expect(seeds).toBe(before);
    expect(await nextInSequence('room-b', async () => 0)).toBe(1);
  });
});
