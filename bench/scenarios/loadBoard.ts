// Load board search at scale (issue #7 §1): GET /api/freight, first page, over a seeded board of 1k, 10k and 100k
// loads, with autocannon (16 concurrent clients), plus the explain() of the query behind the board (the book's source).
import { FreightModel } from '@freight/server/features/freight/model';
import { boardQuery } from '@freight/server/features/freight/service';
import autocannon from 'autocannon';
import { Types } from 'mongoose';
import { round, sleep, startServer, summarize, type BenchContext, type ScenarioResult } from '../lib';

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
const BASE_TIME = Date.UTC(2026, 0, 1);

/**
 * Inserts loads number `from` to `to - 1` (realistic listings: every field the posting form sets), posted by
 * `posterOf(n)` (one poster for all unless given); booked ones go to `carrierOf(n)` when given.
 */
export async function seed(
  to: number,
  from = 0,
  posterOf?: (n: number) => Types.ObjectId,
  carrierOf?: (n: number) => Types.ObjectId,
): Promise<void> {
  const onePoster = new Types.ObjectId();
  for (let i = from; i < to; i += 5000) {
    const docs = Array.from({ length: Math.min(5000, to - i) }, (_, k) => {
      const n = i + k;
      const owner = posterOf?.(n) ?? onePoster;
      const status = STATUSES[n % STATUSES.length];
      const [oc, os, olat, olng] = CITIES[n % CITIES.length];
      const [dc, ds, dlat, dlng] = CITIES[(n * 7 + 3) % CITIES.length];
      const distance = 150 + (n % 2000);
      const rateCents = 40_000 + ((n * 7919) % 600_000);
      const jitter = ((n % 100) - 50) / 100;
      const at = new Date(BASE_TIME + n * 60_000);
      return {
        userId: owner,
        shipperId: owner,
        carrierId: carrierOf && status !== 'available' && status !== 'cancelled' ? carrierOf(n) : null,
        brokerId: null,
        title: `${oc}, ${os} to ${dc}, ${ds}`,
        originCity: oc,
        originState: os,
        originZip: null,
        originCountry: 'United States',
        destinationCity: dc,
        destinationState: ds,
        destinationZip: null,
        destinationCountry: 'United States',
        originLat: round(olat + jitter, 7),
        originLng: round(olng + jitter, 7),
        destinationLat: dlat,
        destinationLng: dlng,
        currentLat: null,
        currentLng: null,
        equipmentType: EQUIPMENT[n % EQUIPMENT.length],
        equipmentLength: 53,
        weight: 20_000 + (n % 25_000),
        weightClass: ['ftl', 'ltl', 'partial'][n % 3],
        commodity: 'General merchandise',
        cargoType: null,
        rateCents,
        ratePerMileCents: Math.round(rateCents / distance),
        rateType: 'flat',
        distance,
        searchRadius: 50,
        pickupDate: new Date(Date.UTC(2026, 0, 1 + (n % 120), 12)),
        pickupTimeStart: '08:00',
        pickupTimeEnd: '17:00',
        deliveryDate: new Date(Date.UTC(2026, 0, 3 + (n % 120), 12)),
        deliveryTimeStart: null,
        deliveryTimeEnd: null,
        description: 'Palletised freight, dock to dock. Driver assist not required.',
        specialInstructions: null,
        status,
        isUrgent: n % 11 === 0,
        isHazmat: false,
        requiresTarps: false,
        requiresStraps: n % 5 === 0,
        requiresLiftgate: false,
        lastLocationUpdate: null,
        userCompanyName: 'Bench Logistics',
        createdAt: at,
        updatedAt: at,
        __v: 0,
      };
    });
    await FreightModel.collection.insertMany(docs, { ordered: false });
  }
}

/** The issue's typical filter sets (the board's first page, newest first). */
export const FILTER_SETS: Array<{ name: string; query: Record<string, string> }> = [
  { name: 'no filter', query: {} },
  { name: 'origin state + equipment', query: { originState: 'TX', equipmentType: 'reefer' } },
  { name: 'city substring', query: { originCity: 'chic' } },
  { name: 'rate range', query: { minRate: '1000', maxRate: '2500' } },
  { name: '50-mile radius', query: { radius: '50', lat: '41.8781', lng: '-87.6298' } },
];

/**
 * The board's searches read no database: the open-load book answers them in memory. What the database serves is
 * the book's build at start (and its reconciliation): top-level equality on status, the same for every filter set.
 */
const BOOK_SOURCE_PLAN =
  'search: none (the open-load book, in memory); the build at start: IXSCAN {status:1, createdAt:-1, _id:-1} on status "available" → FETCH, streamed';
