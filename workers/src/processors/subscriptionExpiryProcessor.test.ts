import { QUEUES } from '@freight/shared';
import { UserModel } from '@freight/server/features/users/model';
import { getQueue } from '@freight/server/queues';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, nextEvent, startTestApp, type TestApp } from '@test/helpers';
import { subscriptionExpiryProcessor } from './subscriptionExpiryProcessor';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ workers: true });
});
afterAll(async () => {
  await app?.close();
});

describe('subscription expiry processor (real BullMQ)', () => {
  it('is a daily repeatable job', () => {
    expect(subscriptionExpiryProcessor.schedule).toEqual([
      { name: 'expire-subscriptions', pattern: '10 0 * * *' },
    ]);
  });

  it('a job run as of a later time flips the expired subscription, notifies and pushes subscription:changed', async () => {
    const c = app.client();
    const user = await c.registerAndLogin({ userType: 'carrier' });
    const activated = await c.post('/api/subscriptions/activate', { plan: 'carrier_pro' });
    expect(activated.status).toBe(200);
    const expiresAt = new Date(activated.body.user.subscriptionExpiresAt);
    // The activation's own push comes from a projector after the answer: let it pass before listening.
    await app.rt.projectors.drain();
    const socket = await c.socket();
    const pushed = nextEvent(
      socket,
      'subscription:changed',
      (p) => p.userId === user.id && p.reason === 'expired',
    );

    // The clock is the job's: a run the day before expiry leaves it alone, a run after it expires it.
    const early = await getQueue(QUEUES.subscriptionExpiry).add('expire-subscriptions', {
      now: new Date(expiresAt.getTime() - 86_400_000).toISOString(),
    });
    await eventually(
      async () =>
        (await early.isCompleted()) && (await getQueue(QUEUES.subscriptionExpiry).getJob(early.id!)),
    );
    expect((await UserModel.findById(user.id).lean())?.subscriptionStatus).toBe('active');

    await getQueue(QUEUES.subscriptionExpiry).add('expire-subscriptions', {
      now: new Date(expiresAt.getTime() + 1000).toISOString(),
    });
    expect(await pushed).toMatchObject({
      subscriptionStatus: 'inactive',
      subscriptionPlan: 'carrier_pro',
      reason: 'expired',
    });
    expect((await UserModel.findById(user.id).lean())?.subscriptionStatus).toBe('inactive');
    expect((await c.get('/api/auth/user')).body.subscriptionStatus).toBe('inactive');
    const notice = await eventually(async () => {
      const list = (await c.get('/api/notifications')).body.items as Array<{ title: string }>;
      return list.find((n) => n.title === 'Subscription expired');
    });
    expect(notice).toBeTruthy();
    c.closeSockets();
  });
});
