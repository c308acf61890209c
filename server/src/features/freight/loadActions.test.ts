// Issue 23: the actions each viewer may take come with the listing (computed from the policies), and booking follows
// the load's mode (carriers road loads, air cargo operators air shipments).
import type { FreightListingDto, FreightPage, LoadViewerActions } from '@freight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextEvent, startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { UserModel } from '../users/model';
import { BookingRequestModel } from './bookingRequests/model';
import { NegotiationModel } from './negotiations/model';
import { airLoadInput, postLoad, verifiedClient } from './testUtils';

let app: TestApp;
let shipper: TestClient;
let otherShipper: TestClient;
let carrier: TestClient;
let unverifiedCarrier: TestClient;
let air: TestClient;
let otherAir: TestClient;

async function airOperator(): Promise<TestClient> {
  const c = await verifiedClient(app, 'air_cargo');
  const plan = await c.post('/api/subscriptions/activate', { plan: 'air_cargo_basic' });
  expect(plan.status, plan.text).toBe(200);
  return c;
}

async function postAir(c: TestClient, title: string): Promise<FreightListingDto> {
  const res = await c.post('/api/freight', airLoadInput({ title }));
  expect(res.status, res.text).toBe(201);
  return res.body as FreightListingDto;
}

/** The viewer's actions on a load, as the board's search answers them (and as GET /api/freight/:id does). */
async function actionsOf(c: TestClient, load: FreightListingDto): Promise<LoadViewerActions | undefined> {
  const air = load.equipmentType === 'air_cargo' ? '&equipmentType=air_cargo' : '';
  const page = (await c.get(`/api/freight?pageSize=100${air}`)).body as FreightPage;
  const found = page.items.find((l) => l.id === load.id);
  const one = await c.get(`/api/freight/${load.id}`);
  expect(one.status, one.text).toBe(200);
  expect(one.body.viewerActions).toEqual(found?.viewerActions);
  return found?.viewerActions;
}

beforeAll(async () => {
  app = await startTestApp();
  shipper = await verifiedClient(app, 'shipper');
  otherShipper = await verifiedClient(app, 'shipper');
  carrier = await verifiedClient(app, 'carrier');
  unverifiedCarrier = app.client();
  await unverifiedCarrier.registerAndLogin({ userType: 'carrier' });
  air = await airOperator();
  otherAir = await airOperator();
});
afterAll(async () => {
  await app?.close();
});

describe("the viewer's actions on a listing (issue 23)", () => {
  it('road loads: carriers book and offer, an unverified carrier must verify, shippers and air cargo get nothing', async () => {
    const own = await postLoad(shipper, { title: 'Actions own' });
    const other = await postLoad(otherShipper, { title: 'Actions other' });
    expect(await actionsOf(shipper, own)).toEqual({});
    expect(await actionsOf(shipper, other)).toEqual({});
    expect(await actionsOf(carrier, other)).toEqual({ book: 'allowed', offer: 'allowed' });
    expect(await actionsOf(unverifiedCarrier, other)).toEqual({ book: 'verify' });
    expect(await actionsOf(air, other)).toEqual({});
    expect(await actionsOf(app.client(), other)).toEqual({ book: 'signIn', offer: 'signIn' });
  });

  it('air shipments: another air cargo operator books (no offers), the poster and carriers get nothing', async () => {
    const shipment = await postAir(air, 'Actions air');
    expect(await actionsOf(otherAir, shipment)).toEqual({ book: 'allowed' });
    expect(await actionsOf(air, shipment)).toEqual({});
    const subscribedCarrier = await verifiedClient(app, 'carrier');
    expect(
      (await subscribedCarrier.post('/api/subscriptions/activate', { plan: 'carrier_basic' })).status,
    ).toBe(200);
    expect(await actionsOf(subscribedCarrier, shipment)).toEqual({});
  });

  it('a booked load offers nothing to anyone', async () => {
    const load = await postLoad(shipper, { title: 'Actions booked' });
    const req = await carrier.post(`/api/freight/${load.id}/book`, {});
    expect(req.status, req.text).toBe(201);
    const ok = await shipper.post(`/api/booking-requests/${req.body.request.id}/review`, {
      status: 'approved',
    });
    expect(ok.status, ok.text).toBe(200);
    const other = await verifiedClient(app, 'carrier');
    // A booked load is its participants' business only (issue 25): anyone else gets 404.
    expect((await other.get(`/api/freight/${load.id}`)).status).toBe(404);
    expect((await carrier.get(`/api/freight/${load.id}`)).body.viewerActions).toEqual({});
  });

  it('a live posting reaches each board with that viewer’s own actions', async () => {
    const carrierSocket = await carrier.socket();
    const shipperSocket = await shipper.socket();
    for (const socket of [carrierSocket, shipperSocket]) {
      const ack = await socket.emitWithAck('loadboard:filters', { board: 'road', filters: {} });
      expect(ack).toEqual({ ok: true, data: { board: 'road' } });
    }
    const toCarrier = nextEvent(carrierSocket, 'freight:posted', (p) => p.listing.title === 'Actions live');
    const toShipper = nextEvent(shipperSocket, 'freight:posted', (p) => p.listing.title === 'Actions live');
    await postLoad(shipper, { title: 'Actions live' });
    const pushed = await toCarrier;
    expect(pushed.listing.viewerActions).toEqual({ book: 'allowed', offer: 'allowed' });
    expect((await toShipper).listing.viewerActions).toEqual({});
    // With the poster's badge, as the board's pages carry it (issue 40): a new poster has no ratings yet.
    expect(pushed.listing.posterRating).toEqual({
      companyId: pushed.listing.companyId ?? pushed.listing.userId,
      count: 0,
      average: null,
    });
    carrier.closeSockets();
    shipper.closeSockets();
  });
});

