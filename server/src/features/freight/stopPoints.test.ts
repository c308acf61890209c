// Issue 39, item 1: a stop's street address is geocoded by the configured geocoder (GEOCODER_URL, Nominatim's
// search API). A loopback HTTP server plays Nominatim here. Found: the stop's point, exact, is where the map pins it
// and the delivery geofence sits. Not found: 400 naming the field, nothing stored. The geocoder failing or slow: the
// ZIP's centre, approximate, and the load is posted. A dock pinned by the booked carrier's dispatcher or driver is the
// point of that load and of every later load at the facility.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FreightListingDto, LoadHistoryPageDto, TrackingFreightDto, TripStopDto } from '@freight/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nextEvent, startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { DomainEventModel } from '../../events/model';
import { memberOf } from '../fleet/testing';
import { signedDelivery } from '../tracking/testing';
import { assignForTest } from '../trips/testing';
import { FacilityPinModel } from './dockPins/model';
import { FreightModel } from './model';
import { loadInput, verifiedClient } from './testUtils';

/** What the stand-in Nominatim answers next: a status and a body, or nothing for a while (a hung geocoder). */
type Answer = { status: number; body: unknown } | 'hang';
let answer: Answer;
const requests: IncomingMessage[] = [];
let nominatim: Server;

let app: TestApp;
let shipper: TestClient;
let carrier: TestClient;

// A dock 25 miles from Sacramento's centre (Roseville way): far enough that the city's centre would be outside the
// 10-mile delivery radius.
const DOCK = { lat: 38.7521, lng: -121.288 };
const ZIP_95815 = { lat: 38.6093, lng: -121.4443 }; // the zipcodes table's centre of 95815, Sacramento

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const input = (street = '8000 Industrial Ave') =>
  loadInput({
    originCity: 'Reno',
    originState: 'NV',
    destinationCity: 'Sacramento',
    destinationState: 'CA',
    destinationZip: '95815',
    pickupDate: day(3),
    deliveryDate: day(4),
    deliveryStop: { facilityName: 'Valley Foods DC', address: street },
  });

