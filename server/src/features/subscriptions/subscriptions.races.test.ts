import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '@freight/shared';
import { startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { DomainEventModel } from '../../events/model';
import { rewindProjector } from '../../events/projectors';
import { getQueue } from '../../queues';
import { UserModel } from '../users/model';
import { expireSubscriptions } from './service';

/** Issue 10: a renewal against the expiry job on a subscription that just lapsed (ROUNDS rounds). */
const ROUNDS = 20;

let app: TestApp;
let carrier: TestClient;
let userId: string;
beforeAll(async () => {
  // Race rounds drive one account far past the write limits (issue 25) on purpose.
  app = await startTestApp({ env: { RATE_LIMITS_ENABLED: 'false' } });
  carrier = app.client();
  userId = (await carrier.registerAndLogin({ userType: 'carrier' })).id;
});
afterAll(async () => {
  await app?.close();
});

/** How many facts of this name the log holds about the user (issue 26). */
const factsAbout = (name: string, id: string) =>
  DomainEventModel.countDocuments({ name, 'subjects.userId': id, state: 'recorded' });

/** The subscription notification jobs queued so far (no worker runs here: each stays queued). */
async function queuedNotices(): Promise<number> {
  const jobs = await getQueue(QUEUES.notifications).getJobs([
    'waiting',
    'delayed',
    'prioritized',
    'active',
    'completed',
    'failed',
  ]);
  return jobs.filter((j) => j.name === 'subscription').length;
}

describe('subscription races (issue 10)', () => {
  it(`renewal against the expiry job: ${ROUNDS} rounds, an acknowledged renewal is never expired`, async () => {
    let expiries = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const lapsed = new Date(Date.now() - 60_000);
      await UserModel.updateOne(
        { _id: userId },
        {
          $set: {
            subscriptionStatus: 'active',
            subscriptionPlan: 'carrier_basic',
            subscriptionExpiresAt: lapsed,
          },
        },
      );
      const [renewal, expired] = await Promise.all([
        carrier.post('/api/subscriptions/activate', {
          plan: round % 2 === 0 ? 'carrier_basic' : 'carrier_pro',
        }),
        expireSubscriptions(new Date()),
      ]);
      expect(renewal.status).toBe(200);
      const stored = (await UserModel.findById(userId).lean())!;
      // Whichever ran first, the renewal's month stands: the job either expired the lapsed plan before it, or found
      // the new date and left it.
      expect(stored.subscriptionStatus).toBe('active');
      expect(stored.subscriptionPlan).toBe(renewal.body.user.subscriptionPlan);
      expect(stored.subscriptionExpiresAt?.toISOString()).toBe(renewal.body.user.subscriptionExpiresAt);
      expect(stored.subscriptionExpiresAt!.getTime()).toBeGreaterThan(Date.now());
      expect(expired.filter((id) => id === userId).length).toBeLessThanOrEqual(1);
      // Issue 26: one fact per acknowledged renewal, one per expiry the job made, whatever the order.
      expiries += expired.filter((id) => id === userId).length;
      expect(await factsAbout('subscription.activated', userId)).toBe(round + 1);
      expect(await factsAbout('subscription.expired', userId)).toBe(expiries);
    }
    // Replaying the projector from the start of the log queues no notice twice (one per fact).
    await app.rt.projectors.drain();
    const facts = ROUNDS + expiries;
    expect(await queuedNotices()).toBe(facts);
    await rewindProjector('subscriptions', 0);
    await app.rt.projectors.drain();
    expect(await queuedNotices()).toBe(facts);
  }, 900_000);
});
