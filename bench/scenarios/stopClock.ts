// The clock at the stops and the facility dwell scorecards at scale (issue 41, slice 5): a facility's page, a load's
// facilities' scorecards, a load's running clock, the ping path inside a geofence (the hot write) and the load's trail,
// each timed with `small` and with `large` location points of other loads stored (with those loads, their positions,
// their clocks, their facilities' dwell summaries and their facts in the event log), for a shipper and a carrier who
// own the same few loads at both sizes. Every measured read is an `_id` lookup or one top-level equality that pages:
// the ratio stays near 1 (goal ≤ 1.5).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DomainEventModel } from '@freight/server/events/model';
import { FacilityDwellModel, windowStartDay, type DwellDay } from '@freight/server/features/facilities/model';
import { CompanyModel } from '@freight/server/features/companies/model';
import { facilityKeyOf } from '@freight/server/features/freight/dockPins/model';
import { FreightModel } from '@freight/server/features/freight/model';
import { LoadPositionModel, LocationPointModel } from '@freight/server/features/tracking/model';
import { LoadStopClockModel, type StoredStopVisit } from '@freight/server/features/tracking/stopClock/model';
import { UserModel } from '@freight/server/features/users/model';
import mongoose, { Types, type Model } from 'mongoose';
import {
  BenchClient,
  round,
  sleep,
  startServer,
  summarize,
  type BenchContext,
  type ScenarioResult,
  type ServerProcess,
  twoColumns,
  worldSizes,
} from '../lib';

const DAY = 86_400_000;
const MIN = 60_000;
const BATCH = 2000;
/** Each other load has about this many points in its trail (so loads, and everything per load, grow with N). */
const POINTS_PER_LOAD = 100;
/** A position fact per this many points (one per 15-minute window at a ping every 1.5 minutes). */
const POINTS_PER_FACT = 10;
/** Other loads per other facility (each load's pickup and delivery are two of them). */
const LOADS_PER_FACILITY = 20;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const MODELS: Array<Model<any>> = [
  LocationPointModel,
  LoadPositionModel,
  LoadStopClockModel,
  FacilityDwellModel,
  DomainEventModel,
  FreightModel,
];

const loadCount = (n: number) => Math.max(2, Math.ceil(n / POINTS_PER_LOAD));
const facilityCount = (n: number) => Math.max(2, Math.ceil(loadCount(n) / LOADS_PER_FACILITY));
/** The other loads' and their carriers' ids: fixed per index, so both worlds hold the same first loads. */
const loadIdOf = (i: number) => new Types.ObjectId(`aaaaaaaa${i.toString(16).padStart(16, '0')}`);
const ownerIdOf = (i: number) => new Types.ObjectId(`bbbbbbbb${(i % 500).toString(16).padStart(16, '0')}`);

const CITIES = [
  ['Chicago', 'IL', '60607', 41.85, -87.65],
  ['Dallas', 'TX', '75201', 32.78, -96.8],
  ['Atlanta', 'GA', '30303', 33.75, -84.39],
  ['Denver', 'CO', '80202', 39.75, -104.99],
  ['Memphis', 'TN', '38103', 35.15, -90.05],
  ['Columbus', 'OH', '43215', 39.96, -83.0],
] as const;

/** Other facility `f`: a named dock in one of the cities, its point a little off the city's centre. */
function facility(f: number) {
  const [city, state, zip, lat, lng] = CITIES[f % CITIES.length]!;
  const facilityName = `Warehouse ${f}`;
  const address = `${100 + f} Industrial Pkwy`;
  return {
    city,
    state,
    zip,
    facilityName,
    address,
    lat: round(lat + ((f * 7) % 100) / 1000, 7),
    lng: round(lng - ((f * 13) % 100) / 1000, 7),
    key: facilityKeyOf({ city, state, zip, facilityName, address })!,
  };
}

