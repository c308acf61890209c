// Test support for the load's race suite (loadRaces*.test.ts): one round of each contested pair, fired concurrently,
// with the invariant checked on what is stored afterwards. `a` and `b` may be clients of different server processes.
import { expect } from 'vitest';
import { TestClient, sleep, type TestApp } from '@test/helpers';
import { stressSize } from '@test/stress';
import { ChatRoomModel, FreightPhotoModel } from '../tracking/model';
import { seedLoad, signedDelivery } from '../tracking/testing';
import { BookingRequestModel } from './bookingRequests/model';
import { FreightModel, type FreightListing } from './model';
import { NegotiationModel } from './negotiations/model';
import { OpenBookingModel } from './bookingJournal/model';
import { DomainEventModel, type StoredDomainEvent } from '../../events/model';
import { verifiedClient } from './testUtils';

/** Rounds of each contested pair: 20 under `npm run test:stress`, 5 in `npm test`. */
export const ROUNDS = stressSize(20, 5);

export interface Cast {
  poster: TestClient;
  carrier: TestClient;
  carrier2: TestClient;
}

export async function cast(app: TestApp): Promise<Cast> {
  return {
    poster: await verifiedClient(app, 'shipper'),
    carrier: await verifiedClient(app, 'carrier'),
    carrier2: await verifiedClient(app, 'carrier'),
  };
}

/** The same signed-in user, talking to another server process (sessions live in the shared Redis). */
export function onNode(c: TestClient, url: string): TestClient {
  const other = new TestClient(url);
  other.cookie = c.cookie;
  other.user = c.user;
  return other;
}

export const stored = async (id: string) => (await FreightModel.findById(id).lean<FreightListing>())!;

/** A few milliseconds of jitter, so the two sides meet at different points of each other's work. */
const jitter = () => sleep(Math.floor(Math.random() * 8));

/** `n` location updates, one every few milliseconds (REST, or the socket event when `socket` is given). */
/** The rounds' pings come from Chicago and their loads go to Dallas: deliveries say why (issue 16's rule). */
const DELIVERED_AWAY = signedDelivery({ deliveryNote: 'Race-test pings are sent from Chicago' });

async function pings(c: TestClient, freightId: string, n: number, socket = false): Promise<number[]> {
  const s = socket ? await c.socket() : null;
  const codes: number[] = [];
  for (let i = 0; i < n; i++) {
    const body = { latitude: 41 + i / 1000, longitude: -87.6 };
    if (s) {
      const ack = await s.timeout(10_000).emitWithAck('location:update', { freightId, ...body });
      codes.push(ack.ok ? 200 : 409);
    } else {
      codes.push((await c.post(`/api/freight/${freightId}/location`, body)).status);
    }
    await sleep(3);
  }
  s?.disconnect();
  return codes;
}

async function bookedLoad(x: Cast, status: 'booked' | 'in_transit' = 'booked'): Promise<string> {
  return seedLoad({ posterId: x.poster.user!.id, carrierId: x.carrier.user!.id, status });
}

async function deliveryPhoto(freightId: string, userId: string): Promise<void> {
  await FreightPhotoModel.create({
    freightListingId: freightId,
    userId,
    photoType: 'delivery',
    storageKey: 'race-test',
    mimeType: 'image/png',
    fileSize: 1,
  });
}

/** Pings against the explicit start of the trip: the pings leave the status alone, the start stands, once. */
export async function pingsVsStart(x: Cast, pinger: TestClient, starter: TestClient): Promise<void> {
  const id = await bookedLoad(x);
  const [codes, start] = await Promise.all([
    pings(pinger, id, 6),
    jitter().then(() => starter.post(`/api/freight/${id}/status`, { status: 'in_transit' })),
  ]);
  expect([200, 409]).toContain(start.status);
  expect(codes.every((c) => c === 200)).toBe(true);
  expect((await stored(id)).status).toBe('in_transit');
  // It moves on: delivered, with a photo.
  await deliveryPhoto(id, x.carrier.user!.id);
  expect((await starter.post(`/api/freight/${id}/status`, DELIVERED_AWAY)).status).toBe(200);
  expect((await stored(id)).status).toBe('delivered');
}

/** Pings (socket) against delivery: a 200 delivery stays delivered. */
export async function pingsVsDeliver(x: Cast, pinger: TestClient, deliverer: TestClient): Promise<void> {
  const id = await bookedLoad(x, 'in_transit');
  await deliveryPhoto(id, x.carrier.user!.id);
  const [, deliver] = await Promise.all([
    pings(pinger, id, 6, true),
    jitter().then(() => deliverer.post(`/api/freight/${id}/status`, DELIVERED_AWAY)),
  ]);
  expect(deliver.status).toBe(200);
  const after = await stored(id);
  expect(after.status).toBe('delivered');
  expect(String(after.carrierId)).toBe(x.carrier.user!.id);
}

