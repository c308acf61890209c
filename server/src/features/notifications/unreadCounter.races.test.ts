import { QUEUES } from '@freight/shared';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestApp, type TestApp } from '@test/helpers';
import { stressSize } from '@test/stress';
import { getQueue } from '../../queues';
import { NotificationModel, UnreadCounterModel } from './model';
import { notify } from './service';

// Issue 11: a delivery no longer counts the user's unread notifications; it moves a per-user counter. Deliveries
// (8 at once in the worker), single reads and read-all of one user race; the counter must end equal to a count.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ workers: true, env: { RATE_LIMITS_ENABLED: 'false' } });
});
afterAll(async () => {
  await app?.close();
});

const ROUNDS = stressSize(8, 4);

/** Every queued delivery has run (stored and counted), not only stored. */
const settled = () =>
  eventually(async () => {
    const counts = await getQueue(QUEUES.notifications).getJobCounts(
      'waiting',
      'active',
      'delayed',
      'prioritized',
    );
    return Object.values(counts).every((n) => n === 0);
  }, 60_000);

describe('unread counter under concurrency', () => {
  it(`deliveries, reads and read-all at once: ${ROUNDS} rounds, the counter always equals the count`, async () => {
    const c = app.client();
    const user = await c.registerAndLogin();
    const userId = new Types.ObjectId(user.id);
    const stored = () => NotificationModel.countDocuments({ userId });
    const unreadInStore = () => NotificationModel.countDocuments({ userId, readAt: null });
    const counter = async () =>
      (await UnreadCounterModel.findById(userId).lean<{ unread: number }>())?.unread;

    await settled();
    let expectedStored = await stored(); // what signing up sent
    for (let round = 0; round < ROUNDS; round++) {
      const deliver = (n: number, tag: string) =>
        Promise.all(
          Array.from({ length: n }, (_, i) =>
            notify({ userId: user.id, kind: 'general', title: `r${round} ${tag} ${i}` }),
          ),
        );
      await deliver(6, 'before');
      expectedStored += 6;
      await settled();
      expect(await stored()).toBe(expectedStored);
      const unread = await NotificationModel.find({ userId, readAt: null }).limit(6).lean();

      const reads = unread.map((n) => c.post(`/api/notifications/${String(n._id)}/read`, {}));
      // The same notification read twice at once must move the counter once.
      const doubleRead = unread[0] ? [c.post(`/api/notifications/${String(unread[0]._id)}/read`, {})] : [];
      const readAll = round % 3 === 2 ? [c.post('/api/notifications/read-all', {})] : [];
      const [responses] = await Promise.all([
        Promise.all([...reads, ...doubleRead, ...readAll]),
        deliver(20, 'during'),
      ]);
      for (const res of responses) expect(res.status).toBe(200);
      expectedStored += 20;
      await settled();
      expect(await stored()).toBe(expectedStored);
      expect(await counter()).toBe(await unreadInStore());
    }
  });
});
