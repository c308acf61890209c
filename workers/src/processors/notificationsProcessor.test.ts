import { QUEUES } from '@freight/shared';
import { NotificationModel } from '@freight/server/features/notifications/model';
import { deliverNotification, notify } from '@freight/server/features/notifications/service';
import { getQueue } from '@freight/server/queues';
import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, nextEvent, startTestApp, type TestApp } from '@test/helpers';
import { notificationsProcessor } from './notificationsProcessor';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ workers: true });
});
afterAll(async () => {
  await app?.close();
});

describe('notifications processor (real BullMQ)', () => {
  it('stores the notification and pushes notification:new to the user room', async () => {
    const c = app.client();
    const user = await c.registerAndLogin();
    const socket = await c.socket();
    const pushed = nextEvent(socket, 'notification:new', (p) => p.notification.title === 'Load booked');
    await notify({
      userId: user.id,
      kind: 'general',
      title: 'Load booked',
      body: 'Your load was booked',
      link: '/freight',
    });
    const event = await pushed;
    const stored = await NotificationModel.findById(event.notification.id).lean();
    expect(stored).toMatchObject({ title: 'Load booked', body: 'Your load was booked', link: '/freight' });
    expect(event.unreadCount).toBeGreaterThanOrEqual(1);
    c.closeSockets();
  });

  it('stores one notification for a repeated dedupe key', async () => {
    const c = app.client();
    const user = await c.registerAndLogin();
    for (let i = 0; i < 3; i++) {
      await notify({
        userId: user.id,
        kind: 'general',
        title: 'Once',
        dedupeKey: `once:${user.id}:with:colons`,
      });
    }
    await eventually(
      async () => (await NotificationModel.countDocuments({ userId: user.id, title: 'Once' })) === 1,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(await NotificationModel.countDocuments({ userId: user.id, title: 'Once' })).toBe(1);
  });

  it('folds a repeated coalescing job once (a projector replaying its facts)', async () => {
    const c = app.client();
    const user = await c.registerAndLogin();
    const job = (n: number) => ({
      userId: user.id,
      kind: 'general' as const,
      title: `Fold ${n}`,
      dedupeKey: `fold-${user.id}-${n}`,
      coalesce: { key: `fold-source-${user.id}`, title: '{count} folded', body: '{count} in all' },
    });
    await deliverNotification(job(1));
    await deliverNotification(job(2));
    // The second job again, as a replay sends it after its queue entry is gone: nothing changes.
    await deliverNotification(job(2));
    const stored = await NotificationModel.find({
      userId: user.id,
      coalesceKey: `fold-source-${user.id}`,
    }).lean();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ count: 2, title: '2 folded' });
  });

  it('keeps a job that keeps failing for inspection, after its retries', async () => {
    const queue = getQueue(QUEUES.notifications);
    const job = await queue.add(
      'general',
      { userId: 'not-an-object-id', kind: 'general', title: 'Bad' },
      {
        attempts: 2,
        backoff: { type: 'fixed', delay: 10 },
      },
    );
    const failed = await eventually(async () =>
      (await job.isFailed()) ? await queue.getJob(job.id!) : null,
    );
    expect(failed?.attemptsMade).toBe(2);
    expect(failed?.failedReason).toBeTruthy();
  });

  it('paginates the list newest first and marks read', async () => {
    const c = app.client();
    const user = await c.registerAndLogin();
    await eventually(async () => (await c.get('/api/notifications')).body.total === 1); // the welcome
    for (let i = 1; i <= 3; i++) {
      await notify({ userId: user.id, kind: 'general', title: `n${i}` });
      await eventually(async () => (await c.get('/api/notifications')).body.total === i + 1);
    }
    const page1 = (await c.get('/api/notifications?page=1&pageSize=2')).body;
    expect(page1).toMatchObject({ page: 1, pageSize: 2, total: 4, unreadCount: 4 });
    expect(page1.items.map((n: { title: string }) => n.title)).toEqual(['n3', 'n2']);
    const page2 = (await c.get('/api/notifications?page=2&pageSize=2')).body;
    expect(page2.items.map((n: { title: string }) => n.title)).toEqual(['n1', 'Welcome to FreightConnect']);

    const read = await c.post(`/api/notifications/${page1.items[0].id}/read`);
    expect(read.status).toBe(200);
    expect(read.body.readAt).not.toBeNull();
    expect((await c.get('/api/notifications')).body.unreadCount).toBe(3);

    const other = app.client();
    await other.registerAndLogin();
    expect((await other.post(`/api/notifications/${page1.items[1].id}/read`)).status).toBe(404);
    expect((await other.post('/api/notifications/garbage/read')).status).toBe(404);
    expect((await c.get('/api/notifications?pageSize=1000')).status).toBe(400);

    await c.post('/api/notifications/read-all');
    expect((await c.get('/api/notifications')).body.unreadCount).toBe(0);
  });

  it('a job run again (a retry after a failed fan-out) stores its notification once, even without a dedupe key', async () => {
    const c = app.client();
    const user = await c.registerAndLogin();
    const job = {
      id: `retry-${user.id}`,
      name: 'general',
      data: { userId: user.id, kind: 'general', title: 'Retried job' },
    } as unknown as Job;
    const first = (await notificationsProcessor.process(job, app.rt)) as { stored: string };
    const again = (await notificationsProcessor.process(job, app.rt)) as { stored: string };
    expect(again.stored).toBe(first.stored);
    expect(await NotificationModel.countDocuments({ userId: user.id, title: 'Retried job' })).toBe(1);
  });
});
