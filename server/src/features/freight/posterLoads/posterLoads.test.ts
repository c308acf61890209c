// Issue 23: the poster's load page: its interest (GET /api/freight/:id/interest), edits with carriers waiting,
// withdrawal with the reason the carriers see, and races of edit and withdraw against an approval.
import { WITHDRAWN_REASON, type FreightListingDto, type LoadInterestDto } from '@freight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, nextEvent, sleep, startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { stressSize } from '@test/stress';
import { BookingRequestModel } from '../bookingRequests/model';
import { NegotiationModel } from '../negotiations/model';
import { assertBookingConsistent } from '../raceRounds.testing';
import { postLoad, verifiedClient } from '../testUtils';

let app: TestApp;
let shipper: TestClient;
let broker: TestClient;
let carrier: TestClient;
let stranger: TestClient;
beforeAll(async () => {
  app = await startTestApp({ workers: true, env: { RATE_LIMITS_ENABLED: 'false' } });
  shipper = await verifiedClient(app, 'shipper');
  broker = await verifiedClient(app, 'broker');
  carrier = await verifiedClient(app, 'carrier');
  stranger = await verifiedClient(app, 'carrier');
});
afterAll(async () => {
  await app?.close();
});

async function request(loadId: string, c = carrier): Promise<string> {
  const res = await c.post(`/api/freight/${loadId}/book`, { message: 'Ready' });
  expect(res.status, res.text).toBe(201);
  return res.body.request.id as string;
}
async function offer(loadId: string, rate = 1800): Promise<string> {
  const res = await carrier.post(`/api/freight/${loadId}/negotiate`, { proposedRate: rate });
  expect(res.status, res.text).toBe(201);
  return res.body.negotiation.id as string;
}

describe('GET /api/freight/:id/interest', () => {
  it('gives the poster the load with every request and offer; strangers and carriers on it get 404', async () => {
    const load = await postLoad(shipper, { rate: 2000 });
    const requestId = await request(load.id);
    const offerId = await offer(load.id);
    const res = await shipper.get(`/api/freight/${load.id}/interest`);
    expect(res.status, res.text).toBe(200);
    const body = res.body as LoadInterestDto;
    expect(body.id).toBe(load.id);
    expect(body.listing).toMatchObject({ id: load.id, rate: 2000 });
    expect(body.requests.map((r) => r.id)).toEqual([requestId]);
    expect(body.requests[0]).toMatchObject({ status: 'pending', closedReason: null });
    expect(body.offers.map((o) => o.id)).toEqual([offerId]);
    expect(body.offers[0]).toMatchObject({
      status: 'pending',
      proposedRate: 1800,
      brokerId: shipper.user!.id,
    });

    // A shipper answers an offer on its own load (no broker): counter, which the carrier sees.
    const counter = await shipper.post(`/api/negotiations/${offerId}/counter`, { counterRate: 1900 });
    expect(counter.status, counter.text).toBe(200);
    expect(counter.body.negotiation).toMatchObject({ status: 'counter_offered', counterRate: 1900 });

    for (const other of [stranger, carrier, broker]) {
      expect((await other.get(`/api/freight/${load.id}/interest`)).status).toBe(404);
    }
    expect((await app.client().get(`/api/freight/${load.id}/interest`)).status).toBe(401);
    expect((await shipper.get('/api/freight/not-an-id/interest')).status).toBe(404);
    expect((await shipper.get('/api/freight/000000000000000000000000/interest')).status).toBe(404);
  });

  it('gives each viewer the actions it may take on requests and offers (issue 26)', async () => {
    const load = await postLoad(shipper, { rate: 2000 });
    const requestId = await request(load.id);
    const offerId = await offer(load.id);
    const interest = (await shipper.get(`/api/freight/${load.id}/interest`)).body as LoadInterestDto;
    expect(interest.requests[0]?.viewerActions).toEqual({ review: true });
    expect(interest.offers[0]?.viewerActions).toEqual({ respond: true, counter: true });
    const carriersOffer = async () =>
      ((await carrier.get('/api/negotiations/mine?pageSize=50')).body.items as Array<{ id: string }>).find(
        (n) => n.id === offerId,
      );
    expect(await carriersOffer()).toMatchObject({ viewerActions: { revise: true } });
    const mine = (await carrier.get('/api/booking-requests/mine?status=all&pageSize=50')).body
      .items as Array<{
      id: string;
      viewerActions?: object;
    }>;
    expect(mine.find((r) => r.id === requestId)?.viewerActions).toEqual({});

    expect((await shipper.post(`/api/negotiations/${offerId}/counter`, { counterRate: 1900 })).status).toBe(
      200,
    );
    expect(await carriersOffer()).toMatchObject({ viewerActions: { answerCounter: true } });
    const after = (await shipper.get(`/api/freight/${load.id}/interest`)).body as LoadInterestDto;
    expect(after.offers[0]?.viewerActions).toEqual({});
  });

  it('the offer notification leads the poster to the load page', async () => {
    // Offers from one carrier fold into its unread notification (issue 25): read what came before.
    expect((await shipper.post('/api/notifications/read-all', {})).status).toBe(200);
    const load = await postLoad(shipper, { rate: 2000, title: 'Notified load' });
    await offer(load.id, 1750);
    const found = await eventually(async () => {
      const r = await shipper.get('/api/notifications');
      return (
        r.body.items.find((n: { title: string; body: string }) => n.body.includes('Notified load')) ?? null
      );
    });
    expect(found).toMatchObject({ title: 'New rate offer', link: `/loads/${load.id}` });
  });
});

