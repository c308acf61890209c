// Issue 41, slice 2: the clock at each stop, from the geofence (positions) and the driver's check-ins, on real
// services. The product's clock is moved (setClock), never waited on; it runs hours behind the real one, so the
// capture times of late points stay within the schema's real-time bounds.
import { clockTimeText, type StopClockDto } from '@freight/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { stressSize } from '@test/stress';
import { DomainEventModel, type StoredDomainEvent } from '../../../events/model';
import { resetClock, setClock } from '../../../infra/clock';
import { FreightModel } from '../../freight/model';
import { memberOf } from '../../fleet/testing';
import { NotificationModel } from '../../notifications/model';
import { EXACT_DELIVERY, EXACT_PICKUP, seedLoad, signedDelivery } from '../testing';
import { LoadStopClockModel } from './model';
import { checkFreeTimeWarning } from './service';

let app: TestApp;
let shipper: TestClient;
let carrier: TestClient;
let driver: TestClient;
let stranger: TestClient;
let shipperId: string;
let carrierId: string;

beforeAll(async () => {
  app = await startTestApp({ workers: true, env: { RATE_LIMITS_ENABLED: 'false' } });
  shipper = app.client();
  shipperId = (await shipper.registerAndLogin({ userType: 'shipper', companyName: 'Acme Shipping' })).id;
  carrier = app.client();
  carrierId = (await carrier.registerAndLogin({ userType: 'carrier', companyName: 'Lane Runner' })).id;
  driver = await memberOf(app, carrier, 'driver', 'Dee');
  stranger = app.client();
  await stranger.registerAndLogin({ userType: 'carrier' });
});
afterEach(() => resetClock());
afterAll(() => app?.close());

const MIN = 60_000;
/** The product's time, hours behind the real one (see the file's head). */
let t = 0;
function startClock(): number {
  t = Date.now() - 8 * 60 * MIN;
  setClock(() => new Date(t));
  return t;
}
const at = (ms: number) => new Date(ms).toISOString();

/** Miles north of a point, as a latitude (a degree of latitude is about 69 miles). */
const north = (p: { lat: number; lng: number }, miles: number) => ({
  latitude: Number((p.lat + miles / 69).toFixed(5)),
  longitude: p.lng,
});
const ping = (id: string, where: { latitude: number; longitude: number }, extra = {}, who = carrier) =>
  who.post(`/api/freight/${id}/location`, { ...where, ...extra });

const facts = (id: string, name: string) =>
  DomainEventModel.find({ name, loadId: id, state: 'recorded' }).sort({ seq: 1 }).lean<StoredDomainEvent[]>();
const clockOf = async (id: string, who = shipper) => {
  const res = await who.get(`/api/freight/${id}/stop-clock`);
  expect(res.status, res.text).toBe(200);
  return res.body as StopClockDto;
};

