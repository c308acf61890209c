import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { FreightModel } from '../freight/model';
import { PNG_BYTES, signedDelivery } from '../tracking/testing';
import { TruckModel } from './model';
import { addTruck, approvedDriver, bookedLoad, carrierOwner, memberOf } from './testing';

/** Issue 29's races: one driver assigned to two loads at once; an assignment against the load's delivery. */

let app: TestApp;
let admin: TestClient;
let shipper: TestClient;
let owner: TestClient;
let dispatcher: TestClient;
let driver: Awaited<ReturnType<typeof approvedDriver>>;
let trucks: string[];
beforeAll(async () => {
  app = await startTestApp({ workers: true, env: { RATE_LIMITS_ENABLED: 'false' } });
  admin = app.client();
  await admin.login('admin@test.local');
  shipper = app.client();
  await shipper.login('shipper@test.local');
  owner = await carrierOwner(app);
  expect((await owner.post('/api/subscriptions/activate', { plan: 'carrier_pro' })).status).toBe(200);
  dispatcher = await memberOf(app, owner, 'dispatcher', 'Dee');
  driver = await approvedDriver(app, owner, admin, 'Rae');
  trucks = [
    (await addTruck(owner, { unitNumber: 'R1' })).id,
    (await addTruck(owner, { unitNumber: 'R2' })).id,
  ];
}, 180_000);
afterAll(async () => {
  await app?.close();
});

const ROUNDS = 4;

/** Ends the rounds' loads so the driver and trucks are free for the next round. */
async function cancel(loadIds: string[]) {
  for (const id of loadIds) {
    const res = await shipper.post(`/api/freight/${id}/status`, { status: 'cancelled' });
    expect(res.status, res.text).toBe(200);
  }
}

describe('two dispatchers assign the same driver to two loads at once', { timeout: 240_000 }, () => {
  it('without an override: exactly one wins each round, the other is told the driver is busy', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const loads = [
        await bookedLoad(shipper.user!.id, owner.user!.id, { title: `Load A${round}` }),
        await bookedLoad(shipper.user!.id, owner.user!.id, { title: `Load B${round}` }),
      ];
      const [a, b] = await Promise.all([
        owner.post(`/api/freight/${loads[0]}/assignment`, { truckId: trucks[0], driverId: driver.id }),
        dispatcher.post(`/api/freight/${loads[1]}/assignment`, { truckId: trucks[1], driverId: driver.id }),
      ]);
      expect([a.status, b.status].sort(), `${a.text} ${b.text}`).toEqual([200, 409]);
      const lost = a.status === 409 ? a : b;
      expect(lost.body.message).toMatch(/^Rae User is on load Load [AB]\d+; give an override reason/);
      const assigned = await FreightModel.find({ _id: { $in: loads }, assignedDriverId: driver.id }).lean();
      expect(assigned).toHaveLength(1);
      await cancel(loads);
    }
  });

  it('with an override reason on both: both win, each load keeps the reason', async () => {
    for (let round = 0; round < ROUNDS / 2; round++) {
      const loads = [
        await bookedLoad(shipper.user!.id, owner.user!.id, { title: `Load C${round}` }),
        await bookedLoad(shipper.user!.id, owner.user!.id, { title: `Load D${round}` }),
      ];
      const overrideReason = 'Team run: both loads leave the same dock';
      const [a, b] = await Promise.all([
        owner.post(`/api/freight/${loads[0]}/assignment`, {
          truckId: trucks[0],
          driverId: driver.id,
          overrideReason,
        }),
        dispatcher.post(`/api/freight/${loads[1]}/assignment`, {
          truckId: trucks[1],
          driverId: driver.id,
          overrideReason,
        }),
      ]);
      expect([a.status, b.status], `${a.text} ${b.text}`).toEqual([200, 200]);
      // The first to land needed no override; the second used it.
      const reasons = [a.body.assignment.overrideReason, b.body.assignment.overrideReason].sort();
      expect(reasons).toEqual([overrideReason, null].sort());
      await cancel(loads);
    }
  });
});

describe('an assignment against the load’s delivery', { timeout: 240_000 }, () => {
  it('either lands before (and the truck is freed by the delivery) or is refused after; never a delivered load with a busy truck', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const loadId = await bookedLoad(shipper.user!.id, owner.user!.id, { status: 'in_transit' });
      const photo = await owner
        .raw('post', `/api/freight/${loadId}/photos`)
        .field('photoType', 'delivery')
        .attach('photo', PNG_BYTES, { filename: 'pod.jpg', contentType: 'image/jpeg' });
      expect(photo.status, photo.text).toBe(201);
      const [assign, deliver] = await Promise.all([
        dispatcher.post(`/api/freight/${loadId}/assignment`, { truckId: trucks[0], driverId: driver.id }),
        owner.post(
          `/api/freight/${loadId}/status`,
          signedDelivery({ deliveryNote: 'Receiver took it at the gate down the road' }),
        ),
      ]);
      expect(deliver.status, deliver.text).toBe(200);
      // Refused after: 409 under the lease, or 403 when the load was already delivered when it was first read.
      expect([200, 403, 409], assign.text).toContain(assign.status);
      const load = await FreightModel.findById(loadId).lean();
      expect(load?.status).toBe('delivered');
      if (assign.status === 200) expect(String(load?.assignedTruckId)).toBe(trucks[0]);
      else {
        expect(assign.body.message).toMatch(/delivered.*can no longer be assigned/);
        expect(load?.assignedTruckId).toBeNull();
      }
      await app.rt.projectors.drain();
      await eventually(async () => {
        const truck = await TruckModel.findById(trucks[0]).lean();
        return truck?.status === 'available' && truck.currentLoadId === null;
      }, 30_000);
    }
  });
});