describe('booking by mode (issue 23)', () => {
  it('an air cargo account cannot request a road dry-van load; a carrier cannot book or offer on an air shipment', async () => {
    const road = await postLoad(shipper, { title: 'Mode road', equipmentType: 'dry_van' });
    const refused = await air.post(`/api/freight/${road.id}/book`, {});
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only carriers can book road freight (and not their own loads)');
    expect(await BookingRequestModel.countDocuments({ freightListingId: road.id })).toBe(0);

    const shipment = await postAir(air, 'Mode air');
    const carrierBook = await carrier.post(`/api/freight/${shipment.id}/book`, {});
    expect(carrierBook.status).toBe(403);
    expect(carrierBook.body.message).toBe(
      'Only air cargo operators can book air shipments (and not their own)',
    );
    const carrierOffer = await carrier.post(`/api/freight/${shipment.id}/negotiate`, { proposedRate: 100 });
    expect(carrierOffer.status).toBe(403);
    expect(await BookingRequestModel.countDocuments({ freightListingId: shipment.id })).toBe(0);
    expect(await NegotiationModel.countDocuments({ freightListingId: shipment.id })).toBe(0);

    // A shipper is told it cannot book at all, not asked to verify first.
    const unverifiedShipper = app.client();
    const u = await unverifiedShipper.registerAndLogin({ userType: 'shipper' });
    await UserModel.updateOne({ _id: u.id }, { $set: { isVerified: false } });
    const shipperBook = await unverifiedShipper.post(`/api/freight/${road.id}/book`, {});
    expect(shipperBook.status).toBe(403);
    expect(shipperBook.body.message).toBe('Only carriers can book road freight (and not their own loads)');
  });

  it('an air cargo operator requests another’s air shipment; the poster lists and approves it; both then track it', async () => {
    const shipment = await postAir(air, 'Mode air booked');
    const own = await air.post(`/api/freight/${shipment.id}/book`, {});
    expect(own.status).toBe(403);

    const req = await otherAir.post(`/api/freight/${shipment.id}/book`);
    expect(req.status, req.text).toBe(201);
    const listed = await air.get('/api/booking-requests');
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.items.map((r: { id: string }) => r.id)).toContain(req.body.request.id);
    const mine = await otherAir.get('/api/booking-requests/mine');
    expect(mine.body.items.map((r: { id: string }) => r.id)).toEqual([req.body.request.id]);

    const approved = await air.post(`/api/booking-requests/${req.body.request.id}/review`, {
      status: 'approved',
    });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.listing).toMatchObject({ status: 'booked', carrierId: otherAir.user!.id });
    for (const party of [air, otherAir]) {
      const chat = await party.post(`/api/freight/${shipment.id}/chat/message`, { message: 'Hello' });
      expect(chat.status, chat.text).toBe(201);
    }
  });
});
