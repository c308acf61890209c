// Issue 39, item 1 (first part): a load's pickup and delivery with real places. The details reach the load's parties
// only (the poster, the booked carrier, its dispatcher, the assigned driver); the board, the public API's board and
// other carriers see the city and state. An appointment in the past is a 400 and changes nothing.
import type {
  ApiKeyCreatedDto,
  FreightListingDto,
  LoadStopDto,
  TrackingFreightDto,
  TripDto,
} from '@freight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { memberOf } from '../fleet/testing';
import { assignForTest } from '../trips/testing';
import { FreightModel } from './model';
import { loadInput, postLoad, verifiedClient } from './testUtils';

let app: TestApp;
let shipper: TestClient;
let owner: TestClient;
let stranger: TestClient;

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const STREET = '1200 Commerce Way';

const pickupStop = {
  facilityName: 'Sierra Cold Storage',
  address: STREET,
  dockNotes: 'Door 14, check in at the guard shack',
  appointment: { kind: 'window', time: '08:00', endTime: '10:00' },
  pickupNumber: 'PU-4471',
  poNumber: 'PO-88121',
  bolNumber: 'BOL-9001',
  contactName: 'Maria Lopez',
  contactPhone: '(775) 555-0142',
} as const;
const deliveryStop = { facilityName: 'Valley Foods DC', appointment: { kind: 'fcfs' } } as const;

const stopInput = () =>
  loadInput({
    originCity: 'Reno',
    originState: 'NV',
    originZip: '89502',
    destinationCity: 'Sacramento',
    destinationState: 'CA',
    pickupDate: day(5),
    deliveryDate: day(6),
    pickupStop,
    deliveryStop,
  });

beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMITS_ENABLED: 'false' } });
  shipper = await verifiedClient(app, 'shipper');
  owner = await verifiedClient(app, 'carrier', { companyName: 'Dock Finders LLC' });
  stranger = await verifiedClient(app, 'carrier', { companyName: 'Other Road Co' });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

