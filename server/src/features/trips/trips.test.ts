import type { LocationPointDto, Page, TripDto } from '@freight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextEvent, startTestApp, uniqueEmail, type TestApp, type TestClient } from '@test/helpers';
import { FreightModel } from '../freight/model';
import { LocationPointModel } from '../tracking/model';
import { PNG_BYTES, seedLoad } from '../tracking/testing';
import { assignForTest } from './testing';

/** Issue 29, the driver's phone: who may work a trip, My Trips live, and positions kept offline and sent late. */

let app: TestApp;
let shipper: TestClient;
let owner: TestClient;
let driver: TestClient;
let otherDriver: TestClient;
let strangerDriver: TestClient;
let shipperId: string;
let ownerId: string;
let driverId: string;
let otherDriverId: string;
let strangerDriverId: string;

async function joinAs(carrierOwner: TestClient, role: string): Promise<TestClient> {
  const email = uniqueEmail(role);
  const invited = await carrierOwner.post('/api/company/invitations', { email, role });
  expect(invited.status, invited.text).toBe(201);
  const token = new URL(invited.body.link as string).pathname.replace(/^\/join\//, '');
  const c = app.client();
  await c.registerAndLogin({ email, userType: 'carrier', companyName: 'Solo Co', firstName: 'Dale' });
  const accepted = await c.post(`/api/company/invitations/${token}/accept`);
  expect(accepted.status, accepted.text).toBe(200);
  await c.login(email, 'Freight-Lane-42!');
  return c;
}

beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMITS_ENABLED: 'false' } });
  shipper = app.client();
  shipperId = (await shipper.registerAndLogin({ userType: 'shipper' })).id;
  owner = app.client();
  ownerId = (await owner.registerAndLogin({ userType: 'carrier', companyName: 'Ridge Haulers' })).id;
  driver = await joinAs(owner, 'driver');
  driverId = driver.user!.id;
  otherDriver = await joinAs(owner, 'driver');
  otherDriverId = otherDriver.user!.id;
  const otherOwner = app.client();
  await otherOwner.registerAndLogin({ userType: 'carrier', companyName: 'Elsewhere Trucking' });
  strangerDriver = await joinAs(otherOwner, 'driver');
  strangerDriverId = strangerDriver.user!.id;
}, 180_000);
afterAll(async () => {
  await app?.close();
});

/** A load booked to the owner's company, assigned to `assignee` (default: the driver). */
async function assignedLoad(
  assignee = driverId,
  status: 'booked' | 'in_transit' | 'delivered' = 'booked',
  carrierId = ownerId,
) {
  const loadId = await seedLoad({ posterId: shipperId, carrierId, status });
  await assignForTest({ loadId, driverId: assignee, byId: carrierId });
  return loadId;
}

function uploadPhoto(c: TestClient, freightId: string, fields: Record<string, string> = {}) {
  const req = c.raw('post', `/api/freight/${freightId}/photos`).field('photoType', 'pickup');
  for (const [k, v] of Object.entries(fields)) req.field(k, v);
  return req.attach('photo', PNG_BYTES, { filename: 'photo.png', contentType: 'image/png' });
}