/** The first pings (which start the trip) against the poster's cancel: cancelled iff the cancel was acknowledged. */
export async function pingsVsCancel(x: Cast, pinger: TestClient, poster: TestClient): Promise<void> {
  const id = await bookedLoad(x);
  const [, cancel] = await Promise.all([
    pings(pinger, id, 5),
    jitter().then(() => poster.post(`/api/freight/${id}/cancel`)),
  ]);
  expect([200, 409]).toContain(cancel.status);
  const after = await stored(id);
  expect(after.status).toBe(cancel.status === 200 ? 'cancelled' : 'in_transit');
  if (cancel.status === 409) {
    await deliveryPhoto(id, x.carrier.user!.id);
    expect((await pinger.post(`/api/freight/${id}/status`, DELIVERED_AWAY)).status).toBe(200);
  }
}

async function availableLoad(x: Cast): Promise<string> {
  return seedLoad({ posterId: x.poster.user!.id });
}

async function requestBooking(c: TestClient, freightId: string): Promise<string> {
  const res = await c.post(`/api/freight/${freightId}/book`, {});
  expect(res.status).toBe(201);
  return res.body.request.id as string;
}

const approve = (c: TestClient, requestId: string) =>
  c.post(`/api/booking-requests/${requestId}/review`, { status: 'approved' });

/**
 * The booking invariant of one load: a request is approved iff the load is booked (or was, and moved on) to its
 * carrier; nothing stays pending on a booked load; a booked load has its chat room; no booking is left open.
 */
export async function assertBookingConsistent(freightId: string): Promise<FreightListing> {
  const load = await stored(freightId);
  const requests = await BookingRequestModel.find({ freightListingId: load._id }).lean();
  const approved = requests.filter((r) => r.status === 'approved');
  const accepted = await NegotiationModel.find({ freightListingId: load._id, status: 'accepted' }).lean();
  const winners = [...approved, ...accepted].map((r) => String(r.carrierId));
  if (load.carrierId) {
    expect(winners).toEqual([String(load.carrierId)]);
  } else {
    expect(winners).toEqual([]);
  }
  if (load.status !== 'available') {
    expect(requests.filter((r) => r.status === 'pending')).toEqual([]);
    const open = await NegotiationModel.find({ freightListingId: load._id, status: 'pending' }).lean();
    expect(open).toEqual([]);
  }
  if (load.carrierId && load.status !== 'cancelled') {
    expect(await ChatRoomModel.exists({ freightListingId: load._id })).not.toBeNull();
  }
  expect(await OpenBookingModel.exists({ freightListingId: load._id })).toBeNull();
  return load;
}

/**
 * The load's event log against what is stored (issue 26): nothing left pending; exactly one event per fact — one
 * booking.requested per request, one booking.reviewed (approved) per approved request and one rejection fact per
 * rejected one, one offer.accepted / offer.rejected per closed offer, one move to each status the load left
 * available for (load.moved, or load.withdrawn for a withdrawal).
 */
export async function assertOneEventPerFact(freightId: string): Promise<StoredDomainEvent[]> {
  const load = await stored(freightId);
  const events = await DomainEventModel.find({ loadId: freightId }).lean<StoredDomainEvent[]>();
  expect(events.filter((e) => e.state === 'pending').map((e) => e._id)).toEqual([]);
  const recorded = events.filter((e) => e.state === 'recorded');
  const count = (
    name: string,
    subject: string,
    id: string,
    extra: (e: StoredDomainEvent) => boolean = () => true,
  ) => recorded.filter((e) => e.name === name && e.subjects?.[subject] === id && extra(e)).length;
  const requestStatus = (e: StoredDomainEvent) => (e.data.request as { status: string }).status;
  for (const r of await BookingRequestModel.find({ freightListingId: load._id }).lean()) {
    const id = String(r._id);
    expect(count('booking.requested', 'requestId', id)).toBe(1);
    const approvals = count('booking.reviewed', 'requestId', id, (e) => requestStatus(e) === 'approved');
    const rejections =
      count('booking.reviewed', 'requestId', id, (e) => requestStatus(e) === 'rejected') +
      count('booking.closed', 'requestId', id);
    if (r.status === 'approved') expect([approvals, rejections]).toEqual([1, 0]);
    if (r.status === 'rejected') expect(rejections).toBe(1);
    if (r.status === 'pending') expect([approvals, rejections]).toEqual([0, 0]);
  }
  for (const n of await NegotiationModel.find({ freightListingId: load._id }).lean()) {
    const id = String(n._id);
    expect(count('offer.made', 'negotiationId', id)).toBe(1);
    expect(count('offer.accepted', 'negotiationId', id)).toBe(n.status === 'accepted' ? 1 : 0);
    expect(count('offer.rejected', 'negotiationId', id)).toBe(n.status === 'rejected' ? 1 : 0);
  }
  const moves = recorded.filter((e) => e.name === 'load.moved' || e.name === 'load.withdrawn');
  const to = (e: StoredDomainEvent) =>
    e.name === 'load.withdrawn' ? 'cancelled' : (e.data.status as string);
  for (const status of new Set(moves.map(to))) expect(moves.filter((e) => to(e) === status)).toHaveLength(1);
  if (load.status !== 'available') expect(moves.filter((e) => to(e) === load.status)).toHaveLength(1);
  return recorded;
}

