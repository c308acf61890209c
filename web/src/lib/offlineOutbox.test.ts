import { describe, expect, it } from 'vitest';
import { errorCode, RefusalError } from './api';
import { drainOutbox, memoryOutbox } from './offlineOutbox';

describe('the offline outbox', () => {
  it('sends oldest first, stops at a failure worth retrying and resumes there, drops refusals for good', async () => {
    const box = memoryOutbox<number>();
    for (const n of [1, 2, 3, 4, 5]) await box.add(n);
    const sent: number[] = [];
    const dropped: number[] = [];
    let online = true;
    const send = async (n: number) => {
      if (!online && n === 3) throw new TypeError('Failed to fetch');
      if (n === 4) throw new RefusalError('VALIDATION_ERROR', 'capturedAt is older than 48 hours');
      sent.push(n);
    };
    online = false;
    expect(await drainOutbox(box, send, errorCode, (n) => dropped.push(n))).toBe(2);
    expect(sent).toEqual([1, 2]);
    expect(await box.count()).toBe(3);

    online = true;
    expect(await drainOutbox(box, send, errorCode, (n) => dropped.push(n))).toBe(2);
    expect(sent).toEqual([1, 2, 3, 5]);
    expect(dropped).toEqual([4]);
    expect(await box.count()).toBe(0);
  });

  it('keeps an item that was throttled', async () => {
    const box = memoryOutbox<string>();
    await box.add('a');
    const sent = await drainOutbox(
      box,
      async () => {
        throw new RefusalError('TOO_MANY_REQUESTS', 'Too many requests');
      },
      errorCode,
    );
    expect(sent).toBe(0);
    expect(await box.count()).toBe(1);
  });
});