beforeAll(async () => {
  nominatim = createServer((req, res) => {
    requests.push(req);
    if (answer === 'hang') return; // never answers: the server's timeout decides
    res.writeHead(answer.status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => nominatim.listen(0, '127.0.0.1', resolve));
  const { port } = nominatim.address() as AddressInfo;
  app = await startTestApp({
    env: { RATE_LIMITS_ENABLED: 'false', GEOCODER_URL: `http://127.0.0.1:${port}/nominatim/` },
  });
  shipper = await verifiedClient(app, 'shipper');
  carrier = await verifiedClient(app, 'carrier', { companyName: 'Geo Haul LLC' });
}, 120_000);
afterAll(async () => {
  await app?.close();
  nominatim?.closeAllConnections();
  await new Promise((resolve) => nominatim?.close(resolve));
});
beforeEach(() => {
  requests.length = 0;
  answer = { status: 200, body: [{ lat: String(DOCK.lat), lon: String(DOCK.lng), display_name: 'x' }] };
});

const storedStop = async (id: string) => (await FreightModel.findById(id).lean())!.deliveryStop!;
const postCount = async () => FreightModel.countDocuments({});
/** What the load's history says, newest first (its facts are written by a projector, so callers poll it). */
const historyTexts = async (client: typeof shipper, loadId: string) =>
  ((await client.get(`/api/freight/${loadId}/history`)).body as LoadHistoryPageDto).entries.map(
    (e) => e.text,
  );

async function bookedInTransit(load: FreightListingDto) {
  const asked = await carrier.post(`/api/freight/${load.id}/book`, {});
  expect(asked.status, asked.text).toBe(201);
  const approved = await shipper.post(`/api/booking-requests/${asked.body.request.id}/review`, {
    status: 'approved',
  });
  expect(approved.status, approved.text).toBe(200);
  const moved = await carrier.post(`/api/freight/${load.id}/status`, { status: 'in_transit' });
  expect(moved.status, moved.text).toBe(200);
}

describe('geocoding a stop’s street address', { timeout: 120_000 }, () => {
  it('found: the stop’s point is exact; the map and the delivery geofence sit on it, not on the city’s centre', async () => {
    const res = await shipper.post('/api/freight', input());
    expect(res.status, res.text).toBe(201);
    const load = res.body as FreightListingDto;

    // One structured search, US only, naming us.
    expect(requests).toHaveLength(1);
    const url = new URL(requests[0]!.url!, 'http://x');
    expect(url.pathname).toBe('/nominatim/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      format: 'jsonv2',
      limit: '1',
      street: '8000 Industrial Ave',
      city: 'Sacramento',
      state: 'CA',
      postalcode: '95815',
      countrycodes: 'us',
    });
    expect(requests[0]!.headers['user-agent']).toMatch(/^FreightConnect\//);
    expect(await storedStop(load.id)).toMatchObject({ ...DOCK, approximate: false, pinned: false });
    // The point is the server's: the stop's details in the DTO are as before.
    expect(load.deliveryStop).not.toHaveProperty('lat');

    await bookedInTransit(load);
    const tracked = (await carrier.get(`/api/freight/${load.id}/tracking`)).body as TrackingFreightDto;
    expect({ lat: tracked.deliveryLat, lng: tracked.deliveryLng }).toEqual(DOCK);
    expect(tracked.deliveryStop).toMatchObject({ ...DOCK, approximate: false });
    expect(tracked.deliveryStop!.navigationUrl).toContain(encodeURIComponent(`${DOCK.lat},${DOCK.lng}`));

    // At the dock (25 miles from the city's centre): delivered without a reason.
    const here = await carrier.post(`/api/freight/${load.id}/location`, {
      latitude: DOCK.lat + 0.01,
      longitude: DOCK.lng,
    });
    expect(here.status, here.text).toBe(200);
    const done = await carrier.post(`/api/freight/${load.id}/status`, signedDelivery());
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ status: 'delivered', deliveryNote: null });
  });

  it('not found: 400 naming the field, nothing stored, on posting and on an edit', async () => {
    answer = { status: 200, body: [] };
    const before = await postCount();
    const res = await shipper.post('/api/freight', input('1 Nowhere Lane'));
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toBe('deliveryStop.address: This address could not be found');
    expect(await postCount()).toBe(before);

    answer = { status: 200, body: [{ lat: String(DOCK.lat), lon: String(DOCK.lng) }] };
    const posted = await shipper.post('/api/freight', input());
    expect(posted.status, posted.text).toBe(201);
    const id = (posted.body as FreightListingDto).id;
    const stored = await FreightModel.findById(id).lean();

    answer = { status: 200, body: [] };
    const edit = await shipper.patch(`/api/freight/${id}`, {
      deliveryStop: { facilityName: 'Valley Foods DC', address: '1 Nowhere Lane' },
    });
    expect(edit.status, edit.text).toBe(400);
    expect(edit.body.message).toBe('deliveryStop.address: This address could not be found');
    expect(await FreightModel.findById(id).lean()).toEqual(stored);
  });

  it('an edit sending the stop unchanged keeps its point without asking again; a new street is looked up', async () => {
    const posted = await shipper.post('/api/freight', input());
    expect(posted.status, posted.text).toBe(201);
    const id = (posted.body as FreightListingDto).id;
    requests.length = 0;
    const same = await shipper.patch(`/api/freight/${id}`, {
      rate: 2100,
      deliveryStop: { facilityName: 'Valley Foods DC', address: '8000 Industrial Ave' },
    });
    expect(same.status, same.text).toBe(200);
    expect(requests).toHaveLength(0);
    expect(await storedStop(id)).toMatchObject({ ...DOCK, approximate: false });

    answer = { status: 200, body: [{ lat: '38.6', lon: '-121.4' }] };
    const moved = await shipper.patch(`/api/freight/${id}`, {
      deliveryStop: { facilityName: 'Valley Foods DC', address: '10 Other St' },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(requests).toHaveLength(1);
    expect(await storedStop(id)).toMatchObject({ lat: 38.6, lng: -121.4, approximate: false });
  });

  it.each([
    ['fails (503)', { status: 503, body: { error: 'overloaded' } }],
    ['answers something else than results', { status: 200, body: { error: 'bad' } }],
    ['does not answer within its timeout', 'hang'],
  ] as const)('the geocoder %s: posted, the ZIP’s centre, approximate', async (_name, next) => {
    answer = next as Answer;
    const res = await shipper.post('/api/freight', input());
    expect(res.status, res.text).toBe(201);
    const id = (res.body as FreightListingDto).id;
    expect(await storedStop(id)).toMatchObject({ ...ZIP_95815, approximate: true });
    // Back up: an edit sending the stop again looks it up.
    answer = { status: 200, body: [{ lat: String(DOCK.lat), lon: String(DOCK.lng) }] };
    const edit = await shipper.patch(`/api/freight/${id}`, {
      deliveryStop: { facilityName: 'Valley Foods DC', address: '8000 Industrial Ave' },
    });
    expect(edit.status, edit.text).toBe(200);
    expect(await storedStop(id)).toMatchObject({ ...DOCK, approximate: false });
  });
});

describe('pinning a stop’s dock', { timeout: 120_000 }, () => {
  it('the driver or the dispatcher pins it; the load and every later load at the facility use it; others may not', async () => {
    const posted = await shipper.post('/api/freight', input());
    expect(posted.status, posted.text).toBe(201);
    const load = posted.body as FreightListingDto;
    await bookedInTransit(load);
    const driver = await memberOf(app, carrier, 'driver', 'Pia');
    await assignForTest({ loadId: load.id, driverId: driver.user!.id, byId: carrier.user!.id });
    const dispatcher = await memberOf(app, carrier, 'dispatcher', 'Dov');
    const stranger = await verifiedClient(app, 'carrier', { companyName: 'Not On It LLC' });
    const pinUrl = `/api/freight/${load.id}/stops/delivery/pin`;
    const PIN = { lat: 38.7555, lng: -121.2911 };
    const before = await FreightModel.findById(load.id).lean();

    // Refused, nothing changed: bad points, a stop that is not one, the poster, a carrier not on the load.
    for (const [body, field] of [
      [{ lat: 95, lng: -121 }, 'lat'],
      [{ lat: 38, lng: -181 }, 'lng'],
      [{ lat: '38', lng: -121 }, 'lat'],
    ] as const) {
      const res = await driver.post(pinUrl, body);
      expect(res.status, res.text).toBe(400);
      expect(res.body.message).toMatch(new RegExp(`^${field}: `));
    }
    const notAStop = await driver.post(`/api/freight/${load.id}/stops/dock/pin`, PIN);
    expect(notAStop.status).toBe(400);
    expect(notAStop.body.message).toMatch(/^which: /);
    expect((await shipper.post(pinUrl, PIN)).status).toBe(403);
    expect((await stranger.post(pinUrl, PIN)).status).toBe(404);
    expect((await driver.post('/api/freight/not-a-load/stops/delivery/pin', PIN)).status).toBe(404);
    expect(await FreightModel.findById(load.id).lean()).toEqual(before);
    expect(await FacilityPinModel.countDocuments({})).toBe(0);

    // Live: the load's room is told (no point in the push) and the driver's My Trips gets the trip again.
    const watching = await dispatcher.socket();
    const joined = await (
      watching as unknown as {
        timeout(ms: number): { emitWithAck(e: string, p: object): Promise<{ ok: boolean }> };
      }
    )
      .timeout(5000)
      .emitWithAck('freight:join', { freightId: load.id });
    expect(joined.ok).toBe(true);
    const told = nextEvent(watching, 'freight:dockPinned', (p) => p.freightId === load.id);
    const trip = nextEvent(await driver.socket(), 'trip:upsert', (p) => p.trip.id === load.id);

    const pinned = await driver.post(pinUrl, PIN);
    expect(pinned.status, pinned.text).toBe(200);
    expect(pinned.body as TripStopDto).toMatchObject({
      kind: 'delivery',
      ...PIN,
      approximate: false,
      dockPinned: true,
    });
    const tracked = (await dispatcher.get(`/api/freight/${load.id}/tracking`)).body as TrackingFreightDto;
    expect({ lat: tracked.deliveryLat, lng: tracked.deliveryLng }).toEqual(PIN);
    expect(tracked.deliveryStop).toMatchObject({ ...PIN, dockPinned: true });
    expect(await DomainEventModel.countDocuments({ loadId: load.id, name: 'dock.pinned' })).toBe(1);
    expect(await told).toEqual({ freightId: load.id, stop: 'delivery' });
    expect((await trip).trip.nextStop).toMatchObject({ kind: 'delivery', ...PIN, dockPinned: true });
    // The load's history says so (no point in it).
    await expect
      .poll(() => historyTexts(shipper, load.id), { timeout: 15_000 })
      .toContain('Delivery dock pinned on the map');
    // The dispatcher may pin it again (moved to the right door): the facility keeps one pin.
    const again = await dispatcher.post(pinUrl, { lat: 38.7556, lng: -121.2912 });
    expect(again.status, again.text).toBe(200);
    expect(await FacilityPinModel.countDocuments({})).toBe(1);

    // A later load at the same facility (spelled with other case and spacing): the pin, without asking the geocoder.
    requests.length = 0;
    const later = await shipper.post('/api/freight', {
      ...input(),
      deliveryStop: { facilityName: 'VALLEY FOODS  DC', address: '8000 industrial ave.' },
    });
    expect(later.status, later.text).toBe(201);
    expect(requests).toHaveLength(0);
    expect(await storedStop((later.body as FreightListingDto).id)).toMatchObject({
      lat: 38.7556,
      lng: -121.2912,
      approximate: false,
      pinned: true,
    });
  });

  it('a stop in between: geocoded under its own field, pinned by its number, its pin used by a later load there', async () => {
    const between = {
      kind: 'delivery',
      city: 'Roseville',
      state: 'CA',
      zip: '95678',
      date: day(4),
      facilityName: 'Roseville Yard',
      address: '10 Yard Way',
    };
    answer = { status: 200, body: [] };
    const count = await postCount();
    const refused = await shipper.post('/api/freight', {
      ...input(),
      deliveryStop: null,
      extraStops: [between],
    });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.message).toBe('extraStops.0.address: This address could not be found');
    expect(await postCount()).toBe(count);

    answer = { status: 200, body: [{ lat: String(DOCK.lat), lon: String(DOCK.lng), display_name: 'x' }] };
    const posted = await shipper.post('/api/freight', {
      ...input(),
      deliveryStop: null,
      extraStops: [between],
    });
    expect(posted.status, posted.text).toBe(201);
    const load = posted.body as FreightListingDto;
    const stored = async () => (await FreightModel.findById(load.id).lean())!.extraStops[0]!;
    expect(await stored()).toMatchObject({ ...DOCK, approximate: false, pinned: false, city: 'Roseville' });
    await bookedInTransit(load);

    const PIN = { lat: 38.7901, lng: -121.2502 };
    const none = await carrier.post(`/api/freight/${load.id}/stops/3/pin`, PIN);
    expect(none.status, none.text).toBe(400);
    expect(none.body.message).toBe("which: This load's stops in between are numbered 2 to 2");
    const pinned = await carrier.post(`/api/freight/${load.id}/stops/2/pin`, PIN);
    expect(pinned.status, pinned.text).toBe(200);
    expect(pinned.body as TripStopDto).toMatchObject({
      kind: 'delivery',
      sequence: 2,
      ...PIN,
      dockPinned: true,
    });
    // The stop keeps its details; the load's own delivery stop is untouched.
    expect(await stored()).toMatchObject({
      ...PIN,
      pinned: true,
      facilityName: 'Roseville Yard',
      zip: '95678',
    });
    const tracked = (await carrier.get(`/api/freight/${load.id}/tracking`)).body as TrackingFreightDto;
    expect(tracked.extraStops?.[0]).toMatchObject({ ...PIN, dockPinned: true, sequence: 2, pinAs: 2 });
    // Each stop says how the pin route names it and whether this viewer may pin it: the carrier may, the poster not.
    expect(tracked.extraStops?.[0]?.viewerActions).toEqual({ pinDock: true });
    expect(tracked.pickupStop).toMatchObject({ pinAs: 'pickup' });
    const posterView = (await shipper.get(`/api/freight/${load.id}/tracking`)).body as TrackingFreightDto;
    expect(posterView.extraStops?.[0]?.pinAs).toBe(2);
    expect(posterView.extraStops?.[0]?.viewerActions).toBeUndefined();
    expect(tracked.deliveryStop).toMatchObject({ sequence: 3, stopCount: 3, dockPinned: false });
    expect(tracked.deliveryStop?.lat).not.toBe(PIN.lat);
    await expect
      .poll(() => historyTexts(shipper, load.id), { timeout: 15_000 })
      .toContain('Stop 2 (delivery) dock pinned on the map');

    requests.length = 0;
    const later = await shipper.post('/api/freight', {
      ...input(),
      deliveryStop: null,
      extraStops: [between],
    });
    expect(later.status, later.text).toBe(201);
    expect(requests).toHaveLength(0);
    const laterStop = (await FreightModel.findById((later.body as FreightListingDto).id).lean())!
      .extraStops[0];
    expect(laterStop).toMatchObject({ ...PIN, pinned: true, approximate: false });
  });

  it('a stop without a street address has no facility to pin: 409, nothing stored', async () => {
    const posted = await shipper.post('/api/freight', {
      ...input(),
      deliveryStop: { facilityName: 'Somewhere DC' },
    });
    expect(posted.status, posted.text).toBe(201);
    const load = posted.body as FreightListingDto;
    await bookedInTransit(load);
    const count = await FacilityPinModel.countDocuments({});
    const res = await carrier.post(`/api/freight/${load.id}/stops/delivery/pin`, { lat: 38.6, lng: -121.4 });
    expect(res.status, res.text).toBe(409);
    expect(await FacilityPinModel.countDocuments({})).toBe(count);
  });
});