describe('the clock at the stops (issue 41, slice 2)', () => {
  it('the geofence records one arrival and one departure per stop from pings, with hysteresis; the history shows them', async () => {
    const id = await seedLoad({ posterId: shipperId, carrierId, exactStops: true });
    const t0 = startClock();

    // Two miles out: nothing. Inside half a mile: the arrival, at the ping's time.
    expect((await ping(id, north(EXACT_PICKUP, 2))).status).toBe(200);
    expect(await facts(id, 'stop.arrived')).toHaveLength(0);
    expect(await LoadStopClockModel.exists({ _id: id })).toBeNull(); // no write without a transition
    expect((await ping(id, north(EXACT_PICKUP, 0.1))).status).toBe(200);
    const [arrived] = await facts(id, 'stop.arrived');
    expect(arrived?.data).toMatchObject({
      stop: { sequence: 1, kind: 'pickup', stopCount: 2 },
      facilityName: 'Acme DC',
      timeZone: 'America/Chicago',
      at: at(t0),
      source: 'geofence',
      report: null,
      freeTimeMinutes: 120,
    });
    expect((arrived?.data as { facilityKey: string }).facilityKey).toMatch(/^[0-9a-f]{64}$/);
    expect((arrived?.data as { point: { id: string } }).point.id).toMatch(/^[0-9a-f]{24}$/);

    // Hysteresis: 0.6 miles out (past the arrival radius, within the departure one) is still on site.
    t = t0 + 10 * MIN;
    await ping(id, north(EXACT_PICKUP, 0.6));
    await ping(id, north(EXACT_PICKUP, 0.2));
    expect(await facts(id, 'stop.departed')).toHaveLength(0);

    // 3 h 20 m after the arrival the truck is a mile away: the departure, with its dwell.
    t = t0 + 200 * MIN;
    await ping(id, north(EXACT_PICKUP, 1));
    const departed = await facts(id, 'stop.departed');
    expect(departed).toHaveLength(1);
    expect(departed[0]!.data).toMatchObject({
      at: at(t0 + 200 * MIN),
      arrivedAt: at(t0),
      dwellMinutes: 200,
      source: 'geofence',
    });

    // Back inside: one visit per stop, nothing new (and the booked load's delivery is not watched yet).
    t = t0 + 230 * MIN;
    await ping(id, north(EXACT_PICKUP, 0.1));
    await ping(id, north(EXACT_DELIVERY, 0));
    expect(await facts(id, 'stop.arrived')).toHaveLength(1);

    const clock = await clockOf(id);
    expect(clock.stops.map((s) => [s.sequence, s.geofenced, s.arrivalSource, s.dwellMinutes])).toEqual([
      [1, true, 'geofence', 200],
      [2, true, null, null],
    ]);
    await app.rt.projectors.drain();
    const history = await shipper.get(`/api/freight/${id}/history`);
    const texts = (history.body.entries as { text: string }[]).map((e) => e.text);
    expect(texts).toContain(`Arrived at Acme DC (pickup) at ${clockTimeText(t0, 'America/Chicago')}`);
    expect(texts.some((x) => x.startsWith('Left Acme DC (pickup) at ') && x.endsWith('after 3 h 20 m'))).toBe(
      true,
    );
  });

  it('a late offline point counts at the time it was taken', async () => {
    const id = await seedLoad({ posterId: shipperId, carrierId, status: 'in_transit', exactStops: true });
    const t0 = startClock();
    // The phone kept two points without a signal and sends them later, oldest first.
    await ping(id, north(EXACT_DELIVERY, 0), { capturedAt: at(t0 - 90 * MIN), clientId: 'late-point-0001' });
    await ping(id, north(EXACT_DELIVERY, 3), { capturedAt: at(t0 - 5 * MIN), clientId: 'late-point-0002' });
    const [arrival] = await facts(id, 'stop.arrived');
    const [departure] = await facts(id, 'stop.departed');
    expect(arrival?.data).toMatchObject({ stop: { sequence: 2, kind: 'delivery' }, at: at(t0 - 90 * MIN) });
    expect(departure?.data).toMatchObject({ at: at(t0 - 5 * MIN), dwellMinutes: 85 });
    // A point taken before the arrival and sent even later does not leave again.
    await ping(id, north(EXACT_DELIVERY, 3), { capturedAt: at(t0 - 95 * MIN), clientId: 'late-point-0003' });
    expect(await facts(id, 'stop.departed')).toHaveLength(1);
  });

  it('a stop whose point is a city centre is checked in: the trip reports, the check-in call, and the delivery', async () => {
    const id = await seedLoad({ posterId: shipperId, carrierId }); // Chicago → Dallas, no street addresses
    const t0 = startClock();
    await ping(id, { latitude: 41.8781, longitude: -87.6298 }); // the city's centre: not a geofence
    expect(await facts(id, 'stop.arrived')).toHaveLength(0);
    expect((await clockOf(id)).stops.map((s) => s.geofenced)).toEqual([false, false]);

    // Arrived at pickup and Loaded are the pickup's check-ins.
    expect((await carrier.post(`/api/freight/${id}/stops`, { kind: 'arrived_pickup' })).status).toBe(201);
    t = t0 + 75 * MIN;
    expect((await carrier.post(`/api/freight/${id}/stops`, { kind: 'loaded' })).status).toBe(201);
    const [left] = await facts(id, 'stop.departed');
    expect(left?.data).toMatchObject({ source: 'check_in', report: 'loaded', dwellMinutes: 75 });

    // Bad input changes nothing.
    const path = `/api/freight/${id}/stops/delivery/check-in`;
    const before = await DomainEventModel.countDocuments({ loadId: id });
    const early = await carrier.post(path, { transition: 'departed' });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(
      'transition: Check in the arrival at Dallas, TX first: a departure needs an arrival',
    );
    expect(
      (await carrier.post(`/api/freight/${id}/stops/3/check-in`, { transition: 'arrived' })).status,
    ).toBe(400);
    expect((await carrier.post(path, { transition: 'left' })).status).toBe(400);
    expect((await carrier.post(path, { transition: 'arrived', at: 'yesterday' })).status).toBe(400);
    expect((await shipper.post(path, { transition: 'arrived' })).status).toBe(403);
    expect((await stranger.post(path, { transition: 'arrived' })).status).toBe(404);
    expect((await stranger.get(`/api/freight/${id}/stop-clock`)).status).toBe(404);
    expect(await DomainEventModel.countDocuments({ loadId: id })).toBe(before);

    // The driver checks in the arrival at the delivery with the time it happened.
    t = t0 + 6 * 60 * MIN;
    const arrived = await carrier.post(path, { transition: 'arrived', at: at(t0 + 5 * 60 * MIN) });
    expect(arrived.status, arrived.text).toBe(201);
    expect(arrived.body).toMatchObject({ arrivedAt: at(t0 + 5 * 60 * MIN), arrivalSource: 'check_in' });
    expect((await carrier.post(path, { transition: 'arrived' })).status).toBe(409);
    const backwards = await carrier.post(path, { transition: 'departed', at: at(t0 + 4 * 60 * MIN) });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toMatch(
      /^at: The departure \(.+\) is before the arrival at Dallas, TX \(.+\)$/,
    );
    expect(await facts(id, 'stop.departed')).toHaveLength(1);

    // The arrival counts as being there for the delivery; the receiver's signature is the departure.
    const delivered = await carrier.post(`/api/freight/${id}/status`, signedDelivery());
    expect(delivered.status, delivered.text).toBe(200);
    const departures = await facts(id, 'stop.departed');
    expect(departures).toHaveLength(2);
    expect(departures[1]!.data).toMatchObject({ source: 'check_in', report: 'delivered' });
    const clock = await clockOf(id);
    expect(clock.running).toBe(false);
    expect(clock.viewerActions).toEqual({});
  });

  it('the warning: once, from the job or a ping at the stop, never after the departure; the poster is told', async () => {
    const id = await seedLoad({ posterId: shipperId, carrierId, status: 'in_transit', exactStops: true });
    const t0 = startClock();
    t = t0 - 30 * MIN;
    await ping(id, north(EXACT_PICKUP, 0));
    t = t0;
    await ping(id, north(EXACT_DELIVERY, 0)); // leaves the pickup (far) …
    await ping(id, north(EXACT_DELIVERY, 0)); // … and arrives at the delivery
    const job = { loadId: id, sequence: 2 };
    t = t0 + 100 * MIN;
    expect(await checkFreeTimeWarning(job)).toEqual({ warned: false, reason: 'not due' });
    t = t0 + 105 * MIN; // 2 h free less 15 minutes
    expect(await checkFreeTimeWarning(job)).toEqual({ warned: true });
    expect(await checkFreeTimeWarning(job)).toEqual({ warned: false, reason: 'warned' });
    await ping(id, north(EXACT_DELIVERY, 0.1));
    const warnings = await facts(id, 'stop.freeTimeEnding');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.data).toMatchObject({
      facilityName: 'Lone Star Foods',
      arrivedAt: at(t0),
      detentionStartsAt: at(t0 + 120 * MIN),
    });
    // The pickup was left before its warning: the job does nothing.
    expect(await checkFreeTimeWarning({ loadId: id, sequence: 1 })).toEqual({
      warned: false,
      reason: 'departed',
    });
    await app.rt.projectors.drain();
    const told = await eventually(() =>
      NotificationModel.findOne({
        userId: shipperId,
        link: `/tracking/${id}`,
        title: /^Detention starts/,
      }).lean(),
    );
    expect(told?.title).toMatch(/^Detention starts at \d{1,2}:\d\d [ap]m C[DS]T at Lone Star Foods$/);
    expect(await NotificationModel.countDocuments({ userId: carrierId, title: /^Detention starts/ })).toBe(0);

    // A second load: the ping path gives the warning when a position at the stop comes after its time.
    const other = await seedLoad({ posterId: shipperId, carrierId, exactStops: true, freeTimeMinutes: 60 });
    t = t0;
    await ping(other, north(EXACT_PICKUP, 0));
    t = t0 + 44 * MIN;
    await ping(other, north(EXACT_PICKUP, 0.05));
    expect(await facts(other, 'stop.freeTimeEnding')).toHaveLength(0);
    t = t0 + 46 * MIN;
    await ping(other, north(EXACT_PICKUP, 0.05));
    await ping(other, north(EXACT_PICKUP, 0.05));
    expect(await facts(other, 'stop.freeTimeEnding')).toHaveLength(1);
  });

  it('who sees what: the poster and the carrier see the clock and the money; the driver the clock without amounts, and checks in', async () => {
    const id = await seedLoad({ posterId: shipperId, carrierId, exactStops: true });
    await FreightModel.updateOne({ _id: id }, { $set: { assignedDriverId: driver.user!.id } });
    startClock();
    // The assigned driver's phone shares the position (a dispatcher's is not the truck's).
    expect((await ping(id, north(EXACT_PICKUP, 0), {}, driver)).status).toBe(200);
    const seen = {
      shipper: await clockOf(id, shipper),
      carrier: await clockOf(id, carrier),
      driver: await clockOf(id, driver),
    };
    expect(seen.shipper.detention).toEqual({ detentionCentsPerHour: 7500, billingStepMinutes: 15 });
    expect(seen.carrier.detention).toEqual({ detentionCentsPerHour: 7500, billingStepMinutes: 15 });
    expect(seen.driver.detention).toBeUndefined();
    expect(seen.driver.stops[0]!.arrivalSource).toBe('geofence');
    expect(seen.driver.viewerActions).toEqual({ checkIn: true });
    expect(seen.shipper.viewerActions).toEqual({});
    t += 30 * MIN;
    const left = await driver.post(`/api/freight/${id}/stops/pickup/check-in`, { transition: 'departed' });
    expect(left.status, left.text).toBe(201);
    expect(left.body).toMatchObject({ departureSource: 'check_in', dwellMinutes: 30 });
  });

  const ROUNDS = stressSize(20, 4);
  it(`a transition fired from several sides at once is recorded once (${ROUNDS} rounds)`, async () => {
    startClock();
    for (let round = 0; round < ROUNDS; round++) {
      const id = await seedLoad({ posterId: shipperId, carrierId, exactStops: true });
      const path = `/api/freight/${id}/stops/pickup/check-in`;
      const arrivals = await Promise.all([
        ping(id, north(EXACT_PICKUP, 0)),
        carrier.post(path, { transition: 'arrived' }),
        ping(id, north(EXACT_PICKUP, 0.1)),
        carrier.post(`/api/freight/${id}/stops`, { kind: 'arrived_pickup' }),
      ]);
      expect(arrivals.map((r) => r.status).filter((s) => s >= 500)).toEqual([]);
      expect(await facts(id, 'stop.arrived')).toHaveLength(1);
      t += 45 * MIN;
      const departures = await Promise.all([
        ping(id, north(EXACT_PICKUP, 2)),
        carrier.post(path, { transition: 'departed' }),
        ping(id, north(EXACT_PICKUP, 3)),
      ]);
      expect(departures.map((r) => r.status).filter((s) => s >= 500)).toEqual([]);
      const departed = await facts(id, 'stop.departed');
      expect(departed).toHaveLength(1);
      expect((departed[0]!.data as { dwellMinutes: number }).dwellMinutes).toBe(45);
      const stored = await LoadStopClockModel.findById(id).lean();
      expect(stored?.transitions.sort()).toEqual(['1-arrived', '1-departed']);
    }
  });
});