/** Approval against the poster's edit: both may succeed (edit first), and then the edit is not lost. */
export async function approvalVsEdit(x: Cast, approver: TestClient, editor: TestClient): Promise<void> {
  const id = await availableLoad(x);
  const requestId = await requestBooking(x.carrier, id);
  const title = `Edited ${Math.random().toString(36).slice(2, 8)}`;
  const [approval, edit] = await Promise.all([
    approve(approver, requestId),
    jitter().then(() => editor.patch(`/api/freight/${id}`, { title, rate: 2222 })),
  ]);
  expect(approval.status).toBe(200);
  expect([200, 409]).toContain(edit.status);
  const load = await assertBookingConsistent(id);
  expect(load.status).toBe('booked');
  expect(String(load.carrierId)).toBe(x.carrier.user!.id);
  if (edit.status === 200) expect(load).toMatchObject({ title, rateCents: 222200 });
  else expect(load.title).not.toBe(title);
  const events = await assertOneEventPerFact(id);
  // An acknowledged edit is one fact; a refused one is none.
  expect(events.filter((e) => e.name === 'load.edited')).toHaveLength(edit.status === 200 ? 1 : 0);
  // It moves on: the carrier starts the trip.
  expect((await x.carrier.post(`/api/freight/${id}/status`, { status: 'in_transit' })).status).toBe(200);
  await assertOneEventPerFact(id);
}

/** Two approvals of different requests on one load: exactly one wins, and the load is its carrier's. */
export async function twoApprovals(x: Cast, a: TestClient, b: TestClient): Promise<void> {
  const id = await availableLoad(x);
  const r1 = await requestBooking(x.carrier, id);
  const r2 = await requestBooking(x.carrier2, id);
  const results = await Promise.all([approve(a, r1), jitter().then(() => approve(b, r2))]);
  expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  const winner = results[0].status === 200 ? x.carrier : x.carrier2;
  const load = await assertBookingConsistent(id);
  expect(load.status).toBe('booked');
  expect(String(load.carrierId)).toBe(winner.user!.id);
  await assertOneEventPerFact(id);
  expect((await x.poster.post(`/api/freight/${id}/cancel`)).status).toBe(200);
  await assertOneEventPerFact(id);
}

/** Approval against cancel: cancelled whenever the cancel was acknowledged; booked only to the approved carrier. */
export async function approvalVsCancel(x: Cast, approver: TestClient, canceller: TestClient): Promise<void> {
  const id = await availableLoad(x);
  const requestId = await requestBooking(x.carrier, id);
  const [approval, cancel] = await Promise.all([
    approve(approver, requestId),
    jitter().then(() => canceller.post(`/api/freight/${id}/cancel`)),
  ]);
  expect([200, 409]).toContain(approval.status);
  expect(cancel.status).toBe(200); // available and booked loads can both be cancelled
  const load = await assertBookingConsistent(id);
  expect(load.status).toBe('cancelled');
  const request = await BookingRequestModel.findById(requestId).lean();
  expect(request!.status).toBe(approval.status === 200 ? 'approved' : 'rejected');
  await assertOneEventPerFact(id);
}