/** Other load `i`: picked up at facility `i % F`, delivered at the next; 1 in 4 in transit (on site at the delivery). */
function otherLoad(i: number, facilities: number, now: number) {
  const from = facility(i % facilities);
  const to = facility((i + 1) % facilities);
  const inTransit = i % 4 === 0;
  const stop = (s: ReturnType<typeof facility>) => ({
    facilityName: s.facilityName,
    address: s.address,
    lat: s.lat,
    lng: s.lng,
    approximate: false,
    pinned: false,
  });
  const doc = new FreightModel({
    _id: loadIdOf(i),
    userId: ownerIdOf(i + 250),
    shipperId: ownerIdOf(i + 250),
    carrierId: ownerIdOf(i),
    title: `${from.city}, ${from.state} to ${to.city}, ${to.state} #${i}`,
    originCity: from.city,
    originState: from.state,
    originZip: from.zip,
    destinationCity: to.city,
    destinationState: to.state,
    destinationZip: to.zip,
    originLat: from.lat,
    originLng: from.lng,
    destinationLat: to.lat,
    destinationLng: to.lng,
    pickupStop: stop(from),
    deliveryStop: stop(to),
    equipmentType: 'dry_van',
    rateCents: 150_000 + ((i * 7919) % 300_000),
    distance: 500,
    status: inTransit ? 'in_transit' : 'delivered',
    createdAt: new Date(now - (3 + (i % 40)) * DAY),
    updatedAt: new Date(now - (i % 40) * DAY),
  }).toObject();
  return { doc, from, to, inTransit };
}

/** The trail of other load `i`: POINTS_PER_LOAD points a minute and a half apart, from its pickup to its delivery. */
function trailOf(
  i: number,
  from: { lat: number; lng: number },
  to: { lat: number; lng: number },
  end: number,
) {
  const carrier = ownerIdOf(i);
  return Array.from({ length: POINTS_PER_LOAD }, (_, k) => {
    const t = k / (POINTS_PER_LOAD - 1);
    const at = new Date(end - (POINTS_PER_LOAD - 1 - k) * 1.5 * MIN);
    return {
      _id: new Types.ObjectId(),
      freightListingId: loadIdOf(i),
      userId: carrier,
      lat: round(from.lat + (to.lat - from.lat) * t, 7),
      lng: round(from.lng + (to.lng - from.lng) * t, 7),
      clientId: null,
      receivedAt: at,
      createdAt: at,
    };
  });
}

const visit = (sequence: number, arrivedAt: Date, departedAt: Date | null): StoredStopVisit => ({
  sequence,
  arrivedAt,
  arrivalSource: 'geofence',
  departedAt,
  departureSource: departedAt ? 'geofence' : null,
  warnedAt: null,
});

/**
 * `n` location points of other loads (about POINTS_PER_LOAD each), with what the product keeps beside them: each
 * load's document (exact stops at other facilities), its position record, its clock (1 in 4 running at the delivery,
 * the rest done), its facts in the event log (a position fact per POINTS_PER_FACT points, its stops' arrivals and
 * departures) and each other facility's dwell summary (visits on 60 of the 90 days). The raw driver's insertMany.
 */