async function makeKey(c: TestClient): Promise<string> {
  const res = await c.post('/api/api-keys', { name: 'TMS', scopes: ['loads:read', 'loads:write'] });
  expect(res.status, res.text).toBe(201);
  return (res.body as ApiKeyCreatedDto).secret;
}
const v1 = (secret: string, path: string, init: RequestInit = {}) =>
  fetch(`${app.url}/api/v1${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
  });

const countMine = async (c: TestClient) => FreightModel.countDocuments({ userId: c.user!.id });

/** Nothing of the stop's details in an answer: no street, facility, reference or contact. */
function expectNoDetails(body: unknown) {
  const text = JSON.stringify(body);
  for (const secret of [STREET, 'Sierra Cold Storage', 'PU-4471', 'PO-88121', 'Maria Lopez', '555-0142']) {
    expect(text).not.toContain(secret);
  }
}

describe('stop details reach the parties only', { timeout: 120_000 }, () => {
  it('the poster sees them; the board, another carrier and the public board see city and state only', async () => {
    const load = await postLoad(shipper, stopInput());
    expect(load.pickupStop).toEqual({ ...pickupStop, appointment: { ...pickupStop.appointment } });
    expect(load.deliveryStop).toMatchObject({
      facilityName: 'Valley Foods DC',
      address: null,
      appointment: { kind: 'fcfs', time: null, endTime: null },
    });
    expect((await shipper.get(`/api/freight/${load.id}`)).body.pickupStop.address).toBe(STREET);
    // The poster's load page (its Edit starts from these).
    expect((await shipper.get(`/api/freight/${load.id}/interest`)).body.listing.pickupStop.address).toBe(
      STREET,
    );

    const board = await stranger.get('/api/freight?originCity=Reno');
    expect(board.status).toBe(200);
    const listed = (board.body.items as FreightListingDto[]).find((l) => l.id === load.id);
    expect(listed).toMatchObject({ originCity: 'Reno', originState: 'NV' });
    expect(listed).not.toHaveProperty('pickupStop');
    expectNoDetails(board.body);
    const one = await stranger.get(`/api/freight/${load.id}`);
    expect(one.status).toBe(200);
    expect(one.body).not.toHaveProperty('pickupStop');
    expectNoDetails(one.body);
    // A carrier waiting on the load (its request pending) is not a party yet.
    expect((await stranger.post(`/api/freight/${load.id}/book`, {})).status).toBe(201);
    expectNoDetails((await stranger.get(`/api/freight/${load.id}`)).body);
    expectNoDetails((await app.client().get(`/api/freight/${load.id}`)).body);

    const strangerKey = await makeKey(stranger);
    const publicBoard = await v1(strangerKey, '/board?originCity=Reno');
    expect(publicBoard.status).toBe(200);
    const publicBody = (await publicBoard.json()) as { data: FreightListingDto[] };
    expect(publicBody.data.some((l) => l.id === load.id)).toBe(true);
    expectNoDetails(publicBody);
    expect((await v1(strangerKey, `/loads/${load.id}`)).status).toBe(404);
    const shipperKey = await makeKey(shipper);
    const own = (await (await v1(shipperKey, `/loads/${load.id}`)).json()) as FreightListingDto;
    expect(own.pickupStop?.address).toBe(STREET);
  });

  it('once booked: the carrier, its dispatcher and the assigned driver see them; another carrier still does not', async () => {
    const load = await postLoad(shipper, stopInput());
    const asked = await owner.post(`/api/freight/${load.id}/book`, {});
    expect(asked.status, asked.text).toBe(201);
    expectNoDetails((await owner.get(`/api/freight/${load.id}`)).body);
    const approved = await shipper.post(`/api/booking-requests/${asked.body.request.id}/review`, {
      status: 'approved',
    });
    expect(approved.status, approved.text).toBe(200);

    const booked = (await owner.get(`/api/freight/${load.id}`)).body as FreightListingDto;
    expect(booked.pickupStop).toMatchObject({ address: STREET, pickupNumber: 'PU-4471' });
    const mine = (await owner.get('/api/freight/my-listings')).body as { items: FreightListingDto[] };
    expect(mine.items.find((l) => l.id === load.id)?.pickupStop?.facilityName).toBe('Sierra Cold Storage');
    const dispatcher = await memberOf(app, owner, 'dispatcher', 'Dee');
    const seen = (await dispatcher.get(`/api/freight/${load.id}`)).body as FreightListingDto;
    expect(seen.pickupStop?.contactPhone).toBe('(775) 555-0142');

    const driver = await memberOf(app, owner, 'driver', 'Rae');
    await assignForTest({ loadId: load.id, driverId: driver.user!.id, byId: owner.user!.id });
    const trips = (await driver.get('/api/trips')).body as { items: TripDto[] };
    const stop = trips.items.find((t) => t.id === load.id)?.nextStop;
    expect(stop).toMatchObject({
      kind: 'pickup',
      address: `${STREET}, Reno, NV 89502`,
      // No geocoder here (offline): the point is the ZIP's centre, approximate.
      approximate: true,
      lat: 39.4972,
      lng: -119.7764,
      facilityName: 'Sierra Cold Storage',
      dockNotes: 'Door 14, check in at the guard shack',
      appointment: { kind: 'window', time: '08:00', endTime: '10:00' },
      pickupNumber: 'PU-4471',
      poNumber: 'PO-88121',
      bolNumber: 'BOL-9001',
      contactName: 'Maria Lopez',
      contactPhone: '(775) 555-0142',
    });
    expect(stop!.mapsUrl).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${STREET}, Reno, NV 89502`)}`,
    );
    // Directions go to the street address, not to the city's centre.
    expect(stop!.navigationUrl).toContain(encodeURIComponent(STREET));
    expect((await driver.get(`/api/freight/${load.id}`)).body.pickupStop.address).toBe(STREET);

    expect((await stranger.get(`/api/freight/${load.id}`)).status).toBe(404);
    expectNoDetails((await stranger.get('/api/freight/my-listings')).body);
  });

  it('the tracking page: the poster, the booked carrier, its dispatcher and the driver get both stops; another carrier does not', async () => {
    const carrier = await verifiedClient(app, 'carrier', { companyName: 'Lane Keepers LLC' });
    const load = await postLoad(shipper, stopInput());
    const asked = await carrier.post(`/api/freight/${load.id}/book`, {});
    expect(asked.status, asked.text).toBe(201);
    const approved = await shipper.post(`/api/booking-requests/${asked.body.request.id}/review`, {
      status: 'approved',
    });
    expect(approved.status, approved.text).toBe(200);
    const driver = await memberOf(app, carrier, 'driver', 'Tia');
    await assignForTest({ loadId: load.id, driverId: driver.user!.id, byId: carrier.user!.id });
    const dispatcher = await memberOf(app, carrier, 'dispatcher', 'Dan');

    for (const viewer of [carrier, dispatcher, driver, shipper]) {
      const res = await viewer.get(`/api/freight/${load.id}/tracking`);
      expect(res.status, res.text).toBe(200);
      const tracked = res.body as TrackingFreightDto;
      expect(tracked.pickupStop).toMatchObject({
        kind: 'pickup',
        address: `${STREET}, Reno, NV 89502`,
        facilityName: 'Sierra Cold Storage',
        appointment: { kind: 'window', time: '08:00', endTime: '10:00' },
        pickupNumber: 'PU-4471',
        contactPhone: '(775) 555-0142',
        mapsUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${STREET}, Reno, NV 89502`)}`,
      });
      expect(tracked.deliveryStop).toMatchObject({
        kind: 'delivery',
        address: 'Sacramento, CA',
        approximate: true,
        facilityName: 'Valley Foods DC',
        appointment: { kind: 'fcfs' },
      });
      // The tracked loads' list is the same DTO.
      const list = (await viewer.get('/api/tracking/loads')).body as { items: TrackingFreightDto[] };
      expect(list.items.find((l) => l.id === load.id)?.pickupStop?.facilityName).toBe('Sierra Cold Storage');
    }

    const other = await stranger.get(`/api/freight/${load.id}/tracking`);
    expect(other.status).toBe(404);
    expectNoDetails(other.body);
    expectNoDetails((await stranger.get('/api/tracking/loads')).body);
  });
});

describe('bad stop details are refused, nothing stored', { timeout: 60_000 }, () => {
  it('an appointment in the past is a 400 on posting, on the public API and on an edit', async () => {
    const before = await countMine(shipper);
    const past = await shipper.post('/api/freight', {
      ...stopInput(),
      pickupDate: day(-2),
      deliveryDate: day(1),
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('pickupStop: The pickup appointment is in the past');
    const v1Past = await v1(await makeKey(shipper), '/loads', {
      method: 'POST',
      body: JSON.stringify({ ...stopInput(), deliveryDate: day(-1), pickupDate: day(-1) }),
    });
    expect(v1Past.status).toBe(400);
    expect(((await v1Past.json()) as { error: { message: string } }).error.message).toMatch(
      /appointment is in the past/,
    );
    expect(await countMine(shipper)).toBe(before);

    const load = await postLoad(shipper, stopInput());
    const edit = await shipper.patch(`/api/freight/${load.id}`, {
      pickupDate: day(-3),
      deliveryDate: day(1),
    });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe('pickupStop: The pickup appointment is in the past');
    const stored = await FreightModel.findById(load.id).lean();
    expect(stored!.pickupDate!.toISOString().slice(0, 10)).toBe(day(5));
    expect(stored!.pickupStop?.address).toBe(STREET);
  });

  it('a window ending before it starts, an appointment without a time or date, a bad phone: 400', async () => {
    const before = await countMine(shipper);
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { pickupStop: { appointment: { kind: 'window', time: '10:00', endTime: '09:00' } } },
        'pickupStop.appointment.endTime: The window must end after it starts',
      ],
      [
        { deliveryStop: { appointment: { kind: 'appointment' } } },
        'deliveryStop.appointment.time: Enter the appointment time',
      ],
      [
        { pickupDate: null, pickupStop: { appointment: { kind: 'appointment', time: '09:00' } } },
        'pickupDate: Set the pickup date of the pickup appointment',
      ],
      [
        { pickupStop: { contactPhone: 'call me' } },
        'pickupStop.contactPhone: Enter a phone number, e.g. (775) 555-0142',
      ],
      [
        { pickupStop: { appointment: { kind: 'someday' } } },
        'pickupStop.appointment.kind: Choose fcfs, appointment or window',
      ],
    ];
    for (const [overrides, message] of cases) {
      const res = await shipper.post('/api/freight', { ...stopInput(), ...overrides });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await countMine(shipper)).toBe(before);
  });

  it('a stop sent empty is none; an edit replaces a stop as a whole and null clears it', async () => {
    const blank = await postLoad(shipper, { ...stopInput(), pickupStop: { facilityName: '', address: ' ' } });
    expect(blank.pickupStop).toBeNull();
    const load = await postLoad(shipper, stopInput());
    const edited = await shipper.patch(`/api/freight/${load.id}`, {
      pickupStop: { address: '9 Elm St', appointment: { kind: 'appointment', time: '07:30' } },
      deliveryStop: null,
    });
    expect(edited.status, edited.text).toBe(200);
    const stop = (edited.body as FreightListingDto).pickupStop as LoadStopDto;
    expect(stop).toMatchObject({ address: '9 Elm St', facilityName: null, pickupNumber: null });
    expect(stop.appointment).toEqual({ kind: 'appointment', time: '07:30', endTime: null });
    expect((edited.body as FreightListingDto).deliveryStop).toBeNull();
  });
});

// Issue 39, item 1: loads with more than one pickup or delivery, in order.
describe(
  'stops in between: posted in order, seen by the parties, followed by the driver',
  { timeout: 120_000 },
  () => {
    const between = () => [
      {
        kind: 'pickup' as const,
        city: 'Sparks',
        state: 'nv',
        zip: '89431',
        date: day(5),
        facilityName: 'Sparks Cross-Dock',
        address: '55 Freeport Blvd',
        pickupNumber: 'PU-2222',
      },
      { kind: 'delivery' as const, city: 'Auburn', state: 'CA', date: day(6), poNumber: 'PO-3333' },
    ];
    const multiStopInput = (extraStops: unknown = between()) =>
      ({ ...stopInput(), extraStops }) as Parameters<typeof postLoad>[1];

    it('the poster sees every stop in order; the board and another carrier see only how many', async () => {
      const load = await postLoad(shipper, multiStopInput());
      expect(load.extraStopCount).toBe(2);
      expect(load.extraStops).toMatchObject([
        { kind: 'pickup', city: 'Sparks', state: 'NV', zip: '89431', facilityName: 'Sparks Cross-Dock' },
        { kind: 'delivery', city: 'Auburn', state: 'CA', zip: null, poNumber: 'PO-3333', address: null },
      ]);
      expect(load.extraStops![0]!.date!.slice(0, 10)).toBe(day(5));

      const board = await stranger.get('/api/freight?originCity=Reno');
      const listed = (board.body.items as FreightListingDto[]).find((l) => l.id === load.id);
      expect(listed?.extraStopCount).toBe(2);
      expect(listed).not.toHaveProperty('extraStops');
      expect(JSON.stringify(board.body)).not.toContain('Sparks Cross-Dock');
      expect(JSON.stringify((await stranger.get(`/api/freight/${load.id}`)).body)).not.toContain('PU-2222');
    });

    it('out of order, a bad state, too many, or by air: 400 and nothing stored', async () => {
      const before = await countMine(shipper);
      const refused = async (input: Parameters<typeof postLoad>[1], message: string) => {
        const res = await shipper.post('/api/freight', loadInput(input));
        expect(res.status, res.text).toBe(400);
        expect(res.text).toContain(message);
      };
      const [first, second] = between();
      await refused(
        multiStopInput([first, { ...second, date: day(4) }]),
        'Stops must be in order: stop 3 is dated before stop 2',
      );
      await refused(
        multiStopInput([{ ...first, date: day(3) }]),
        'Stops must be in order: stop 2 is dated before the pickup',
      );
      await refused(
        { ...multiStopInput(), deliveryDate: day(5) },
        'Stops must be in order: the delivery is dated before stop 3',
      );
      await refused(multiStopInput([{ ...first, state: 'Nevada' }]), 'Expected a two-letter US state code');
      await refused(multiStopInput([{ ...first, city: '' }]), 'Required');
      await refused(multiStopInput(Array.from({ length: 7 }, () => second)), 'At most 6 stops');
      await refused(
        multiStopInput([{ ...second, appointment: { kind: 'appointment', time: '09:00' }, date: day(-3) }]),
        'in the past',
      );
      expect(await countMine(shipper)).toBe(before);
    });

    it('an edit replaces the list as a whole, [] removes it, and moving the pickup past a stop is refused', async () => {
      const load = await postLoad(shipper, multiStopInput());
      const late = await shipper.patch(`/api/freight/${load.id}`, {
        pickupDate: day(7),
        deliveryDate: day(8),
      });
      expect(late.status).toBe(400);
      expect(late.body.message).toContain('Stops must be in order');
      expect((await shipper.get(`/api/freight/${load.id}`)).body.extraStopCount).toBe(2);

      const one = await shipper.patch(`/api/freight/${load.id}`, { extraStops: [between()[1]] });
      expect(one.status, one.text).toBe(200);
      expect((one.body as FreightListingDto).extraStops).toMatchObject([
        { city: 'Auburn', kind: 'delivery' },
      ]);
      const none = await shipper.patch(`/api/freight/${load.id}`, { extraStops: [] });
      expect((none.body as FreightListingDto).extraStopCount).toBe(0);
      expect((none.body as FreightListingDto).extraStops).toEqual([]);
    });

    it("the driver's next stop walks the stops in order as the carrier reports each done", async () => {
      const carrier = await verifiedClient(app, 'carrier', { companyName: 'Many Stops Freight' });
      const load = await postLoad(shipper, multiStopInput());
      const asked = await carrier.post(`/api/freight/${load.id}/book`, {});
      expect(asked.status, asked.text).toBe(201);
      const approved = await shipper.post(`/api/booking-requests/${asked.body.request.id}/review`, {
        status: 'approved',
      });
      expect(approved.status, approved.text).toBe(200);
      const driver = await memberOf(app, carrier, 'driver', 'Sol');
      await assignForTest({ loadId: load.id, driverId: driver.user!.id, byId: carrier.user!.id });

      const nextStop = async () => {
        const trips = (await driver.get('/api/trips')).body as { items: TripDto[] };
        return trips.items.find((t) => t.id === load.id)?.nextStop;
      };
      expect(await nextStop()).toMatchObject({ kind: 'pickup', sequence: 1, stopCount: 4 });
      const tracked = (await driver.get(`/api/freight/${load.id}/tracking`)).body as TrackingFreightDto;
      expect(tracked.extraStops).toMatchObject([
        {
          kind: 'pickup',
          sequence: 2,
          address: '55 Freeport Blvd, Sparks, NV 89431',
          pickupNumber: 'PU-2222',
        },
        { kind: 'delivery', sequence: 3, address: 'Auburn, CA', poNumber: 'PO-3333' },
      ]);
      expect(tracked.deliveryStop).toMatchObject({ sequence: 4, stopCount: 4 });

      const report = (body: Record<string, unknown>) => driver.post(`/api/freight/${load.id}/stops`, body);
      expect((await report({ kind: 'arrived_pickup' })).status).toBe(201);
      expect((await report({ kind: 'loaded' })).status).toBe(201);
      expect(await nextStop()).toMatchObject({
        kind: 'pickup',
        sequence: 2,
        facilityName: 'Sparks Cross-Dock',
      });
      expect((await report({ kind: 'stop_done', stop: 2 })).status).toBe(201);
      expect(await nextStop()).toMatchObject({ kind: 'delivery', sequence: 3, address: 'Auburn, CA' });
      expect((await report({ kind: 'stop_done', stop: 3 })).status).toBe(201);
      expect(await nextStop()).toMatchObject({
        kind: 'delivery',
        sequence: 4,
        facilityName: 'Valley Foods DC',
      });
    });
  },
);