/** The broker accepts the version it saw while the carrier revises: the load's rate is the accepted version's. */
export async function acceptVsRevise(x: Cast, broker: TestClient, carrier: TestClient): Promise<void> {
  const id = await seedLoad({ posterId: broker.user!.id });
  const made = await carrier.post(`/api/freight/${id}/negotiate`, { proposedRate: 900 });
  expect(made.status).toBe(201);
  const offer = made.body.negotiation;
  const [accept, revise] = await Promise.all([
    broker.post(`/api/negotiations/${offer.id}/accept`, { version: offer.version }),
    jitter().then(() => carrier.post(`/api/negotiations/${offer.id}/revise`, { proposedRate: 905 })),
  ]);
  expect([accept.status, revise.status].sort()).toEqual([200, 409]);
  const load = await assertBookingConsistent(id);
  const events = await assertOneEventPerFact(id);
  // One revision fact iff the revision was acknowledged.
  expect(events.filter((e) => e.name === 'offer.revised')).toHaveLength(revise.status === 200 ? 1 : 0);
  if (accept.status === 200) {
    expect(load).toMatchObject({ status: 'booked', rateCents: 90000 });
    expect(accept.body.listing.rate).toBe(900);
    return;
  }
  // The accept of the old version is refused with the current offer; accepting that one books at its price.
  expect(accept.body.details[0].negotiation).toMatchObject({ proposedRate: 905, version: offer.version + 1 });
  expect(load.status).toBe('available');
  const again = await broker.post(`/api/negotiations/${offer.id}/accept`, { version: offer.version + 1 });
  expect(again.status).toBe(200);
  expect((await stored(id)).rateCents).toBe(90500);
  await assertOneEventPerFact(id);
}

/**
 * Negotiation in rounds (issue 39), both sides answering at once, each naming the version it saw. On an offer waiting
 * on the broker, the broker counters while the carrier revises; on a counter waiting on the carrier, the carrier
 * counters back while the broker counters again from a stale screen. Exactly one lands each time: the version grows
 * by one, the history by that one round (its side, figure and message), with one fact for it. It ends with the
 * carrier accepting the counter in one tab while countering it in another: exactly one, and the load consistent.
 */
export async function counterRounds(broker: TestClient, carrier: TestClient, rounds = 4): Promise<void> {
  const id = await seedLoad({ posterId: broker.user!.id });
  const made = await carrier.post(`/api/freight/${id}/negotiate`, { proposedRate: 1000, message: 'Opening' });
  expect(made.status).toBe(201);
  const offerId = made.body.negotiation.id as string;
  const current = async () => (await NegotiationModel.findById(offerId).lean())!;
  const facts = async () =>
    (
      await DomainEventModel.find({ loadId: id, 'subjects.negotiationId': offerId }).lean<
        StoredDomainEvent[]
      >()
    ).filter((e) => e.state === 'recorded' && (e.name === 'offer.countered' || e.name === 'offer.revised'))
      .length;
  for (let i = 0; i < rounds; i++) {
    const before = await current();
    const version = before.version;
    const brokerTurn = before.status === 'pending';
    const [b, c] = await Promise.all([
      broker.post(`/api/negotiations/${offerId}/counter`, {
        counterRate: 1200 + i,
        message: `Broker round ${i}`,
        version,
      }),
      jitter().then(() =>
        brokerTurn
          ? carrier.post(`/api/negotiations/${offerId}/revise`, {
              proposedRate: 1100 + i,
              message: `Revised ${i}`,
            })
          : carrier.post(`/api/negotiations/${offerId}/counter`, {
              counterRate: 1100 + i,
              message: `Carrier round ${i}`,
              version,
            }),
      ),
    ]);
    expect([b.status, c.status].sort(), `${b.text} ${c.text}`).toEqual([200, 409]);
    if (!brokerTurn) expect(c.status).toBe(200);
    const after = await current();
    expect(after.version).toBe(version + 1);
    expect(after.history).toHaveLength(before.history.length + 1);
    const step = after.history.at(-1)!;
    if (b.status === 200) {
      expect(step).toMatchObject({ by: 'broker', rateCents: (1200 + i) * 100, message: `Broker round ${i}` });
      expect(after.status).toBe('counter_offered');
    } else {
      expect(step).toMatchObject({ by: 'carrier', rateCents: (1100 + i) * 100 });
      expect(after.status).toBe('pending');
    }
    expect(await facts()).toBe(after.history.length - 1);
  }
  if ((await current()).status === 'pending') {
    const v = (await current()).version;
    const res = await broker.post(`/api/negotiations/${offerId}/counter`, { counterRate: 1300, version: v });
    expect(res.status).toBe(200);
  }
  const last = await current();
  const [accept, counter] = await Promise.all([
    carrier.post(`/api/negotiations/${offerId}/accept-counter`, { version: last.version }),
    jitter().then(() =>
      carrier.post(`/api/negotiations/${offerId}/counter`, { counterRate: 1250, version: last.version }),
    ),
  ]);
  expect([accept.status, counter.status].sort()).toEqual([200, 409]);
  const load = await assertBookingConsistent(id);
  await assertOneEventPerFact(id);
  expect(await facts()).toBe((await current()).history.length - 1);
  if (accept.status === 200) {
    expect(load).toMatchObject({ status: 'booked', rateCents: last.counterRateCents });
    expect(counter.body.message).toBe('This offer was already accepted');
  } else {
    expect(load.status).toBe('available');
    expect((await current()).status).toBe('pending');
  }
}