async function seedOthers(n: number, log: (line: string) => void): Promise<void> {
  const now = Date.now();
  const loads = loadCount(n);
  const facilities = facilityCount(n);
  const started = performance.now();
  let lastLog = started;
  let points = 0;
  let seq = 0;
  const loadsPerBatch = Math.max(1, Math.floor(BATCH / POINTS_PER_LOAD));
  for (let i = 0; i < loads; i += loadsPerBatch) {
    const batch = Array.from({ length: Math.min(loadsPerBatch, loads - i) }, (_, k) => i + k);
    const made = batch.map((l) => ({ l, ...otherLoad(l, facilities, now) }));
    const trail = made.flatMap(({ l, from, to }) => {
      const left = n - points;
      const count = Math.min(POINTS_PER_LOAD, left);
      points += Math.max(0, count);
      return count > 0 ? trailOf(l, from, to, now - (l % 40) * DAY).slice(0, count) : [];
    });
    if (trail.length) await LocationPointModel.collection.insertMany(trail, { ordered: false });
    await FreightModel.collection.insertMany(
      made.map((m) => m.doc),
      { ordered: false },
    );
    await LoadPositionModel.collection.insertMany(
      made.map(({ l, to }) => ({
        _id: loadIdOf(l),
        lat: to.lat,
        lng: to.lng,
        at: new Date(now - (l % 40) * DAY),
      })),
      { ordered: false },
    );
    const events: Array<Record<string, unknown>> = [];
    const clocks = made.map(({ l, from, to, inTransit }) => {
      const end = now - (l % 40) * DAY;
      const pickupIn = new Date(end - 40 * 3 * MIN);
      const pickupOut = new Date(pickupIn.getTime() + (30 + (l % 200)) * MIN);
      const deliveryIn = new Date(end - 20 * MIN);
      const deliveryOut = inTransit ? null : new Date(end);
      const loadId = String(loadIdOf(l));
      const fact = (name: string, key: string, at: Date, data: Record<string, unknown>) =>
        events.push({
          _id: `${name}:${key}`,
          seq: ++seq,
          name,
          at,
          actor: { userId: String(ownerIdOf(l)), name: null, companyId: null },
          loadId,
          subjects: {},
          data,
          state: 'recorded',
          leaseKey: `load:${loadId}`,
          proof: null,
        });
      for (let k = 0; k < POINTS_PER_LOAD / POINTS_PER_FACT; k++)
        fact('position.recorded', `${loadId}-${k}`, new Date(end - k * 15 * MIN), {
          point: { lat: to.lat, lng: to.lng },
        });
      const stopFact = (what: 'arrived' | 'departed', seqNo: number, s: typeof from, at: Date) =>
        fact(`stop.${what}`, `${loadId}-${seqNo}-${what}`, at, {
          stop: { sequence: seqNo, kind: seqNo === 1 ? 'pickup' : 'delivery', stopCount: 2 },
          facilityKey: s.key,
          facilityName: s.facilityName,
          at: at.toISOString(),
          source: 'geofence',
        });
      stopFact('arrived', 1, from, pickupIn);
      stopFact('departed', 1, from, pickupOut);
      stopFact('arrived', 2, to, deliveryIn);
      if (deliveryOut) stopFact('departed', 2, to, deliveryOut);
      return {
        _id: loadIdOf(l),
        visits: [visit(1, pickupIn, pickupOut), visit(2, deliveryIn, deliveryOut)],
        transitions: ['1-arrived', '1-departed', '2-arrived', ...(deliveryOut ? ['2-departed'] : [])],
      };
    });
    await LoadStopClockModel.collection.insertMany(clocks, { ordered: false });
    await DomainEventModel.collection.insertMany(events, { ordered: false });
    if (performance.now() - lastLog > 60_000) {
      lastLog = performance.now();
      const s = (lastLog - started) / 1000;
      log(`  stopclock: ${points} of ${n} points seeded (${round(s, 0)} s, ${round(points / s, 0)}/s)`);
    }
  }
  // Each other facility's summary: 1-4 visits on each of 60 days of the window, as the projector keeps them.
  const from = windowStartDay(new Date(now));
  for (let f = 0; f < facilities; f += BATCH) {
    const docs = Array.from({ length: Math.min(BATCH, facilities - f) }, (_, k) => {
      const s = facility(f + k);
      const days: DwellDay[] = [];
      for (let d = 0; d < 60; d++) {
        const day = new Date(now - d * DAY).toISOString().slice(0, 10);
        if (day < from) continue;
        days.push({
          day,
          visits: Array.from({ length: 1 + ((f + k + d) % 4) }, (_, v) => {
            const m = 30 + (((f + k) * 31 + d * 17 + v * 53) % 300);
            return { m, d: m > 120 };
          }),
        });
      }
      return { _id: s.key, facilityName: s.facilityName, days: days.reverse(), lastSeq: 0 };
    });
    await FacilityDwellModel.collection.insertMany(docs as never[], { ordered: false });
  }
}

/**
 * A stand-in for the geocoder (GEOCODER_URL, a Nominatim-compatible `/search`): the server looks the measured stops'
 * street addresses up at posting, as in production, and gets their exact points, so the geofence watches them.
 */
const MEASURED_PICKUP = { facilityName: 'Acme DC', address: '1200 Commerce Way', lat: 41.85, lng: -87.65 };
const MEASURED_DELIVERY = {
  facilityName: 'Lone Star Foods',
  address: '400 Market St',
  lat: 32.7767,
  lng: -96.797,
};

