// Load board search at scale (issue #4): GET /api/freight over a seeded board, served by the listing indexes.
// Register in bench/scenarios/index.ts with: { key: 'loadboard', run: () => loadBoardSearch(ctx, ctx.quick ? 10_000 : 100_000) }
import { FreightModel } from '@freight/server/features/freight/model';
import { Types } from 'mongoose';
import { BenchClient, startServer, summarize, type BenchContext, type ScenarioResult } from '../lib';

const CITIES: Array<[string, string, number, number]> = [
  ['Chicago', 'IL', 41.8781, -87.6298],
  ['Dallas', 'TX', 32.7767, -96.797],
  ['Atlanta', 'GA', 33.749, -84.388],
  ['Los Angeles', 'CA', 34.0522, -118.2437],
  ['Denver', 'CO', 39.7392, -104.9903],
  ['Memphis', 'TN', 35.1495, -90.049],
  ['Columbus', 'OH', 39.9612, -82.9988],
  ['Phoenix', 'AZ', 33.4484, -112.074],
  ['Seattle', 'WA', 47.6062, -122.3321],
  ['Newark', 'NJ', 40.7357, -74.1724],
];
const EQUIPMENT = ['dry_van', 'reefer', 'flatbed', 'step_deck', 'tanker', 'box_truck'];
const STATUSES = ['available', 'available', 'available', 'booked', 'in_transit', 'delivered', 'cancelled'];

export async function seed(count: number) {
  const owner = new Types.ObjectId();
  const start = Date.now() - count * 1000;
  for (let i = 0; i < count; i += 5000) {
    const docs = Array.from({ length: Math.min(5000, count - i) }, (_, k) => {
      const n = i + k;
      const [oc, os, olat, olng] = CITIES[n % CITIES.length];
      const [dc, ds, dlat, dlng] = CITIES[(n * 7 + 3) % CITIES.length];
      const distance = 150 + (n % 2000);
      const rateCents = 40_000 + ((n * 7919) % 600_000);
      const jitter = ((n % 100) - 50) / 100;
      return {
        userId: owner,
        shipperId: owner,
        carrierId: null,
        brokerId: null,
        title: `Bench load ${n}`,
        originCity: oc,
        originState: os,
        originCountry: 'United States',
        destinationCity: dc,
        destinationState: ds,
        destinationCountry: 'United States',
        originLat: olat + jitter,
        originLng: olng + jitter,
        destinationLat: dlat,
        destinationLng: dlng,
        equipmentType: EQUIPMENT[n % EQUIPMENT.length],
        weightClass: ['ftl', 'ltl', 'partial'][n % 3],
        rateCents,
        ratePerMileCents: Math.round(rateCents / distance),
        rateType: 'flat',
        distance,
        searchRadius: 50,
        pickupDate: new Date(Date.UTC(2030, 0, 1 + (n % 120), 12)),
        status: STATUSES[n % STATUSES.length],
        isUrgent: false,
        isHazmat: false,
        requiresTarps: false,
        requiresStraps: false,
        requiresLiftgate: false,
        createdAt: new Date(start + n * 1000),
        updatedAt: new Date(start + n * 1000),
      };
    });
    await FreightModel.collection.insertMany(docs, { ordered: false });
  }
  await FreightModel.createIndexes();
}

const QUERIES: Array<[string, string]> = [
  ['newest, page 1', ''],
  ['rate per mile, page 1', 'sort=ratePerMile'],
  ['origin city substring', 'originCity=chic'],
  ['state + equipment', 'originState=TX&equipmentType=reefer'],
  ['rate range', 'minRate=1000&maxRate=2500'],
  ['pickup date range', 'pickupDateStart=2030-02-01&pickupDateEnd=2030-02-07'],
  ['50-mile radius around Chicago', 'radius=50&lat=41.8781&lng=-87.6298'],
  [
    'everything combined',
    'originCity=a&equipmentType=dry_van&minRate=500&pickupDateStart=2030-01-15&sort=ratePerMile',
  ],
  ['deep page (page 200)', 'page=200'],
];

/** Latency of the board's searches (sequential requests, each answering a page and the total). */
export async function loadBoardSearch(ctx: BenchContext, loads: number): Promise<ScenarioResult> {
  ctx.log(`  seeding ${loads} loads…`);
  await seed(loads);
  const server = await startServer(ctx, { services: 'web' });
  const samples = ctx.quick ? 10 : 50;
  const rows: ScenarioResult['rows'] = [];
  try {
    const client = new BenchClient(server.url);
    for (const [name, query] of QUERIES) {
      await client.json('GET', `/api/freight?${query}`); // warm-up
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < samples; i++) {
        const t = performance.now();
        const page = await client.json<{ total: number }>('GET', `/api/freight?${query}`);
        times.push(performance.now() - t);
        total = page.total;
      }
      const s = summarize(times);
      rows.push({ query: name, matches: total, 'p50 ms': s.p50, 'p95 ms': s.p95, 'max ms': s.max });
    }
  } finally {
    await server.stop();
  }
  return {
    name: 'Load board search (GET /api/freight)',
    parameters: { loads, samplesPerQuery: samples, pageSize: 20 },
    rows,
    notes: ['Sequential requests from one client; each answer carries one page and the total count.'],
  };
}