describe('who works a trip', { timeout: 60_000 }, () => {
  it("the shipper's message counts as unread for the assigned driver: pushed live and in the navigation's list", async () => {
    const id = await assignedLoad();
    const socket = await driver.socket();
    const pushed = nextEvent(socket, 'chat:unread', (p) => p.freightId === id, 15_000);
    const sent = await shipper.post(`/api/freight/${id}/chat/message`, { message: 'Dock 4, ask for Sam' });
    expect(sent.status, sent.text).toBe(201);
    expect(await pushed).toEqual({ freightId: id, unreadCount: 1 });
    const list = (await driver.get('/api/tracking/unread')).body as {
      items: Array<{ freightId: string; unreadCount: number }>;
    };
    expect(list.items).toContainEqual({ freightId: id, unreadCount: 1 });
    // Another driver of the company, not on the load, hears nothing of it.
    expect(
      ((await otherDriver.get('/api/tracking/unread')).body.items as Array<{ freightId: string }>).some(
        (i) => i.freightId === id,
      ),
    ).toBe(false);
    socket.disconnect();
  });

  it('the assigned driver tracks, reports stops, adds photos, chats and joins the room', async () => {
    const id = await assignedLoad();
    const detail = await driver.get(`/api/freight/${id}/tracking`);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.viewerActions).toEqual({
      updateLocation: true,
      reportStops: true,
      startTrip: true,
      write: true,
      pinDock: true,
    });
    const ping = await driver.post(`/api/freight/${id}/location`, { latitude: 41.88, longitude: -87.63 });
    expect(ping.status, ping.text).toBe(200);
    for (const kind of ['arrived_pickup', 'loaded']) {
      const res = await driver.post(`/api/freight/${id}/stops`, { kind });
      expect(res.status, res.text).toBe(201);
    }
    expect((await FreightModel.findById(id).lean())!.status).toBe('in_transit');
    const photo = await uploadPhoto(driver, id);
    expect(photo.status, photo.text).toBe(201);
    const chat = await driver.post(`/api/freight/${id}/chat/message`, { message: 'Loaded, rolling' });
    expect(chat.status, chat.text).toBe(201);
    const socket = await driver.socket();
    const ack = await socket.emitWithAck('freight:join', { freightId: id });
    expect(ack).toMatchObject({ ok: true });
  });

  it('a driver of the same company who is not assigned, and another company’s driver, are told 404', async () => {
    const id = await assignedLoad();
    // Another company's driver named on the load is still not on it: the load is not their company's.
    const foreign = await assignedLoad(strangerDriverId);
    const cases: Array<[TestClient, string]> = [
      [otherDriver, id],
      [strangerDriver, id],
      [strangerDriver, foreign],
    ];
    for (const [c, loadId] of cases) {
      const attempts = await Promise.all([
        c.get(`/api/freight/${loadId}/tracking`),
        c.get(`/api/freight/${loadId}/location/history`),
        c.post(`/api/freight/${loadId}/location`, { latitude: 41.88, longitude: -87.63 }),
        c.post(`/api/freight/${loadId}/stops`, { kind: 'arrived_pickup' }),
        c.post(`/api/freight/${loadId}/chat/message`, { message: 'hello' }),
        c.get(`/api/freight/${loadId}/chat`),
        uploadPhoto(c, loadId),
      ]);
      expect(attempts.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    }
    expect(await LocationPointModel.countDocuments({ freightListingId: id })).toBe(0);
    const socket = await otherDriver.socket();
    expect(await socket.emitWithAck('freight:join', { freightId: id })).toMatchObject({ ok: false });
  });
});

describe('My Trips', { timeout: 60_000 }, () => {
  it('lists only the driver’s loads, active first (with the next stop), then delivered, paged', async () => {
    const fleetOwner = app.client();
    const fleetOwnerId = (await fleetOwner.registerAndLogin({ userType: 'carrier' })).id;
    const solo = await joinAs(fleetOwner, 'driver');
    const soloId = solo.user!.id;
    const delivered = await assignedLoad(soloId, 'delivered', fleetOwnerId);
    const booked = await assignedLoad(soloId, 'booked', fleetOwnerId);
    const rolling = await assignedLoad(soloId, 'in_transit', fleetOwnerId);
    await assignedLoad(otherDriverId); // someone else's
    const all = (await solo.get('/api/trips?pageSize=10')).body as Page<TripDto>;
    expect(all.total).toBe(3);
    expect(all.items.map((t) => t.id).slice(2)).toEqual([delivered]);
    expect(new Set(all.items.slice(0, 2).map((t) => t.id))).toEqual(new Set([booked, rolling]));
    const byId = new Map(all.items.map((t) => [t.id, t]));
    expect(byId.get(booked)!.nextStop).toMatchObject({ kind: 'pickup', address: 'Chicago, IL' });
    expect(byId.get(rolling)!.nextStop).toMatchObject({ kind: 'delivery', address: 'Dallas, TX' });
    expect(byId.get(rolling)!.nextStop!.navigationUrl).toMatch(
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/,
    );
    expect(byId.get(delivered)!.nextStop).toBeNull();
    expect(byId.get(booked)!.viewerActions).toMatchObject({ updateLocation: true, reportStops: true });
    expect(byId.get(booked)!.assignment).toMatchObject({ driverId: soloId, truckUnit: 'T-101' });
    const page2 = (await solo.get('/api/trips?page=2&pageSize=2')).body as Page<TripDto>;
    expect(page2.items.map((t) => t.id)).toEqual([delivered]);
    expect((await owner.get('/api/trips')).body.total).toBe(0);
  });

  it('a trip assigned appears on the driver’s phone live; reassigned, it leaves theirs for the other driver’s', async () => {
    const id = await seedLoad({ posterId: shipperId, carrierId: ownerId });
    await app.rt.projectors.drain();
    const [mine, theirs] = await Promise.all([driver.socket(), otherDriver.socket()]);
    const arrived = nextEvent(mine, 'trip:upsert', (p) => p.trip.id === id);
    await assignForTest({ loadId: id, driverId, byId: ownerId });
    expect((await arrived).trip).toMatchObject({ id, status: 'booked', nextStop: { kind: 'pickup' } });

    const gone = nextEvent(mine, 'trip:removed', (p) => p.tripId === id);
    const came = nextEvent(theirs, 'trip:upsert', (p) => p.trip.id === id);
    await assignForTest({ loadId: id, driverId: otherDriverId, byId: ownerId, truckUnit: 'T-202' });
    await gone;
    expect((await came).trip.assignment).toMatchObject({ driverId: otherDriverId, truckUnit: 'T-202' });
    expect((await driver.get(`/api/freight/${id}/tracking`)).status).toBe(404);

    // A move reaches the trip's driver: Loaded turns the next stop to the delivery.
    const moved = nextEvent(theirs, 'trip:upsert', (p) => p.trip.id === id && p.trip.status === 'in_transit');
    await otherDriver.post(`/api/freight/${id}/stops`, { kind: 'arrived_pickup' });
    await otherDriver.post(`/api/freight/${id}/stops`, { kind: 'loaded' });
    expect((await moved).trip.nextStop).toMatchObject({ kind: 'delivery' });
  });
});

