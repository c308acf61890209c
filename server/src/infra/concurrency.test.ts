import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@test/helpers';
import { AggregateBusyError, holdsAggregate, withAggregate, withAggregates } from './concurrency';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('aggregate leases', () => {
  it('runs changes of one aggregate one at a time: a read-modify-write never loses an update', async () => {
    let value = 0;
    let inside = 0;
    let maxInside = 0;
    const bump = () =>
      withAggregate('load', 'counter-1', async () => {
        inside++;
        maxInside = Math.max(maxInside, inside);
        const read = value;
        await tick();
        value = read + 1;
        inside--;
      });
    await Promise.all(Array.from({ length: 40 }, bump));
    expect(value).toBe(40);
    expect(maxInside).toBe(1);
  });

  it('lets different aggregates run at once', async () => {
    let inside = 0;
    let maxInside = 0;
    await Promise.all(
      ['a', 'b', 'c'].map((id) =>
        withAggregate('load', id, async () => {
          inside++;
          maxInside = Math.max(maxInside, inside);
          await new Promise((r) => setTimeout(r, 30));
          inside--;
        }),
      ),
    );
    expect(maxInside).toBe(3);
  });

  it('is reentrant within one flow and releases on a throw', async () => {
    await expect(
      withAggregate('document', 'd1', async () => {
        expect(holdsAggregate('document', 'd1')).toBe(true);
        await withAggregate('document', 'd1', async () => undefined, { waitMs: 50 });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(holdsAggregate('document', 'd1')).toBe(false);
    await withAggregate('document', 'd1', async () => undefined, { waitMs: 50 });
  });

  it('takes several aggregates in one order, so crossing requests never deadlock', async () => {
    const refs = (a: string, b: string) => [
      { kind: 'load' as const, id: a },
      { kind: 'user' as const, id: b },
    ];
    let done = 0;
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        withAggregates(i % 2 ? refs('x', 'y') : refs('x', 'y').reverse(), async () => {
          await tick();
          done++;
        }),
      ),
    );
    expect(done).toBe(10);
  });

  it('refuses with 409 when the aggregate stays busy, and a crashed holder frees it when its lease expires', async () => {
    // Another process took the lease and died: its key is there with a short TTL and nobody renews it.
    const other = new Redis(app.rt.redisUrl);
    const key = `${app.config.REDIS_PREFIX}lease:shipment:s1`;
    await other.set(key, 'someone-else', 'PX', 400);
    await expect(withAggregate('shipment', 's1', async () => 1, { waitMs: 50 })).rejects.toBeInstanceOf(
      AggregateBusyError,
    );
    expect(await withAggregate('shipment', 's1', async () => 2, { waitMs: 2_000 })).toBe(2);
    // Our release never deletes a lease that is someone else's.
    await other.set(key, 'someone-else', 'PX', 5_000);
    expect(await other.get(key)).toBe('someone-else');
    await other.quit();
  });
});
