// Issue 26 for small shipments and their workspace: each fact is recorded once, and the projectors that turn the
// facts into pushes and notifications, replayed from the start of the log, change nothing.
import { QUEUES } from '@freight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectEvents, eventually, startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { rewindProjector } from '../../events/projectors';
import { DomainEventModel } from '../../events/model';
import { getQueue } from '../../queues';
import { seedApprovedBackgroundCheck } from '../backgroundChecks/testing';
import { NotificationModel } from '../notifications/model';
import {
  shipmentWorkspaceLiveProjector,
  shipmentWorkspaceNotifyProjector,
} from '../shipmentWorkspace/projectors';
import { smallShipmentsLiveProjector, smallShipmentsNotifyProjector } from './projectors';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ workers: true, env: { RATE_LIMITS_ENABLED: 'false' } });
});
afterAll(async () => {
  await app?.close();
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function as(userType: 'individual_customer' | 'individual_driver'): Promise<TestClient> {
  const c = app.client();
  await c.registerAndLogin({ userType: 'carrier' });
  await c.post('/api/users/setup', { userType, companyName: 'Co' });
  if (userType === 'individual_driver') await seedApprovedBackgroundCheck(c.user!.id);
  return c;
}

/** The shipment notifications of these users (not their sign-up ones), as stored, in a stable order. */
async function notificationsOf(users: TestClient[]) {
  const found = await NotificationModel.find({ userId: { $in: users.map((u) => u.user!.id) } }).lean();
  return found
    .filter((n) => n.kind !== 'welcome' && n.title !== 'Account type changed')
    .map((n) => ({ id: String(n._id), userId: String(n.userId), title: n.title, count: n.count }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** The notifications queue has nothing waiting, delayed or running. */
async function queueIdle(): Promise<boolean> {
  const counts = await getQueue(QUEUES.notifications).getJobCounts('waiting', 'active', 'delayed');
  return Object.values(counts).every((n) => n === 0);
}

describe('small shipments and their workspace on the event log (issue 26)', () => {
  it('records each fact once; its projectors replayed from the start change nothing', async () => {
    const routeDriver = await as('individual_driver');
    const created = await routeDriver.post('/api/driver-routes', {
      title: 'Dallas to Austin Friday',
      originCity: 'Dallas',
      originState: 'TX',
      destinationCity: 'Austin',
      destinationState: 'TX',
      departureDate: '2031-05-09',
      departureTime: '08:30',
      vehicleType: 'pickup_truck',
      availableSpace: 'Full bed',
      maxWeight: '1500',
      pricePerMile: '1.25',
      pricingType: 'per_mile',
      isFlexible: true,
    });
    expect(created.status, created.text).toBe(201);
    const customer = await as('individual_customer');
    const driver = await as('individual_driver');
    const other = await as('individual_driver');
    const customerSocket = await customer.socket();
    const offerPushes = collectEvents(customerSocket, 'shipmentOffer:created');

    const posted = await customer.post('/api/small-shipments', {
      title: 'Armchair',
      itemDescription: 'an armchair',
      originCity: 'Dallas',
      originState: 'TX',
      pickupAddress: '1 Elm St',
      destinationCity: 'Austin',
      destinationState: 'TX',
      deliveryAddress: '2 Oak Ave',
      offerPrice: '90',
    });
    expect(posted.status, posted.text).toBe(201);
    const id = posted.body.id as string;
    const made = (await driver.post(`/api/small-shipments/${id}/offers`, { price: '85' })).body;
    expect((await other.post(`/api/small-shipments/${id}/offers`, { price: '80' })).status).toBe(201);
    const revised = await driver.post(`/api/small-shipments/${id}/offers`, { price: '88' });
    expect(revised.body).toMatchObject({ id: made.id, version: 2 });
    const accepted = await customer.post(`/api/shipment-offers/${made.id}/accept`, { version: 2 });
    expect(accepted.status, accepted.text).toBe(200);
    expect(
      (await driver.post(`/api/small-shipments/${id}/messages`, { message: 'Leaving now' })).status,
    ).toBe(201);
    const photo = await driver
      .raw('post', `/api/small-shipments/${id}/photos`)
      .attach('photo', PNG, { filename: 'chair.png', contentType: 'image/png' });
    expect(photo.status, photo.text).toBe(201);
    expect((await driver.post(`/api/small-shipments/${id}/reports`, { kind: 'picked_up' })).status).toBe(201);

    // One fact per business fact, each about this shipment.
    const names = (await DomainEventModel.find({ 'subjects.shipmentId': id }).lean())
      .map((e) => e.name)
      .sort();
    expect(names).toEqual([
      'smallShipment.matched',
      'smallShipment.messagePosted',
      'smallShipment.offerAnswered',
      'smallShipment.offerAnswered',
      'smallShipment.offered',
      'smallShipment.offered',
      'smallShipment.offered',
      'smallShipment.photoAdded',
      'smallShipment.posted',
      'smallShipment.reported',
    ]);

    // What the projectors did: the route's driver, the customer (two new offers, not the revision; the report)
    // and the matched driver are notified; the customer saw each offer made or revised live.
    const users = [routeDriver, customer, driver, other];
    const expected = [
      [routeDriver, 'New shipment on your route'],
      [customer, 'New offer on your shipment'],
      [customer, 'New offer on your shipment'],
      [driver, 'Your offer was accepted'],
      [customer, 'Picked up: Armchair'],
    ] as const;
    const before = await eventually(async () => {
      const stored = await notificationsOf(users);
      return stored.length >= expected.length && (await queueIdle()) && stored;
    });
    expect(before.map((n) => [n.userId, n.title]).sort(), JSON.stringify(before.map((n) => n.title))).toEqual(
      expected.map(([u, title]) => [u.user!.id, title]).sort(),
    );
    await eventually(async () => offerPushes.length === 3);

    // Replayed from the start of the log: the pushes go out again (clients upsert them), nothing else changes.
    for (const p of [
      smallShipmentsLiveProjector,
      smallShipmentsNotifyProjector,
      shipmentWorkspaceLiveProjector,
      shipmentWorkspaceNotifyProjector,
    ])
      await rewindProjector(p.name, 0);
    await app.rt.projectors.drain();
    await eventually(async () => offerPushes.length === 6);
    expect(offerPushes.slice(3)).toEqual(offerPushes.slice(0, 3));
    await eventually(queueIdle);
    expect(await notificationsOf(users)).toEqual(before);
    customer.closeSockets();
  }, 180_000);
});