describe('positions taken offline and sent late', { timeout: 60_000 }, () => {
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
  const trail = async (id: string) =>
    (
      (await shipper.get(`/api/freight/${id}/location/history?pageSize=50`)).body as Page<LocationPointDto>
    ).items
      .map((p) => p.lat)
      .reverse();

  it('join the trail in capture order, leave the current position at the newest, and reach the shipper live', async () => {
    const id = await assignedLoad();
    const watcher = await shipper.socket();
    await watcher.emitWithAck('freight:join', { freightId: id });
    const now = await driver.post(`/api/freight/${id}/location`, { latitude: 40.5, longitude: -88 });
    expect(now.status, now.text).toBe(200);
    const pushed: number[] = [];
    watcher.on('freight:location', (p) => {
      if (p.freightId === id) pushed.push(p.point.lat);
    });
    // The phone was offline before that ping: its three points arrive afterwards, in the order taken.
    const late = [40.1, 40.2, 40.3];
    for (const [i, lat] of late.entries()) {
      const res = await driver.post(`/api/freight/${id}/location`, {
        latitude: lat,
        longitude: -88,
        capturedAt: ago((4 - i) * 60_000),
        clientId: `late-point-${id}-${i}`,
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.lat).toBe(40.5); // the position stays the newest one
    }
    expect(await trail(id)).toEqual([40.1, 40.2, 40.3, 40.5]);
    const location = await shipper.get(`/api/freight/${id}/location`);
    expect(location.body).toMatchObject({ lat: 40.5, lng: -88 });
    const last = nextEvent(watcher, 'freight:location', (p) => p.point.lat === 40.4);
    await driver.post(`/api/freight/${id}/location`, {
      latitude: 40.4,
      longitude: -88,
      capturedAt: ago(30_000),
      clientId: `late-point-${id}-3`,
    });
    const event = await last;
    expect(event.lat).toBe(40.5);
    expect(pushed).toEqual([...late, 40.4]);
  });

  it('a point sent again (racing, after a flaky reconnect) is stored once', async () => {
    const id = await assignedLoad();
    for (let round = 0; round < 5; round++) {
      const body = {
        latitude: 41 + round / 100,
        longitude: -88,
        capturedAt: ago(120_000 - round * 1000),
        clientId: `dup-${id}-${round}`,
      };
      const answers = await Promise.all(
        [1, 2, 3].map(() => driver.post(`/api/freight/${id}/location`, body)),
      );
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    }
    expect(await LocationPointModel.countDocuments({ freightListingId: id })).toBe(5);
    const photoFields = { capturedAt: ago(60_000), clientId: `photo-${id}` };
    const photos = await Promise.all([
      uploadPhoto(driver, id, photoFields),
      uploadPhoto(driver, id, photoFields),
    ]);
    expect(photos.map((r) => r.status)).toEqual([201, 201]);
    expect(photos[0].body.id).toBe(photos[1].body.id);
    const listed = await driver.get(`/api/freight/${id}/photos`);
    expect(listed.body.total).toBe(1);
    expect(listed.body.items[0].createdAt).toBe(photoFields.capturedAt);
  });

  it('refuses a capture time in the future, too old or malformed, and a bad client id: 400, nothing stored', async () => {
    const id = await assignedLoad();
    const bad = [
      { capturedAt: new Date(Date.now() + 10 * 60_000).toISOString() },
      { capturedAt: ago(49 * 3_600_000) },
      { capturedAt: 'yesterday' },
      { clientId: 'x' },
      { clientId: 'has spaces in it' },
    ];
    for (const extra of bad) {
      const res = await driver.post(`/api/freight/${id}/location`, {
        latitude: 41,
        longitude: -88,
        ...extra,
      });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.message).toMatch(/capturedAt|clientId/);
    }
    const photo = await uploadPhoto(driver, id, { capturedAt: ago(49 * 3_600_000) });
    expect(photo.status).toBe(400);
    expect(await LocationPointModel.countDocuments({ freightListingId: id })).toBe(0);
    // A phone clock a little ahead is taken as now.
    const skewed = await driver.post(`/api/freight/${id}/location`, {
      latitude: 41,
      longitude: -88,
      capturedAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(skewed.status).toBe(200);
    expect(Date.parse(skewed.body.lastLocationUpdate)).toBeLessThanOrEqual(Date.now());
  });
});
