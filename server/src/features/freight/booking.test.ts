import type { BookingRequestDto } from '@freight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectEvents,
  eventually,
  nextEvent,
  startTestApp,
  type TestApp,
  type TestClient,
} from '@test/helpers';
import { BookingRequestModel } from './bookingRequests/model';
import { FreightModel } from './model';
import { postLoad, verifiedClient } from './testUtils';

let app: TestApp;
let shipper: TestClient;
let broker: TestClient;
let carrier: TestClient;
beforeAll(async () => {
  app = await startTestApp({ workers: true });
  shipper = app.client();
  await shipper.login('shipper@test.local');
  broker = app.client();
  await broker.login('broker@test.local');
  carrier = app.client();
  await carrier.login('carrier@test.local');
});
afterAll(async () => {
  await app?.close();
});

describe('POST /api/freight/:id/book (call 10)', () => {
  it('creates a pending request with the message and answers with a message for the toast', async () => {
    const load = await postLoad(shipper);
    const res = await carrier.post(`/api/freight/${load.id}/book`, { message: 'Two trucks nearby' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Booking request sent successfully');
    expect(res.body.request).toMatchObject({
      freightListingId: load.id,
      carrierId: carrier.user!.id,
      shipperId: shipper.user!.id,
      status: 'pending',
      message: 'Two trucks nearby',
      carrierCompany: 'Test Carrier LLC',
      carrierEmail: 'carrier@test.local',
    });
  });

  it('accepts an empty body (the air page) and a message with no length limit to speak of', async () => {
    const load = await postLoad(shipper);
    const c = await verifiedClient(app, 'carrier');
    expect((await c.post(`/api/freight/${load.id}/book`)).status).toBe(201);
    const other = await postLoad(shipper);
    const long = 'x'.repeat(5000);
    const res = await c.post(`/api/freight/${other.id}/book`, { message: long });
    expect(res.status).toBe(201);
    expect(res.body.request.message).toBe(long);
  });

  it('refuses unverified users with the spec text (403), signed-out visitors (401) and non-carriers (403)', async () => {
    const load = await postLoad(shipper);
    const unverified = app.client();
    await unverified.registerAndLogin({ userType: 'carrier' });
    const res = await unverified.post(`/api/freight/${load.id}/book`, {});
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Complete document verification to book freight.');
    expect((await app.client().post(`/api/freight/${load.id}/book`, {})).status).toBe(401);
    expect((await broker.post(`/api/freight/${load.id}/book`, {})).status).toBe(403);
    expect((await shipper.post(`/api/freight/${load.id}/book`, {})).status).toBe(403);
    expect(await BookingRequestModel.countDocuments({ freightListingId: load.id })).toBe(0);
  });

  it('allows one pending request per carrier per load (409 for a second), and another after a rejection', async () => {
    const load = await postLoad(shipper);
    const c = await verifiedClient(app, 'carrier');
    const first = await c.post(`/api/freight/${load.id}/book`, {});
    expect(first.status).toBe(201);
    const second = await c.post(`/api/freight/${load.id}/book`, {});
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('You already have a pending booking request for this load');
    await shipper.post(`/api/booking-requests/${first.body.request.id}/review`, { status: 'rejected' });
    expect((await c.post(`/api/freight/${load.id}/book`, {})).status).toBe(201);
  });

  it('books only available loads (409)', async () => {
    const load = await postLoad(shipper);
    await shipper.post(`/api/freight/${load.id}/cancel`);
    const res = await carrier.post(`/api/freight/${load.id}/book`, {});
    expect(res.status).toBe(409);
    expect((await carrier.post('/api/freight/000000000000000000000000/book', {})).status).toBe(404);
  });
});

describe('GET /api/booking-requests (call 6) and review (call 7)', () => {
  it('lists the pending requests on my loads with every field the dashboard card reads', async () => {
    const s = await verifiedClient(app, 'shipper');
    const load = await postLoad(s, { title: 'Card fields', rate: 1234.5 });
    await carrier.post(`/api/freight/${load.id}/book`, { message: 'hello' });
    const res = await s.get('/api/booking-requests');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.items[0]).toMatchObject({
      freightTitle: 'Card fields',
      freightOrigin: 'Chicago, IL',
      freightDestination: 'Dallas, TX',
      freightRate: 1234.5,
      carrierName: 'Test Carrier',
      carrierPhone: '555-0100',
      carrierEmail: 'carrier@test.local',
      carrierCompany: 'Test Carrier LLC',
      message: 'hello',
      status: 'pending',
    });
    expect(res.body.items[0].createdAt).toMatch(/^\d{4}-/);
    expect((await carrier.get('/api/booking-requests')).status).toBe(403);
    expect((await app.client().get('/api/booking-requests')).status).toBe(401);
  });

  it('brokers see requests on their loads; other shippers do not see them and cannot review them (404)', async () => {
    const b = await verifiedClient(app, 'broker');
    const load = await postLoad(b);
    const req = await carrier.post(`/api/freight/${load.id}/book`, {});
    expect((await b.get('/api/booking-requests')).body.total).toBe(1);
    const outsider = await verifiedClient(app, 'shipper');
    expect((await outsider.get('/api/booking-requests')).body.total).toBe(0);
    const res = await outsider.post(`/api/booking-requests/${req.body.request.id}/review`, {
      status: 'approved',
    });
    expect(res.status).toBe(404);
  });

  it('approving books the load to the carrier, rejects the other pending requests and is final (409 again)', async () => {
    const load = await postLoad(shipper);
    const c2 = await verifiedClient(app, 'carrier');
    const r1 = (await carrier.post(`/api/freight/${load.id}/book`, {})).body.request as BookingRequestDto;
    const r2 = (await c2.post(`/api/freight/${load.id}/book`, {})).body.request as BookingRequestDto;
    const res = await shipper.post(`/api/booking-requests/${r1.id}/review`, { status: 'approved' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Booking request approved successfully');
    expect(res.body.request.status).toBe('approved');
    expect(res.body.listing).toMatchObject({ status: 'booked', carrierId: carrier.user!.id });
    const stored = await FreightModel.findById(load.id).lean();
    expect(stored?.status).toBe('booked');
    expect(String(stored?.carrierId)).toBe(carrier.user!.id);
    expect((await BookingRequestModel.findById(r2.id).lean())?.status).toBe('rejected');
    expect((await shipper.post(`/api/booking-requests/${r1.id}/review`, { status: 'rejected' })).status).toBe(
      409,
    );
    expect((await shipper.post(`/api/booking-requests/${r2.id}/review`, { status: 'approved' })).status).toBe(
      409,
    );
    expect((await c2.post(`/api/freight/${load.id}/book`, {})).status).toBe(409);
    // The same approval repeated by the same person (a retry after an outage's 503, issue 25): 200 with the state
    // it reached; another person's repeat is still a 409.
    const again = await shipper.post(`/api/booking-requests/${r1.id}/review`, { status: 'approved' });
    expect(again.status).toBe(200);
    expect(again.body.request.status).toBe('approved');
    expect(again.body.listing).toMatchObject({ status: 'booked', carrierId: carrier.user!.id });
  });

  it('rejecting leaves the load available; a bad status is 400', async () => {
    const load = await postLoad(shipper);
    const r = (await carrier.post(`/api/freight/${load.id}/book`, {})).body.request as BookingRequestDto;
    expect((await shipper.post(`/api/booking-requests/${r.id}/review`, { status: 'maybe' })).status).toBe(
      400,
    );
    const res = await shipper.post(`/api/booking-requests/${r.id}/review`, { status: 'rejected' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Booking request rejected successfully');
    expect((await FreightModel.findById(load.id).lean())?.status).toBe('available');
  });

  it('two concurrent approvals of different requests on one load: exactly one succeeds, the other gets 409', async () => {
    for (let round = 0; round < 3; round++) {
      const load = await postLoad(shipper);
      const c2 = await verifiedClient(app, 'carrier');
      const r1 = (await carrier.post(`/api/freight/${load.id}/book`, {})).body.request as BookingRequestDto;
      const r2 = (await c2.post(`/api/freight/${load.id}/book`, {})).body.request as BookingRequestDto;
      const results = await Promise.all([
        shipper.post(`/api/booking-requests/${r1.id}/review`, { status: 'approved' }),
        shipper.post(`/api/booking-requests/${r2.id}/review`, { status: 'approved' }),
      ]);
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409]);
      const winner = results.find((r) => r.status === 200)!.body.request as BookingRequestDto;
      const stored = await FreightModel.findById(load.id).lean();
      expect(stored?.status).toBe('booked');
      expect(String(stored?.carrierId)).toBe(winner.carrierId);
      const requests = await BookingRequestModel.find({ freightListingId: load.id }).lean();
      expect(requests.filter((r) => r.status === 'approved')).toHaveLength(1);
    }
  });
});

describe('live events', () => {
  it('the shipper gets booking:requested, the carrier booking:reviewed, both also as notifications', async () => {
    const s = await verifiedClient(app, 'shipper');
    const c = await verifiedClient(app, 'carrier');
    const shipperSocket = await s.socket();
    const carrierSocket = await c.socket();
    const load = await postLoad(s, { title: 'Live booking' });

    const requested = nextEvent(
      shipperSocket,
      'booking:requested',
      (p) => p.request.freightListingId === load.id,
    );
    const shipperNote = nextEvent(
      shipperSocket,
      'notification:new',
      (p) => p.notification.kind === 'booking_requested',
    );
    const req = await c.post(`/api/freight/${load.id}/book`, { message: 'live' });
    expect((await requested).request).toMatchObject({ message: 'live', freightTitle: 'Live booking' });
    expect((await shipperNote).notification.title).toBe('New booking request');

    const reviewed = nextEvent(
      carrierSocket,
      'booking:reviewed',
      (p) => p.request.id === req.body.request.id,
    );
    const carrierNote = nextEvent(
      carrierSocket,
      'notification:new',
      (p) => p.notification.kind === 'booking_reviewed',
    );
    await s.post(`/api/booking-requests/${req.body.request.id}/review`, { status: 'approved' });
    const payload = await reviewed;
    expect(payload.request.status).toBe('approved');
    expect(payload.listing?.status).toBe('booked');
    const note = (await carrierNote).notification;
    expect(note).toMatchObject({ title: 'Booking request approved', link: `/tracking/${load.id}` });
    s.closeSockets();
    c.closeSockets();
  });

  it('loadboard sockets get freight:posted, and freight:removed when the load is booked; sockets that left (or never joined) do not', async () => {
    const watcher = await verifiedClient(app, 'carrier');
    const bystander = await verifiedClient(app, 'carrier');
    const board = await watcher.socket();
    const other = await bystander.socket();
    const joined = await board.emitWithAck('loadboard:join', {});
    expect(joined).toEqual({ ok: true, data: { room: 'loadboard' } });
    const leaked = collectEvents(other, 'freight:posted');

    const posted = nextEvent(board, 'freight:posted', (p) => p.listing.title === 'Board live');
    const load = await postLoad(shipper, { title: 'Board live' });
    expect((await posted).listing.id).toBe(load.id);

    // A stranger's booked load leaves the board: the watcher is told to remove it, and sees nothing of the booking.
    const removed = nextEvent(board, 'freight:removed', (p) => p.id === load.id);
    const req = await carrier.post(`/api/freight/${load.id}/book`, {});
    await shipper.post(`/api/booking-requests/${req.body.request.id}/review`, { status: 'approved' });
    expect(await removed).toEqual({ id: load.id });

    expect(await board.emitWithAck('loadboard:leave', {})).toMatchObject({ ok: true });
    const afterLeave = collectEvents(board, 'freight:posted');
    await postLoad(shipper, { title: 'After leave' });
    await eventually(async () => (await app.client().get('/api/freight?originCity=chicago')).body.total > 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(afterLeave).toHaveLength(0);
    expect(leaked).toHaveLength(0);
    watcher.closeSockets();
    bystander.closeSockets();
  });
});
