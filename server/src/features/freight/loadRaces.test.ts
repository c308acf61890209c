// The load's race suite (issue 10): each contested pair fired concurrently for ROUNDS rounds, the invariant checked on
// what is stored after every round. Real FerretDB, Redis, HTTP and sockets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@test/helpers';
import { UserModel } from '../users/model';
import { seedLoad } from '../tracking/testing';
import { FreightModel } from './model';
import {
  ROUNDS,
  acceptVsRevise,
  approvalVsCancel,
  approvalVsEdit,
  assertBookingConsistent,
  cast,
  counterRounds,
  pingsVsCancel,
  pingsVsDeliver,
  pingsVsStart,
  twoApprovals,
  type Cast,
} from './raceRounds.testing';
import { loadInput, verifiedClient } from './testUtils';

let app: TestApp;
let x: Cast;
beforeAll(async () => {
  // The rounds fire bursts of pings from one carrier far past the per-user rate limit, which is not under test here.
  app = await startTestApp({ env: { RATE_LIMITS_ENABLED: 'false' } });
  x = await cast(app);
});
afterAll(async () => {
  await app?.close();
});

const rounds = async (round: () => Promise<void>) => {
  for (let i = 0; i < ROUNDS; i++) await round();
};

describe('load races: pings against status moves', () => {
  it('pings against start trip', () => rounds(() => pingsVsStart(x, x.carrier, x.carrier)), 300_000);
  it('pings (socket) against deliver', () => rounds(() => pingsVsDeliver(x, x.carrier, x.carrier)), 300_000);
  it('first pings against cancel', () => rounds(() => pingsVsCancel(x, x.carrier, x.poster)), 300_000);
});

describe('load races: booking', () => {
  it('approval against edit', () => rounds(() => approvalVsEdit(x, x.poster, x.poster)), 300_000);
  it('two approvals', () => rounds(() => twoApprovals(x, x.poster, x.poster)), 300_000);
  it('approval against cancel', () => rounds(() => approvalVsCancel(x, x.poster, x.poster)), 300_000);
  it(
    'accept against revise (rate offers)',
    () => rounds(() => acceptVsRevise(x, x.poster, x.carrier)),
    300_000,
  );
  it(
    'negotiation in rounds: both sides counter at once (issue 39)',
    () => rounds(() => counterRounds(x.poster, x.carrier)),
    300_000,
  );
});

const month = () => ({
  subscriptionStatus: 'active',
  subscriptionExpiresAt: new Date(Date.now() + 86_400_000 * 60),
});

describe('load races: plan limits at the boundary', () => {
  it('concurrent posts at a Shipper Basic post limit (30 a month)', async () => {
    const shipper = await verifiedClient(app, 'shipper');
    const id = shipper.user!.id;
    await UserModel.updateOne({ _id: id }, { $set: { subscriptionPlan: 'shipper_basic', ...month() } });
    for (let i = 0; i < ROUNDS; i++) {
      await FreightModel.deleteMany({ userId: id });
      await Promise.all(Array.from({ length: 28 }, () => seedLoad({ posterId: id })));
      const posts = await Promise.all(
        Array.from({ length: 4 }, () => shipper.post('/api/freight', loadInput({ title: `Race ${i}` }))),
      );
      expect(posts.map((p) => p.status).sort()).toEqual([201, 201, 403, 403]);
      expect(await FreightModel.countDocuments({ userId: id })).toBe(30);
    }
  }, 300_000);

  it('concurrent approvals at a Carrier Basic booking limit (20 a month)', async () => {
    const carrier = await verifiedClient(app, 'carrier');
    const id = carrier.user!.id;
    await UserModel.updateOne({ _id: id }, { $set: { subscriptionPlan: 'carrier_basic', ...month() } });
    const posterId = x.poster.user!.id;
    for (let i = 0; i < ROUNDS; i++) {
      await FreightModel.deleteMany({ carrierId: id });
      await Promise.all(
        Array.from({ length: 18 }, () => seedLoad({ posterId, carrierId: id, openChat: false })),
      );
      const loads = await Promise.all(Array.from({ length: 4 }, () => seedLoad({ posterId })));
      const requests = await Promise.all(
        loads.map(async (l) => (await carrier.post(`/api/freight/${l}/book`, {})).body.request.id as string),
      );
      const reviews = await Promise.all(
        requests.map((r) => x.poster.post(`/api/booking-requests/${r}/review`, { status: 'approved' })),
      );
      expect(reviews.map((r) => r.status).sort()).toEqual([200, 200, 403, 403]);
      expect(await FreightModel.countDocuments({ carrierId: id })).toBe(20);
      for (const l of loads) await assertBookingConsistent(l);
    }
  }, 300_000);
});
