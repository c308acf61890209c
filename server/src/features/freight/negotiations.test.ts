import type { NegotiationDto } from '@freight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextEvent, startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { BookingRequestModel } from './bookingRequests/model';
import { FreightModel } from './model';
import { NegotiationModel } from './negotiations/model';
import { postLoad, verifiedClient } from './testUtils';

let app: TestApp;
let broker: TestClient;
let carrier: TestClient;
beforeAll(async () => {
  app = await startTestApp({ workers: true });
  broker = await verifiedClient(app, 'broker');
  carrier = app.client();
  await carrier.login('carrier@test.local');
});
afterAll(async () => {
  await app?.close();
});

const offer = async (
  c: TestClient,
  loadId: string,
  body: Record<string, unknown> = { proposedRate: 1800 },
) => {
  const res = await c.post(`/api/freight/${loadId}/negotiate`, body);
  if (res.status !== 201) throw new Error(`offer failed ${res.status} ${res.text}`);
  return res.body.negotiation as NegotiationDto;
};

describe('rate offers (call 11)', () => {
  it('stores a verified carrier’s offer with its expiry (default 24 hours) for the load’s broker', async () => {
    const load = await postLoad(broker, { rate: 2000, distance: 1000 });
    const expiresAt = new Date(Date.now() + 6 * 3_600_000).toISOString();
    const res = await carrier.post(`/api/freight/${load.id}/negotiate`, {
      proposedRate: 1850.25,
      proposedRatePerMile: 1.85,
      message: 'Can do Tuesday',
      expiresAt,
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Rate offer submitted successfully');
    expect(res.body.negotiation).toMatchObject({
      proposedRate: 1850.25,
      proposedRatePerMile: 1.85,
      status: 'pending',
      brokerId: broker.user!.id,
      carrierId: carrier.user!.id,
      expiresAt,
    });
    const plain = await offer(carrier, load.id, { proposedRate: 0 });
    const hours = (Date.parse(plain.expiresAt!) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it.each([
    ['a missing rate', {}, 'proposedRate'],
    ['a negative rate', { proposedRate: -5 }, 'proposedRate'],
    ['a past expiry', { proposedRate: 5, expiresAt: '2000-01-01T00:00:00.000Z' }, 'expiresAt'],
  ])('refuses %s with 400', async (_n, body, text) => {
    const load = await postLoad(broker);
    const res = await carrier.post(`/api/freight/${load.id}/negotiate`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(text);
  });

  it('needs a verified carrier (spec text) and an available load', async () => {
    const load = await postLoad(broker);
    const unverified = app.client();
    await unverified.registerAndLogin({ userType: 'carrier' });
    const res = await unverified.post(`/api/freight/${load.id}/negotiate`, { proposedRate: 1 });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Complete document verification to negotiate rates.');
    const shipper = app.client();
    await shipper.login('shipper@test.local');
    expect((await shipper.post(`/api/freight/${load.id}/negotiate`, { proposedRate: 1 })).status).toBe(403);
    await broker.post(`/api/freight/${load.id}/cancel`);
    expect((await carrier.post(`/api/freight/${load.id}/negotiate`, { proposedRate: 1 })).status).toBe(409);
  });
});

describe('broker negotiations (calls 26, 28)', () => {
  it('lists the broker’s offers; other users get 403 or 404', async () => {
    const b = await verifiedClient(app, 'broker');
    const load = await postLoad(b, { title: 'Negotiated' });
    const n = await offer(carrier, load.id);
    const list = await b.get('/api/broker/negotiations');
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body.items[0]).toMatchObject({
      id: n.id,
      freightTitle: 'Negotiated',
      carrierCompany: 'Test Carrier LLC',
    });
    expect((await carrier.get('/api/broker/negotiations')).status).toBe(403);
    expect((await broker.post(`/api/negotiations/${n.id}/accept`, { version: 1 })).status).toBe(404);
  });

  it('accepting sets the rate, books the load and rejects competing offers and requests; then 409', async () => {
    const load = await postLoad(broker, { rate: 2000, distance: 1000 });
    const c2 = await verifiedClient(app, 'carrier');
    const mine = await offer(carrier, load.id, { proposedRate: 1500 });
    const theirs = await offer(c2, load.id, { proposedRate: 1400 });
    const request = (await c2.post(`/api/freight/${load.id}/book`, {})).body.request;
    expect((await broker.post(`/api/negotiations/${mine.id}/accept`)).status).toBe(400); // no version
    const res = await broker.post(`/api/negotiations/${mine.id}/accept`, { version: mine.version });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Negotiation accepted successfully');
    expect(res.body.negotiation.status).toBe('accepted');
    expect(res.body.listing).toMatchObject({
      status: 'booked',
      rate: 1500,
      ratePerMile: 1.5,
      carrierId: carrier.user!.id,
    });
    expect((await NegotiationModel.findById(theirs.id).lean())?.status).toBe('rejected');
    expect((await BookingRequestModel.findById(request.id).lean())?.status).toBe('rejected');
    expect((await broker.post(`/api/negotiations/${mine.id}/reject`)).status).toBe(409);
    expect((await broker.post(`/api/negotiations/${theirs.id}/accept`, { version: 1 })).status).toBe(409);
    // The same accept again (a retry after an outage, issue 25): 200 with the booked load.
    const again = await broker.post(`/api/negotiations/${mine.id}/accept`, { version: mine.version });
    expect(again.status).toBe(200);
    expect(again.body.negotiation.status).toBe('accepted');
    expect(again.body.listing).toMatchObject({ status: 'booked', carrierId: carrier.user!.id });
  });

  it('rejecting is final; an expired offer is 409 and shows as expired', async () => {
    const load = await postLoad(broker);
    const n = await offer(carrier, load.id);
    const res = await broker.post(`/api/negotiations/${n.id}/reject`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Negotiation rejected successfully');
    expect((await broker.post(`/api/negotiations/${n.id}/accept`, { version: 1 })).status).toBe(409);

    const old = await offer(carrier, load.id);
    await NegotiationModel.updateOne({ _id: old.id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await broker.post(`/api/negotiations/${old.id}/accept`, { version: 1 });
    expect(expired.status).toBe(409);
    expect(expired.body.message).toBe('This offer has expired');
    const list = await broker.get('/api/broker/negotiations?status=expired');
    expect(list.body.items.map((x: NegotiationDto) => x.id)).toContain(old.id);
    expect((await FreightModel.findById(load.id).lean())?.status).toBe('available');
  });

  it('counter: the carrier sees the counter rate and accepting it books the load at that rate', async () => {
    const load = await postLoad(broker, { rate: 2000, distance: 1000 });
    const n = await offer(carrier, load.id, { proposedRate: 1500 });
    expect((await broker.post(`/api/negotiations/${n.id}/counter`, {})).status).toBe(400);
    const countered = await broker.post(`/api/negotiations/${n.id}/accept`, { counterRate: 1750 });
    expect(countered.status).toBe(200);
    expect(countered.body.negotiation).toMatchObject({
      status: 'counter_offered',
      counterRate: 1750,
      version: 2,
    });
    const mine = await carrier.get('/api/negotiations/mine');
    expect(mine.body.items.find((x: NegotiationDto) => x.id === n.id)).toMatchObject({ counterRate: 1750 });
    expect((await broker.post(`/api/negotiations/${n.id}/accept-counter`, { version: 2 })).status).toBe(404);
    // The version the carrier saw before the counter is refused, with the current offer.
    const stale = await carrier.post(`/api/negotiations/${n.id}/accept-counter`, { version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.details[0].negotiation).toMatchObject({ counterRate: 1750, version: 2 });
    const accepted = await carrier.post(`/api/negotiations/${n.id}/accept-counter`, { version: 2 });
    expect(accepted.status).toBe(200);
    expect(accepted.body.listing).toMatchObject({
      status: 'booked',
      rate: 1750,
      carrierId: carrier.user!.id,
    });
    expect((await carrier.post(`/api/negotiations/${n.id}/accept-counter`, { version: 2 })).status).toBe(409);
  });

  it('concurrent accepts of two offers on one load: exactly one succeeds', async () => {
    const load = await postLoad(broker);
    const c2 = await verifiedClient(app, 'carrier');
    const a = await offer(carrier, load.id);
    const b = await offer(c2, load.id);
    const results = await Promise.all([
      broker.post(`/api/negotiations/${a.id}/accept`, { version: a.version }),
      broker.post(`/api/negotiations/${b.id}/accept`, { version: b.version }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('live both ways: negotiation:created to the broker, negotiation:updated to the carrier', async () => {
    const b = await verifiedClient(app, 'broker');
    const c = await verifiedClient(app, 'carrier');
    const bs = await b.socket();
    const cs = await c.socket();
    const load = await postLoad(b);
    const created = nextEvent(bs, 'negotiation:created', (p) => p.negotiation.freightListingId === load.id);
    const brokerNote = nextEvent(bs, 'notification:new', (p) => p.notification.kind === 'negotiation');
    const n = await offer(c, load.id, { proposedRate: 900 });
    expect((await created).negotiation.proposedRate).toBe(900);
    expect((await brokerNote).notification.title).toBe('New rate offer');
    const updated = nextEvent(cs, 'negotiation:updated', (p) => p.negotiation.id === n.id);
    await b.post(`/api/negotiations/${n.id}/reject`);
    expect((await updated).negotiation.status).toBe('rejected');
    b.closeSockets();
    c.closeSockets();
  });
});