describe('PATCH /api/freight/:id with carriers waiting', () => {
  it('keeps the route and equipment, tells the waiting carriers what changed, live', async () => {
    const load = await postLoad(shipper, { rate: 2000, title: 'Edit with interest' });
    await request(load.id);
    const route = await shipper.patch(`/api/freight/${load.id}`, { destinationCity: 'Houston' });
    expect(route.status).toBe(409);
    expect(route.body.message).toMatch(/destination city cannot change/);
    const equipment = await shipper.patch(`/api/freight/${load.id}`, { equipmentType: 'reefer' });
    expect(equipment.status).toBe(409);
    // Sent again unchanged (the edit form sends every field), the route is no change.
    const socket = await carrier.socket();
    const pushed = nextEvent(socket, 'freight:updated', (p) => p.listing.id === load.id);
    const edited = await shipper.patch(`/api/freight/${load.id}`, {
      originCity: 'Chicago',
      originState: 'IL',
      destinationCity: 'Dallas',
      destinationState: 'TX',
      rate: 2400,
      weight: 30000,
      // Issue 41: a term changed is named with its old and new value; one sent unchanged is not.
      accessorialTerms: { detentionPerHour: 90, layoverPerNight: 300 },
    });
    expect(edited.status, edited.text).toBe(200);
    expect((await pushed).listing).toMatchObject({ rate: 2400, accessorialTerms: { detentionPerHour: 90 } });
    const notice = await eventually(async () => {
      const r = await carrier.get('/api/notifications');
      return (
        r.body.items.find(
          (n: { title: string; body: string }) =>
            n.title === 'Load changed' && n.body.includes('Edit with interest'),
        ) ?? null
      );
    });
    expect(notice.body).toBe(
      'Load Edit with interest was changed: rate $2,000.00 → $2,400.00; weight none → 30,000 lbs; ' +
        'detention $75.00/h → $90.00/h.',
    );
    carrier.closeSockets();
  });

  it('without anyone waiting the route may change; bad input is a 400 that changes nothing', async () => {
    const load = await postLoad(shipper, { rate: 2000 });
    const moved = await shipper.patch(`/api/freight/${load.id}`, { destinationCity: 'Houston' });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.destinationCity).toBe('Houston');
    for (const body of [{ rate: 'lots' }, { rate: -1 }, { pickupDate: '2026-02-31' }, { originState: '' }]) {
      const res = await shipper.patch(`/api/freight/${load.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const after = (await shipper.get(`/api/freight/${load.id}`)).body as FreightListingDto;
    expect(after).toMatchObject({ rate: 2000, destinationCity: 'Houston' });
    expect((await stranger.patch(`/api/freight/${load.id}`, { rate: 1 })).status).toBe(404);
  });
});

describe('POST /api/freight/:id/withdraw', () => {
  it('cancels the load and closes its requests and offers with the reason the carriers see, live', async () => {
    const load = await postLoad(broker, { rate: 2000, title: 'Withdrawn load' });
    const requestId = await request(load.id);
    const offerId = await offer(load.id);
    const socket = await carrier.socket();
    const closedRequest = nextEvent(socket, 'booking:reviewed', (p) => p.request.id === requestId);
    const closedOffer = nextEvent(socket, 'negotiation:updated', (p) => p.negotiation.id === offerId);

    expect((await stranger.post(`/api/freight/${load.id}/withdraw`)).status).toBe(404);
    expect((await carrier.post(`/api/freight/${load.id}/withdraw`)).status).toBe(404);
    const res = await broker.post(`/api/freight/${load.id}/withdraw`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('cancelled');

    expect((await closedRequest).request).toMatchObject({
      status: 'rejected',
      closedReason: WITHDRAWN_REASON,
    });
    expect((await closedOffer).negotiation).toMatchObject({
      status: 'rejected',
      closedReason: WITHDRAWN_REASON,
    });
    const mine = await carrier.get('/api/booking-requests/mine?status=all&pageSize=50');
    expect(mine.body.items.find((r: { id: string }) => r.id === requestId).closedReason).toBe(
      WITHDRAWN_REASON,
    );
    const notice = await eventually(async () => {
      const r = await carrier.get('/api/notifications');
      return r.body.items.find((n: { body: string }) => n.body.includes('Withdrawn load')) ?? null;
    });
    expect(notice.body).toMatch(/was not accepted: withdrawn by the poster\.$/);
    carrier.closeSockets();

    const again = await broker.post(`/api/freight/${load.id}/withdraw`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only an available load can be withdrawn; this one is cancelled');
    expect((await broker.patch(`/api/freight/${load.id}`, { rate: 1 })).status).toBe(409);
  });

  it('a booked load is not withdrawn (its interest was closed as booked elsewhere)', async () => {
    const load = await postLoad(shipper, { rate: 2000 });
    const winner = await request(load.id);
    const loser = await request(load.id, stranger);
    expect(
      (await shipper.post(`/api/booking-requests/${winner}/review`, { status: 'approved' })).status,
    ).toBe(200);
    expect((await shipper.post(`/api/freight/${load.id}/withdraw`)).status).toBe(409);
    const closed = await BookingRequestModel.findById(loser).lean();
    expect(closed).toMatchObject({
      status: 'rejected',
      closedReason: 'The load was booked to another carrier',
    });
  });
});

describe('races: edit and withdraw against an approval, fired together', () => {
  const ROUNDS = stressSize(8, 4);
  const jitter = () => sleep(Math.floor(Math.random() * 8));

  it('withdraw against approve: exactly one wins, every round', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const load = await postLoad(shipper, { rate: 2000 });
      const requestId = await request(load.id);
      const offerId = await offer(load.id);
      const [approval, withdrawal] = await Promise.all([
        shipper.post(`/api/booking-requests/${requestId}/review`, { status: 'approved' }),
        jitter().then(() => shipper.post(`/api/freight/${load.id}/withdraw`)),
      ]);
      expect([approval.status, withdrawal.status].sort(), `round ${i}`).toEqual([200, 409]);
      const stored = await assertBookingConsistent(load.id);
      expect(stored.status).toBe(approval.status === 200 ? 'booked' : 'cancelled');
      const n = await NegotiationModel.findById(offerId).lean();
      expect(n!.closedReason).toBe(
        approval.status === 200 ? 'The load was booked to another carrier' : WITHDRAWN_REASON,
      );
    }
  }, 300_000);

  it('edit against approve of the load as seen: exactly one wins, every round', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const load = await postLoad(shipper, { rate: 2000 });
      const requestId = await request(load.id);
      const seen = ((await shipper.get(`/api/freight/${load.id}/interest`)).body as LoadInterestDto).listing;
      const [approval, edit] = await Promise.all([
        shipper.post(`/api/booking-requests/${requestId}/review`, {
          status: 'approved',
          loadUpdatedAt: seen.updatedAt,
        }),
        jitter().then(() => shipper.patch(`/api/freight/${load.id}`, { rate: 2500 })),
      ]);
      expect([approval.status, edit.status].sort(), `round ${i}`).toEqual([200, 409]);
      const stored = await assertBookingConsistent(load.id);
      if (approval.status === 200) {
        expect(stored).toMatchObject({ status: 'booked', rateCents: 200000 });
      } else {
        expect(approval.body.message).toMatch(/changed after you opened it/);
        expect(stored).toMatchObject({ status: 'available', rateCents: 250000 });
      }
    }
  }, 300_000);

  it('an approval naming a bad loadUpdatedAt is a 400', async () => {
    const load = await postLoad(shipper, { rate: 2000 });
    const requestId = await request(load.id);
    const res = await shipper.post(`/api/booking-requests/${requestId}/review`, {
      status: 'approved',
      loadUpdatedAt: 'yesterday',
    });
    expect(res.status).toBe(400);
    expect((await BookingRequestModel.findById(requestId).lean())!.status).toBe('pending');
  });
});