function startGeocoder(): Promise<Server> {
  const server = createServer((req, res) => {
    const street = new URL(req.url ?? '/', 'http://x').searchParams.get('street') ?? '';
    const found = [MEASURED_PICKUP, MEASURED_DELIVERY].find((s) => s.address === street);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(found ? [{ lat: String(found.lat), lon: String(found.lng) }] : []));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The measured visits' dwell in minutes (free time 120): median by nearest rank 100, p90 200, 2 of 5 detained. */
const DWELLS = [45, 90, 100, 150, 200];
const EXPECTED = { visits: 5, medianDwellMinutes: 100, p90DwellMinutes: 200, detentionPercent: 40 };

interface Measured {
  shipper: BenchClient;
  carrier: BenchClient;
  /** A load whose pickup visit is done (its facilities' scorecards). */
  doneLoadId: string;
  /** The load on site at the pickup: arrived, not departed (its clock runs; its pings are inside the fence). */
  runningLoadId: string;
  facilityKey: string;
}

const ok = async <T>(c: BenchClient, method: string, p: string, body?: unknown) => c.json<T>(method, p, body);
/** A point `miles` north of a stop. */
const north = (s: { lat: number; lng: number }, miles: number) => ({
  latitude: round(s.lat + miles / 69, 7),
  longitude: s.lng,
});

/**
 * The measured shipper and carrier (signed up through the API) and their six loads at Acme DC, posted and booked
 * through the API (the geocoder stand-in gives the stops their exact points), and the visits made by the carrier's
 * pings: five loads arrived at the pickup and left it (points the phone kept offline, `capturedAt` hours ago, so each
 * dwell is a fixed number of minutes: the projector adds each departure to the facility's summary), and one arrived
 * now and still on site (its clock running).
 */
async function seedMeasured(baseUrl: string): Promise<Measured> {
  const [shipper, carrier] = await Promise.all([
    new BenchClient(baseUrl).signUp('shipper', 'stopclock-shipper'),
    new BenchClient(baseUrl).signUp('carrier', 'stopclock-carrier'),
  ]);
  const now = Date.now();
  const S = new Types.ObjectId(shipper.userId);
  const C = new Types.ObjectId(carrier.userId);
  // Verified, with a proven email and a plan: what posting and booking need (set as an admin would).
  await UserModel.updateMany({ _id: { $in: [S, C] } }, { $set: { isVerified: true, emailVerified: true } });
  for (const [id, plan] of [
    [S, 'shipper_basic'],
    [C, 'carrier_basic'],
  ] as const) {
    await UserModel.updateOne(
      { _id: id },
      {
        $set: {
          subscriptionStatus: 'active',
          subscriptionPlan: plan,
          subscriptionExpiresAt: new Date(now + 20 * DAY),
        },
      },
    );
    const user = await UserModel.findById(id, { companyId: 1 }).lean();
    if (!user?.companyId) throw new Error('stopclock bench: a measured user has no company');
    await CompanyModel.updateOne(
      { _id: user.companyId },
      { $set: { isVerified: true, subscriptionStatus: 'active', subscriptionPlan: plan } },
    );
  }
  // Signed in again: the session carries the verification and the plan.
  await Promise.all([shipper.signIn(), carrier.signIn()]);
  const loadIds: string[] = [];
  for (let n = 0; n <= DWELLS.length; n++) {
    const load = await ok<{ id: string }>(shipper, 'POST', '/api/freight', {
      title: `Chicago, IL to Dallas, TX #${n}`,
      originCity: 'Chicago',
      originState: 'IL',
      originZip: '60607',
      destinationCity: 'Dallas',
      destinationState: 'TX',
      destinationZip: '75201',
      rate: 2500,
      distance: 925,
      pickupStop: { facilityName: MEASURED_PICKUP.facilityName, address: MEASURED_PICKUP.address },
      deliveryStop: { facilityName: MEASURED_DELIVERY.facilityName, address: MEASURED_DELIVERY.address },
    });
    const { request } = await ok<{ request: { id: string } }>(
      carrier,
      'POST',
      `/api/freight/${load.id}/book`,
      {},
    );
    await ok(shipper, 'POST', `/api/booking-requests/${request.id}/review`, { status: 'approved' });
    loadIds.push(load.id);
  }
  const ping = (id: string, where: object, extra: object = {}) =>
    ok(carrier, 'POST', `/api/freight/${id}/location`, { ...where, ...extra });
  for (const [n, dwell] of DWELLS.entries()) {
    const arrived = now - 10 * 60 * MIN + n * 60 * MIN;
    await ping(loadIds[n]!, north(MEASURED_PICKUP, 0.1), {
      capturedAt: new Date(arrived).toISOString(),
      clientId: `bench-arrive-${n}-${now}`,
    });
    await ping(loadIds[n]!, north(MEASURED_PICKUP, 3), {
      capturedAt: new Date(arrived + dwell * MIN).toISOString(),
      clientId: `bench-depart-${n}-${now}`,
    });
  }
  const runningLoadId = loadIds[DWELLS.length]!;
  await ping(runningLoadId, north(MEASURED_PICKUP, 0.1));
  const dwell = await ok<{ pickup: { facilityKey: string | null } | null }>(
    shipper,
    'GET',
    `/api/freight/${loadIds[0]}/facility-dwell`,
  );
  if (!dwell.pickup?.facilityKey)
    throw new Error(`stopclock bench: the pickup has no facility: ${JSON.stringify(dwell)}`);
  return { shipper, carrier, doneLoadId: loadIds[0]!, runningLoadId, facilityKey: dwell.pickup.facilityKey };
}

type Card = {
  visits: number;
  medianDwellMinutes?: number;
  p90DwellMinutes?: number;
  detentionPercent?: number;
};
const cardFigures = (c: Card | undefined) => ({
  visits: c?.visits,
  medianDwellMinutes: c?.medianDwellMinutes,
  p90DwellMinutes: c?.p90DwellMinutes,
  detentionPercent: c?.detentionPercent,
});

/** The projector has caught up and the answers are the fixed ones (the same at both sizes). */
async function checkMeasured(m: Measured): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const page = await ok<{ scorecard: Card }>(m.shipper, 'GET', `/api/facilities/${m.facilityKey}`);
    const load = await ok<{ pickup: { scorecard: Card } | null }>(
      m.shipper,
      'GET',
      `/api/freight/${m.doneLoadId}/facility-dwell`,
    );
    const want = JSON.stringify(EXPECTED);
    if (
      JSON.stringify(cardFigures(page.scorecard)) === want &&
      JSON.stringify(cardFigures(load.pickup?.scorecard)) === want
    )
      break;
    if (Date.now() > deadline)
      throw new Error(
        `stopclock bench: the scorecard never showed ${want}: ${JSON.stringify({ page: page.scorecard, load: load.pickup })}`,
      );
    await sleep(250);
  }
  type Clock = { running: boolean; stops: Array<{ arrivedAt: string | null; departedAt: string | null }> };
  const clock = await ok<Clock>(m.carrier, 'GET', `/api/freight/${m.runningLoadId}/stop-clock`);
  const pickup = clock.stops[0];
  if (!clock.running || !pickup?.arrivedAt || pickup.departedAt)
    throw new Error(`stopclock bench: the running clock shows no arrival: ${JSON.stringify(clock)}`);
}

