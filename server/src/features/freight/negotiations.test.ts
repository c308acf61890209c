import type { NegotiationDto } from '@freight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, nextEvent, startTestApp, type TestApp, type TestClient } from '@test/helpers';
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

describe('negotiation in rounds (issue 39)', () => {
  const counter = (c: TestClient, id: string, body: Record<string, unknown>) =>
    c.post(`/api/negotiations/${id}/counter`, body);

  it('broker and carrier trade three rounds with messages, live to both, each in the load’s history', async () => {
    const b = await verifiedClient(app, 'broker');
    const c = await verifiedClient(app, 'carrier');
    const [bs, cs] = await Promise.all([b.socket(), c.socket()]);
    const load = await postLoad(b, { rate: 2000, distance: 1000 });
    const n = await offer(c, load.id, { proposedRate: 1500, message: 'Can load Monday' });
    expect(n.history).toEqual([
      { by: 'carrier', rate: 1500, message: 'Can load Monday', at: expect.any(String) },
    ]);
    expect(n.viewerActions).toBeUndefined();

    // Round 1: the broker counters; the carrier hears it live.
    const toCarrier = nextEvent(cs, 'negotiation:updated', (p) => p.negotiation.version === 2);
    const r1 = await counter(b, n.id, { counterRate: 1900, message: 'Best I can do is 1900', version: 1 });
    expect(r1.status, r1.text).toBe(200);
    expect((await toCarrier).negotiation).toMatchObject({ status: 'counter_offered', counterRate: 1900 });
    const mine = (await c.get('/api/negotiations/mine')).body.items.find(
      (x: NegotiationDto) => x.id === n.id,
    );
    expect(mine.viewerActions).toEqual({ answerCounter: true, counter: true });

    // Round 2: the carrier counters back with a message; the broker hears it live and is notified.
    const toBroker = nextEvent(bs, 'negotiation:updated', (p) => p.negotiation.version === 3);
    const note = nextEvent(
      bs,
      'notification:new',
      (p) => p.notification.title === 'Counter offer received' && /1,650/.test(p.notification.body),
    );
    const r2 = await counter(c, n.id, { counterRate: 1650, message: 'Meet me at 1650?', version: 2 });
    expect(r2.status, r2.text).toBe(200);
    expect(r2.body.message).toBe('Counter offer sent successfully');
    expect(r2.body.negotiation).toMatchObject({
      status: 'pending',
      proposedRate: 1650,
      proposedRatePerMile: 1.65,
      counterRate: 1900,
      version: 3,
    });
    expect((await toBroker).negotiation.history.at(-1)).toMatchObject({
      by: 'carrier',
      rate: 1650,
      message: 'Meet me at 1650?',
    });
    expect((await note).notification.body).toContain('Meet me at 1650?');

    // Round 3: the broker counters again; the carrier accepts the version it saw and the load is booked at it.
    const r3 = await counter(b, n.id, { counterRate: 1750, message: '1750 and it is yours', version: 3 });
    expect(r3.status, r3.text).toBe(200);
    expect(
      r3.body.negotiation.history.map((s: NegotiationDto['history'][number]) => [s.by, s.rate, s.message]),
    ).toEqual([
      ['carrier', 1500, 'Can load Monday'],
      ['broker', 1900, 'Best I can do is 1900'],
      ['carrier', 1650, 'Meet me at 1650?'],
      ['broker', 1750, '1750 and it is yours'],
    ]);
    expect((await c.post(`/api/negotiations/${n.id}/accept-counter`, { version: 3 })).status).toBe(409);
    const done = await c.post(`/api/negotiations/${n.id}/accept-counter`, { version: 4 });
    expect(done.status, done.text).toBe(200);
    expect(done.body.listing).toMatchObject({ status: 'booked', rate: 1750, carrierId: c.user!.id });

    const history = await eventually(async () => {
      const res = await b.get(`/api/freight/${load.id}/history`);
      const texts = (res.body.entries as Array<{ text: string }>).map((e) => e.text);
      return texts.some((t) => t.startsWith('Offer of $1,750.00 accepted')) && texts;
    });
    expect(history).toEqual(
      expect.arrayContaining([
        'Offer of $1,500.00 made: “Can load Monday”',
        'Offer countered to $1,900.00: “Best I can do is 1900”',
        'Offer countered to $1,650.00: “Meet me at 1650?”',
        'Offer countered to $1,750.00: “1750 and it is yours”',
      ]),
    );
    b.closeSockets();
    c.closeSockets();
  });

  it('a counter on an accepted offer answers 409 with the state it reached and changes nothing', async () => {
    const load = await postLoad(broker, { rate: 2000 });
    const n = await offer(carrier, load.id, { proposedRate: 1500 });
    expect((await broker.post(`/api/negotiations/${n.id}/accept`, { version: 1 })).status).toBe(200);
    const before = await NegotiationModel.findById(n.id).lean();
    for (const c of [broker, carrier]) {
      const res = await counter(c, n.id, { counterRate: 1600, message: 'Too late?' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This offer was already accepted');
      expect(res.body.details[0]).toMatchObject({ status: 'accepted', negotiation: { status: 'accepted' } });
    }
    const after = await NegotiationModel.findById(n.id).lean();
    expect(after?.version).toBe(before?.version);
    expect(after?.history).toHaveLength(1);
    expect((await FreightModel.findById(load.id).lean())?.rateCents).toBe(150000);
  });

  it('refuses a round out of turn, on a stale figure or an expired offer (409), and bad input (400)', async () => {
    const load = await postLoad(broker);
    const n = await offer(carrier, load.id, { proposedRate: 1500 });
    const outOfTurn = await counter(carrier, n.id, { counterRate: 1600 });
    expect(outOfTurn.status).toBe(409);
    expect(outOfTurn.body.message).toBe("This offer is waiting on the broker's answer");
    expect((await counter(broker, n.id, { counterRate: 1700, version: 1 })).status).toBe(200);
    const again = await counter(broker, n.id, { counterRate: 1800 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This offer is waiting on the carrier's answer to a counter");
    const stale = await counter(carrier, n.id, { counterRate: 1600, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.details[0].negotiation).toMatchObject({ counterRate: 1700, version: 2 });

    for (const [body, text] of [
      [{}, 'counterRate'],
      [{ counterRate: -1 }, 'counterRate'],
      [{ counterRate: 1600, message: 'x'.repeat(1001) }, 'message'],
      [{ counterRate: 1600, version: 1.5 }, 'version'],
    ] as const) {
      const res = await counter(carrier, n.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(text);
    }
    const other = await verifiedClient(app, 'carrier');
    expect((await counter(other, n.id, { counterRate: 1600 })).status).toBe(404);

    await NegotiationModel.updateOne({ _id: n.id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await counter(carrier, n.id, { counterRate: 1600, version: 2 });
    expect(expired.status).toBe(409);
    expect(expired.body.message).toBe('This offer has expired');
    expect(expired.body.details[0]).toMatchObject({ status: 'expired', negotiation: { status: 'expired' } });
    expect((await NegotiationModel.findById(n.id).lean())?.history).toHaveLength(2);
  });
});