const MONGO_PLAN: Record<string, string> = Object.fromEntries(
  FILTER_SETS.map((set) => [set.name, BOOK_SOURCE_PLAN]),
);

type Explain = Record<string, unknown> & { queryPlanner?: unknown };

async function explainOf(): Promise<string> {
  const { filter, sort } = boardQuery();
  const e = (await FreightModel.find(filter).sort(sort).limit(20).explain('queryPlanner')) as unknown as
    Explain | Explain[];
  const one = Array.isArray(e) ? e[0] : e;
  if (one && 'ferretdbVersion' in ((one.serverInfo as object) ?? {})) {
    const plan = JSON.stringify(one.queryPlanner?.valueOf() ?? {})
      .replace(/"/g, "'")
      .slice(0, 160);
    return `filterPushdown ${String(one.filterPushdown)}, sortPushdown ${String(one.sortPushdown)}, limitPushdown ${String(one.limitPushdown)}; ${plan}`;
  }
  const winning = JSON.stringify(
    (one.queryPlanner as { winningPlan?: unknown } | undefined)?.winningPlan ?? one,
  );
  return winning.slice(0, 300);
}

async function hammer(
  url: string,
  connections: number,
  amount: number,
): Promise<{ p50: number; p95: number; p99: number; rps: number; errors: number; requests: number }> {
  const times: number[] = [];
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      // Stats sampled every 50 ms (1 s by default): a run ends at the first sample after its last request, so every
      // run took at least a second, most of the tiny size's time.
      { url, connections, amount, timeout: 600, sampleInt: 50 },
      (err, res) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(res)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  const s = summarize(times);
  return {
    p50: s.p50,
    p95: s.p95,
    p99: s.p99,
    rps: round(r.requests.total / (r.duration || 1), 1),
    errors: r.errors + r.non2xx + r.timeouts,
    requests: r.requests.total,
  };
}

async function sequential(url: string, n: number, probeMs: number) {
  const times = [probeMs];
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await (await fetch(url)).arrayBuffer();
    times.push(performance.now() - t);
  }
  const s = summarize(times);
  return {
    p50: s.p50,
    p95: s.p95,
    p99: s.p99,
    rps: round(n / ((performance.now() - t0) / 1000), 2),
    errors: 0,
    requests: n + 1,
  };
}

/**
 * For each board size: seeds up to that size, then for each filter set runs one sequential probe (warm-up and
 * single-client latency) and autocannon with 16 connections. The number of requests is sized from the probe so a
 * filter set takes about `targetSeconds`, with at least 2 requests per connection.
 */
