import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '@test/helpers';
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

describe('subscription races (issue 10)', () => {
  it(`renewal against the expiry job: ${ROUNDS} rounds, an acknowledged renewal is never expired`, async () => {
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
    }
  }, 900_000);
});