/** The storage plan of a query: on FerretDB/PostgreSQL its node (and index) and whether the filter was pushed down. */
function planOf(explain: Record<string, unknown>): string {
  type PgPlan = { 'Node Type'?: string; 'Index Name'?: string; Plans?: PgPlan[] };
  const planner = explain.queryPlanner as { Plan?: PgPlan; winningPlan?: unknown } | undefined;
  if (planner?.Plan) {
    const nodes: string[] = [];
    for (let n: PgPlan | undefined = planner.Plan; n; n = n.Plans?.[0])
      nodes.push(n['Index Name'] ? `${n['Node Type']} (${n['Index Name']})` : String(n['Node Type']));
    return `${nodes.join(' → ')}; filter pushed down: ${String(explain.filterPushdown)}`;
  }
  const stages: string[] = [];
  type Stage = { stage?: string; indexName?: string; inputStage?: Stage };
  for (let s = planner?.winningPlan as Stage | undefined; s; s = s.inputStage)
    stages.push(s.indexName ? `${s.stage} (${s.indexName})` : String(s.stage));
  return stages.join(' → ');
}

/** How storage answers the measured paths' reads in this world (the bench's connection is on its database). */
async function explainReads(m: Measured): Promise<Array<{ query: string; plan: string }>> {
  const load = new Types.ObjectId(m.runningLoadId);
  const explain = (q: { explain(): Promise<unknown> }) =>
    q.explain().then((e) => planOf(e as Record<string, unknown>));
  return [
    { query: 'load { _id }', plan: await explain(FreightModel.findById(load)) },
    { query: 'clock { _id }', plan: await explain(LoadStopClockModel.findById(load)) },
    { query: 'dwell summary { _id }', plan: await explain(FacilityDwellModel.findById(m.facilityKey)) },
    { query: 'position { _id }', plan: await explain(LoadPositionModel.findById(load)) },
    {
      query: 'trail { freightListingId }',
      plan: await explain(
        LocationPointModel.find({ freightListingId: load }).sort({ createdAt: -1, _id: -1 }).limit(50),
      ),
    },
    {
      query: 'pending facts { state, leaseKey }',
      plan: await explain(DomainEventModel.find({ state: 'pending', leaseKey: `load:${m.runningLoadId}` })),
    },
  ];
}