export async function loadBoardSearch(
  ctx: BenchContext,
  sizes: number[],
  opts: { connections?: number; targetSeconds?: number; loadTestUpTo?: number; warmUpRequests?: number } = {},
): Promise<ScenarioResult[]> {
  const connections = opts.connections ?? 16;
  const targetSeconds = opts.targetSeconds ?? 8;
  const warmUpRequests = opts.warmUpRequests ?? 40;
  const rows: ScenarioResult['rows'] = [];
  const explains: ScenarioResult['rows'] = [];
  const byName = new Map<string, number[]>();
  const ratios: ScenarioResult['rows'] = [];
  let seeded = 0;
  await FreightModel.createIndexes();
  for (const size of sizes) {
    const t = performance.now();
    await seed(size, seeded);
    seeded = size;
    ctx.log(`  seeded ${size} loads (${round((performance.now() - t) / 1000, 1)} s)`);
    const server = await startServer(ctx, { services: 'web' });
    try {
      // Warm-up: a fresh process compiles its hot paths on the first requests, which would land in the first
      // filter set's figures (and make the smallest board look slowest).
      for (const set of FILTER_SETS) {
        const qs = new URLSearchParams(set.query).toString();
        await hammer(`${server.url}/api/freight${qs ? `?${qs}` : ''}`, 4, warmUpRequests);
      }
      await hammer(`${server.url}/api/config`, 4, warmUpRequests);
      for (const set of FILTER_SETS) {
        const qs = new URLSearchParams(set.query).toString();
        const url = `${server.url}/api/freight${qs ? `?${qs}` : ''}`;
        const p0 = performance.now();
        const first = (await (await fetch(url)).json()) as { total: number; items: unknown[] };
        const probeMs = performance.now() - p0;
        // Sized from the probe to take about targetSeconds (the database serves ~2 requests at once on 2 cores),
        // at least one request per connection, two when a request is quick enough.
        const perConnection = probeMs * connections < targetSeconds * 1000 ? 2 : 1;
        const amount = Math.max(
          connections * perConnection,
          Math.min(4000, Math.round(((targetSeconds * 1000) / Math.max(probeMs, 1)) * 2)),
        );
        // Above loadTestUpTo loads the 16 clients are skipped (on FerretDB one request takes tens of seconds there,
        // 16 of them minutes per filter set): one more sequential request instead.
        const loadTest = size <= (opts.loadTestUpTo ?? Infinity);
        const h = loadTest ? await hammer(url, connections, amount) : await sequential(url, 1, probeMs);
        rows.push({
          loads: size,
          filter: set.name,
          matches: first.total,
          'single-client ms': round(probeMs, 1),
          clients: loadTest ? connections : 1,
          requests: h.requests,
          'p50 ms': h.p50,
          'p95 ms': h.p95,
          'p99 ms': h.p99,
          'req/s': h.rps,
          errors: h.errors,
        });
        byName.set(set.name, [...(byName.get(set.name) ?? []), h.p95]);
        if (set.name === 'no filter' && loadTest) {
          // The same server, the same 16 clients and number of requests, on a JSON endpoint that does nothing.
          const trivial = await hammer(`${server.url}/api/config`, connections, h.requests);
          ratios.push({
            loads: size,
            clients: connections,
            'board p95 ms (no filter)': h.p95,
            'trivial JSON p95 ms (GET /api/config)': trivial.p95,
            'board ÷ trivial': round(h.p95 / Math.max(trivial.p95, 0.1), 2),
          });
          ctx.log(`  ${size} loads: trivial JSON p95 ${trivial.p95} ms`);
        }
        ctx.log(`  ${size} loads, ${set.name}: p50 ${h.p50} ms, p95 ${h.p95} ms, ${h.rps} req/s`);
        if (size === sizes[sizes.length - 1]) {
          explains.push({
            filter: set.name,
            [`${ctx.mongoKind} explain`]: await explainOf(),
            'MongoDB 7 plan (from the indexes)': MONGO_PLAN[set.name],
          });
        }
        await sleep(200);
      }
    } finally {
      await server.stop();
    }
  }
  // The other scenarios run on a small loads collection (see the notes).
  await FreightModel.collection.drop();
  await FreightModel.createIndexes();
  const growth = [...byName.entries()].map(([filter, p95s]) => ({
    filter,
    ...Object.fromEntries(sizes.map((s, i) => [`p95 ms @ ${s}`, p95s[i]])),
    [`growth ${sizes[0]} → ${sizes[sizes.length - 1]}`]: `×${round(p95s[p95s.length - 1] / Math.max(p95s[0], 0.1), 1)}`,
  }));
  return [
    {
      name: `Load board search (GET /api/freight, first page) on ${ctx.mongoKind}`,
      parameters: {
        sizes,
        connections,
        pageSize: 20,
        tool: 'autocannon',
        targetSecondsPerFilter: targetSeconds,
      },
      rows,
      notes: [
        'single-client ms: one sequential request before the load (also the warm-up). The 16-client figures queue on 2 cores, so p50 there ≈ 16 × the service time ÷ the parallelism the database reaches.',
        'Board statuses mix: 3/7 available, 1/7 booked, in transit, delivered and cancelled (the board lists the available ones, from the open-load book).',
      ],
    },
    {
      name: 'Load board: p95 growth with the board size',
      parameters: { sizes },
      rows: growth,
      extra: {
        goals: [...byName.entries()].map(([filter, p95s]) => ({
          figure: `growth: board p95 (${filter}), ${sizes[0]} → ${sizes[sizes.length - 1]} loads`,
          value: round(p95s[p95s.length - 1] / Math.max(p95s[0], 0.1), 2),
          goal: '≤ 1.5',
        })),
      },
    },
    {
      name: 'Load board p95 against a trivial JSON endpoint on the same server (16 clients)',
      parameters: { sizes, connections, trivial: 'GET /api/config' },
      rows: ratios,
      notes: [
        'Both measured with autocannon, 16 connections and the same number of requests, one after the other on the same server process.',
      ],
      extra: {
        goals: ratios.map((r) => ({
          figure: `board p95 ÷ trivial JSON p95 at ${r.loads} loads`,
          value: r['board ÷ trivial'],
          goal: '≤ 2',
        })),
      },
    },
    {
      name: `Load board: query plans at ${sizes[sizes.length - 1]} loads`,
      parameters: { database: ctx.mongoKind },
      rows: explains,
      notes: [
        'No mongod on this machine: the MongoDB 7 column is the plan the schema indexes give (reasoned, not measured). Run `MONGODB_URI=mongodb://… npm run bench` to print the real winning plans.',
      ],
    },
  ];
}
