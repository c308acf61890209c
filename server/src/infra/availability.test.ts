import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { serviceUrls } from '@test/helpers';
import { libraryConnection } from './availability';

const base = new Redis(serviceUrls().redisUrl, { lazyConnect: true });
afterAll(() => base.disconnect());

describe('libraryConnection', () => {
  it('a subscribe or publish cut off by shutdown rejects for its caller and is not left unhandled', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      for (let round = 0; round < 20; round++) {
        const client = libraryConnection(base);
        // As the Socket.IO adapter does: publish and never look at the answer, then shut down.
        void client.subscribe('availability-test');
        void client.publish('availability-test', 'a');
        const awaited = client.publish('availability-test', 'b');
        client.disconnect();
        await expect(awaited).rejects.toThrow(/Connection is closed/);
      }
      await new Promise((r) => setTimeout(r, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });
});
