// Freight's projectors (issue 26) replayed from the start of the log change nothing: no second notification, the
// same facts. Real FerretDB, Redis, BullMQ and the notifications worker.
import { QUEUES } from '@freight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { DomainEventModel } from '../../events/model';
import { rewindProjector } from '../../events/projectors';
import { getQueue } from '../../queues';
import { NotificationModel } from '../notifications/model';
import { postLoad, verifiedClient } from './testUtils';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ workers: true });
});
afterAll(async () => {
  await app?.close();
});

const FREIGHT_PROJECTORS = [
  'load-moves',
  'load-edits',
  'booking-requests',
  'offers',
  'saved-search-alerts',
  'broker-invitations',
];

/** The projectors have handled the whole log and the notifications worker has nothing left to do. */
async function settled(): Promise<void> {
  await app.rt.projectors.drain();
  const queue = getQueue(QUEUES.notifications);
  await eventually(async () => {
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    return Object.values(counts).every((n) => n === 0);
  }, 30_000);
}

const notificationsOf = async (c: TestClient) =>
  (await NotificationModel.find({ userId: c.user!.id }).lean())
    .map((n) => `${n.title}|${n.count ?? 1}`)
    .sort();

describe("freight's projectors replayed", () => {
  it('a load posted, edited, requested, offered, countered, booked and cancelled: the replay notifies no one again', async () => {
    const shipper = await verifiedClient(app, 'shipper');
    const carrier = await verifiedClient(app, 'carrier');
    const carrier2 = await verifiedClient(app, 'carrier');
    const load = await postLoad(shipper, { title: 'Replayed load' });
    expect((await carrier.post(`/api/freight/${load.id}/book`, {})).status).toBe(201);
    const offer = await carrier2.post(`/api/freight/${load.id}/negotiate`, { proposedRate: 1800 });
    expect(offer.status).toBe(201);
    expect((await shipper.patch(`/api/freight/${load.id}`, { rate: 2100 })).status).toBe(200);
    const countered = await shipper.post(`/api/negotiations/${offer.body.negotiation.id}/counter`, {
      counterRate: 1950,
    });
    expect(countered.status).toBe(200);
    const requests = await shipper.get('/api/booking-requests');
    const requestId = requests.body.items.find(
      (r: { freightListingId: string }) => r.freightListingId === load.id,
    ).id;
    expect(
      (await shipper.post(`/api/booking-requests/${requestId}/review`, { status: 'approved' })).status,
    ).toBe(200);
    expect((await shipper.post(`/api/freight/${load.id}/cancel`)).status).toBe(200);

    // Each party heard what it hears today.
    await settled();
    const before = {
      shipper: await notificationsOf(shipper),
      carrier: await notificationsOf(carrier),
      carrier2: await notificationsOf(carrier2),
    };
    expect(before.shipper.length).toBeGreaterThanOrEqual(2); // the request and the offer
    expect(before.carrier).toEqual(
      expect.arrayContaining(['Load changed|1', 'Booking request approved|1', 'Load has been cancelled|1']),
    );
    expect(before.carrier2).toEqual(
      expect.arrayContaining(['Load changed|1', 'Counter offer received|1', 'Rate offer rejected|1']),
    );
    const facts = await DomainEventModel.countDocuments({ loadId: load.id });

    for (const name of FREIGHT_PROJECTORS) await rewindProjector(name, 0);
    await settled();
    expect({
      shipper: await notificationsOf(shipper),
      carrier: await notificationsOf(carrier),
      carrier2: await notificationsOf(carrier2),
    }).toEqual(before);
    expect(await DomainEventModel.countDocuments({ loadId: load.id })).toBe(facts);
  }, 120_000);
});