type Path = {
  name: string;
  client: (m: Measured) => BenchClient;
  path: (m: Measured) => string;
  method?: 'POST';
  body?: (m: Measured, i: number) => unknown;
};

const PATHS: Path[] = [
  { name: 'facility page', client: (m) => m.shipper, path: (m) => `/api/facilities/${m.facilityKey}` },
  {
    name: "load's facilities' scorecards",
    client: (m) => m.shipper,
    path: (m) => `/api/freight/${m.doneLoadId}/facility-dwell`,
  },
  {
    name: 'running clock',
    client: (m) => m.carrier,
    path: (m) => `/api/freight/${m.runningLoadId}/stop-clock`,
  },
  {
    name: 'ping inside the geofence (no transition)',
    client: (m) => m.carrier,
    path: (m) => `/api/freight/${m.runningLoadId}/location`,
    method: 'POST',
    // A few metres of drift around the dock, never out of the fence.
    body: (_m, i) => north(MEASURED_PICKUP, 0.05 + (i % 10) / 100),
  },
  {
    name: "load's trail (first page)",
    client: (m) => m.carrier,
    path: (m) => `/api/freight/${m.runningLoadId}/location/history`,
  },
];

let sent = 0;
async function timeOnce(m: Measured, p: Path): Promise<number> {
  const t = performance.now();
  await p.client(m).json(p.method ?? 'GET', p.path(m), p.body?.(m, sent++));
  return performance.now() - t;
}

async function useDatabase(ctx: BenchContext, dbName: string) {
  await mongoose.disconnect();
  await mongoose.connect(ctx.mongoUri, { dbName });
}

interface World {
  size: number;
  server: ServerProcess;
  measured: Measured;
}

export async function stopClockAtScale(
  ctx: BenchContext,
  sizes: [number, number],
  samples: number,
): Promise<ScenarioResult> {
  const byPath = new Map<string, Array<ReturnType<typeof summarize>>>();
  const worlds: World[] = [];
  const databases: string[] = [];
  const timings: Record<string, number> = {};
  let plans: Array<{ query: string; plan: string }> = [];
  const geocoder = await startGeocoder();
  const geocoderUrl = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`;
  try {
    for (const size of worldSizes(sizes)) {
      const database = `${ctx.database}_s${size}`;
      databases.push(database);
      await useDatabase(ctx, database);
      await Promise.all(MODELS.map((model) => model.createIndexes()));
      const t = performance.now();
      await seedOthers(size, ctx.log);
      const seeded = round((performance.now() - t) / 1000, 1);
      timings[`seed s @ ${size}`] = seeded;
      ctx.log(
        `  stopclock: seeded ${size} points of ${loadCount(size)} loads at ${facilityCount(size)} facilities in ${seeded} s (${round(size / Math.max(seeded, 0.001), 0)}/s)`,
      );
      const started = performance.now();
      const server = await startServer(ctx, {
        services: 'web',
        env: { MONGODB_DB: database, REDIS_PREFIX: `${database}:`, GEOCODER_URL: geocoderUrl },
      });
      const startS = round((performance.now() - started) / 1000, 1);
      timings[`server start s @ ${size}`] = startS;
      ctx.log(`  stopclock: server started at ${size} points in ${startS} s (storage indexes made at start)`);
      const measured = await seedMeasured(server.url);
      await checkMeasured(measured);
      plans = await explainReads(measured);
      for (const p of plans) ctx.log(`    plan @ ${size}: ${p.query}: ${p.plan}`);
      worlds.push({ size, server, measured });
    }
    // Interleaved, as invoices.ts: each round times every path at the small world and then at the large one.
    const warmUps = ctx.size === 'tiny' ? 0 : 2;
    const columns = twoColumns(worlds);
    const times = PATHS.map(() => columns.map(() => [] as number[]));
    for (let i = -warmUps; i < samples; i++) {
      for (const [k, p] of PATHS.entries()) {
        for (const [w, world] of columns.entries()) {
          const ms = await timeOnce(world.measured, p);
          if (i >= 0) times[k]![w]!.push(ms);
        }
      }
    }
    for (const [k, p] of PATHS.entries()) {
      const summaries = times[k]!.map((t) => summarize(t));
      ctx.log(
        `    ${p.name}: p50 ${summaries.map((s, w) => `${s.p50} ms @ ${columns[w]!.size}`).join(', ')}`,
      );
      byPath.set(p.name, summaries);
    }
    // The pings did not move the clock: still on site.
    for (const world of worlds) await checkMeasured(world.measured);
  } finally {
    geocoder.close();
    for (const world of worlds) await world.server.stop();
    for (const database of databases) {
      await useDatabase(ctx, database);
      await mongoose.connection.db?.dropDatabase().catch(() => undefined);
    }
    await useDatabase(ctx, ctx.database);
  }
  const [small, large] = sizes;
  const ratioKey = `ratio (p50 ${large} ÷ ${small})`;
  const rows = PATHS.map((p) => {
    const [a, b] = byPath.get(p.name)!;
    const ratio = round(b!.p50 / Math.max(a!.p50, 0.1), 2);
    return {
      path: p.name,
      [`p50 ms @ ${small}`]: a!.p50,
      [`p50 ms @ ${large}`]: b!.p50,
      [`p95 ms @ ${small}`]: a!.p95,
      [`p95 ms @ ${large}`]: b!.p95,
      [ratioKey]: ratio,
      'goal ≤ 1.5': ratio <= 1.5 ? 'met' : 'NOT met',
    };
  });
  for (const r of rows) ctx.log(`  ${r.path}: ×${r[ratioKey]}`);
  const facts = (n: number) => loadCount(n) * (POINTS_PER_LOAD / POINTS_PER_FACT + 4);
  return {
    name: `Stop clock and facility scorecards at ${large} ÷ ${small} location points of other loads (${ctx.mongoKind})`,
    parameters: {
      sizes,
      samplesPerPath: samples,
      otherLoads: sizes.map(loadCount),
      otherFacilities: sizes.map(facilityCount),
      otherFactsAbout: sizes.map(facts),
      ...timings,
    },
    rows,
    notes: [
      `The trail collection holds ${small}, then ${large} location points of other loads (${loadCount(small)}, then ${loadCount(large)} loads of about ${POINTS_PER_LOAD} points each, at ${facilityCount(small)}, then ${facilityCount(large)} other facilities with exact stops), with each load's document, position record and clock (1 in 4 running at its delivery, the rest done), about ${facts(small)}, then ${facts(large)} of their facts in the event log (a position fact per ${POINTS_PER_FACT} points, each stop's arrival and departure), and each other facility's dwell summary (1-4 visits on each of 60 days of the window).`,
      `The measured shipper and carrier signed up through the API; their ${DWELLS.length + 1} loads at Acme DC were posted (street addresses looked up at a geocoder stand-in the bench runs, so the stops' points are exact as in production) and booked through the API; the carrier's pings made the visits: ${DWELLS.length} arrived and left the pickup (points kept offline, \`capturedAt\` hours ago, dwells ${DWELLS.join(', ')} minutes with the default 2 h free time) and one arrived and is still on site. Before timing (and after), each world is checked: the facility page and the load's scorecard show ${EXPECTED.visits} visits, median ${EXPECTED.medianDwellMinutes} min, 90th percentile ${EXPECTED.p90DwellMinutes} min, detention at ${EXPECTED.detentionPercent} %, and the running clock shows the arrival, no departure.`,
      'The ping path posts a point inside the fence of the load on site (no transition): the trail point, the position record, the clock read by `_id`, and a position fact when a 15-minute window starts.',
      `Storage plans at ${large} (explain on the measured reads): ${plans.map((p) => `${p.query}: ${p.plan}`).join('; ')}.`,
      'Both sizes live at once, each in its own database with its own server process (web role); every round times each path once at each size in turn (sequential requests, small then large), 2 warm-up rounds and then the samples.',
    ],
    extra: {
      goals: rows.map((r) => ({ figure: `stop clock: ${r.path}`, value: r[ratioKey], goal: '≤ 1.5' })),
    },
  };
}
