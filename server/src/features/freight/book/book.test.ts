import {
  boardComparator,
  compileBoardFilter,
  freightSearchSchema,
  haversineMiles,
  type FreightListingDto,
  type PostLoadInput,
} from '@freight/shared';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectEvents,
  eventually,
  nextEvent,
  startSecondNode,
  startTestApp,
  TestClient,
  type TestApp,
} from '@test/helpers';
import { stressSize } from '@test/stress';
import { FreightModel, toFreightDto, type FreightListing } from '../model';
import { postLoad, verifiedClient } from '../testUtils';
import { liveBook } from './live';

let app: TestApp;
let node2: { url: string; stop(): Promise<void> };
let shipper: TestClient;
let broker: TestClient;
let air: TestClient;
let carrier: TestClient;

/** The same session against the other web process (sessions live in Redis). */
function on(url: string, c: TestClient): TestClient {
  const twin = new TestClient(url);
  twin.cookie = c.cookie;
  twin.user = c.user;
  return twin;
}

beforeAll(async () => {
  app = await startTestApp();
  node2 = await startSecondNode(app);
  shipper = app.client();
  await shipper.login('shipper@test.local');
  broker = app.client();
  await broker.login('broker@test.local');
  air = app.client();
  await air.login('aircargo@test.local');
  carrier = await verifiedClient(app, 'carrier');
}, 120_000);
afterAll(async () => {
  await node2?.stop();
  await app?.close();
});

/** A small deterministic generator, so a failing sequence can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
  };
}

const PLACES = [
  ['Chicago', 'IL', 41.8781, -87.6298],
  ['Gary', 'IN', 41.5934, -87.3464],
  ['Dallas', 'TX', 32.7767, -96.797],
  ['Fort Worth', 'TX', 32.7555, -97.3308],
  ['Houston', 'TX', 29.7604, -95.3698],
  ['Los Angeles', 'CA', 34.0522, -118.2437],
  ['Fresno', 'CA', 36.7378, -119.7871],
  ['Atlanta', 'GA', 33.749, -84.388],
] as const;
const EQUIPMENT = ['dry_van', 'reefer', 'flatbed'] as const;
const WEIGHTS = ['ftl', 'ltl', 'partial'] as const;

/** Every filter of the board (alone and combined), each with both sorts. */
const ROAD_QUERIES = [
  '',
  'originState=TX',
  'destinationState=CA',
  'originCity=dal',
  'destinationCity=ANGEL',
  'equipmentType=reefer',
  'weightClass=ltl',
  'minRate=1000',
  'maxRate=2500',
  'minRate=1000&maxRate=3000',
  'minRatePerMile=2',
  'maxRatePerMile=3.5',
  'pickupDateStart=2031-03-05',
  'pickupDateEnd=2031-03-10',
  'pickupDateStart=2031-03-03&pickupDateEnd=2031-03-12',
  'lat=41.8781&lng=-87.6298&radius=60',
  'lat=32.7767&lng=-96.797&radius=300&equipmentType=dry_van',
  'originState=TX&minRate=1500&weightClass=ftl',
  // The load-board search of issue 15: lanes, several equipment types, a destination radius, the truck's limits.
  'originStates=TX,CA',
  'originStates=il&destinationStates=tx,ga',
  'equipmentTypes=reefer,flatbed',
  'equipmentTypes=dry_van&originStates=TX',
  'destinationLat=32.7767&destinationLng=-96.797&destinationRadius=100',
  'lat=41.8781&lng=-87.6298&radius=100&destinationStates=TX,CA',
  'maxWeight=30000',
  'maxLength=48&equipmentTypes=dry_van,reefer',
];
/** Searches from an origin, also sorted by deadhead (nearest pickup first). */
const ORIGIN_QUERIES = [
  'lat=32.7767&lng=-96.797&radius=300',
  'lat=41.8781&lng=-87.6298&radius=1500&maxWeight=40000',
];
const SORTS = ['newest', 'ratePerMile', 'rate', 'pickupDate', 'distance'];
const AIR_QUERIES = [
  'equipmentType=air_cargo',
  'equipmentType=air_cargo&originCountry=Germany',
  'equipmentType=air_cargo&destinationCountry=Japan&cargoType=pharma',
  'equipmentType=air_cargo&weightClass=heavy&minRate=3000',
];

async function storedListings(): Promise<FreightListingDto[]> {
  const docs = await FreightModel.find({}).lean<FreightListing[]>();
  return docs.map(toFreightDto);
}

/** What the board must answer: the shared predicate over every stored listing, sorted, first page. */
function expectedPage(all: FreightListingDto[], query: string, viewer: string | null, pageSize: number) {
  const q = freightSearchSchema.parse(Object.fromEntries(new URLSearchParams(query)));
  const open = compileBoardFilter(q);
  const any = compileBoardFilter(q, { anyStatus: true });
  const mine = (l: FreightListingDto) =>
    viewer !== null &&
    (l.userId === viewer || l.carrierId === viewer) &&
    l.status !== 'cancelled' &&
    l.status !== 'available';
  const rows = all.filter((l) => open(l) || (mine(l) && any(l))).sort(boardComparator(q.sort, q));
  return { total: rows.length, ids: rows.slice(0, pageSize).map((l) => l.id) };
}

async function boardPage(c: TestClient, query: string, pageSize: number) {
  const res = await c.get(`/api/freight?${query}${query ? '&' : ''}pageSize=${pageSize}`);
  expect(res.status, res.text).toBe(200);
  return { total: res.body.total as number, ids: (res.body.items as FreightListingDto[]).map((l) => l.id) };
}

/** Both processes answer every query as the database does; polled, since the other process hears by Redis. */
async function expectBooksAgree(label: string) {
  const viewers = [
    { name: 'anonymous', id: null, on: (url: string) => new TestClient(url), queries: ROAD_QUERIES },
    { name: 'carrier', id: carrier.user!.id, on: (url: string) => on(url, carrier), queries: ROAD_QUERIES },
    { name: 'air', id: air.user!.id, on: (url: string) => on(url, air), queries: AIR_QUERIES },
  ];
  let last = '';
  try {
    await eventually(async () => {
      const all = await storedListings();
      for (const url of [app.url, node2.url]) {
        for (const v of viewers) {
          const searches = v.queries.flatMap((base) => SORTS.map((sort) => [base, sort]));
          if (v.queries === ROAD_QUERIES) searches.push(...ORIGIN_QUERIES.map((base) => [base, 'deadhead']));
          {
            for (const [base, sort] of searches) {
              const query = `${base}${base ? '&' : ''}sort=${sort}`;
              const got = await boardPage(v.on(url), query, 100);
              const want = expectedPage(all, query, v.id, 100);
              if (JSON.stringify(got) !== JSON.stringify(want)) {
                last = `${url === app.url ? 'node 1' : 'node 2'} ${v.name} ?${query}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`;
                return false;
              }
            }
          }
        }
      }
      return true;
    }, 30_000);
  } catch {
    throw new Error(`${label}: the books disagree with the database: ${last}`);
  }
}

async function killBookSubscribers(): Promise<number> {
  const list = await app.rt.redis.client('LIST');
  const ids = String(list)
    .split('\n')
    .filter((line) => line.includes(` name=${app.config.REDIS_PREFIX}book:`))
    .map((line) => /\bid=(\d+)/.exec(line)![1]);
  for (const id of ids) await app.rt.redis.client('KILL', 'ID', id);
  return ids.length;
}

describe('the open-load book', () => {
  it('agrees with the database after random posts, edits, bookings and cancels on two processes, through a Redis disconnect', async () => {
    const rnd = random(20_261_123);
    const posters = [shipper, broker];
    const open: { id: string; poster: TestClient }[] = [];
    let edits = 0;
    const node = (c: TestClient) => (rnd.next() < 0.5 ? c : on(node2.url, c));
    const roadLoad = (): Partial<PostLoadInput> => {
      const [oc, os, olat, olng] = rnd.pick(PLACES);
      const [dc, ds] = rnd.pick(PLACES);
      return {
        title: `R${rnd.int(1e6)}`,
        originCity: oc,
        originState: os,
        originLat: olat + (rnd.next() - 0.5) * 0.5,
        originLng: olng + (rnd.next() - 0.5) * 0.5,
        destinationCity: dc,
        destinationState: ds,
        equipmentType: rnd.pick(EQUIPMENT),
        weightClass: rnd.pick(WEIGHTS),
        rate: rnd.next() < 0.1 ? null : 500 + rnd.int(40) * 100,
        distance: 300 + rnd.int(1200),
        weight: rnd.next() < 0.2 ? null : 5000 + rnd.int(40) * 1000,
        equipmentLength: rnd.pick([48, 53, null]),
        pickupDate: rnd.next() < 0.1 ? null : `2031-03-${String(1 + rnd.int(15)).padStart(2, '0')}`,
      };
    };
    const airLoad = (): Partial<PostLoadInput> => ({
      title: `A${rnd.int(1e6)}`,
      originCity: rnd.pick(['Frankfurt', 'Tokyo', 'Chicago']),
      originState: 'Hub',
      originCountry: rnd.pick(['Germany', 'Japan', 'United States']),
      destinationCity: rnd.pick(['Osaka', 'Toronto']),
      destinationState: 'Hub',
      destinationCountry: rnd.pick(['Japan', 'Canada']),
      equipmentType: 'air_cargo',
      cargoType: rnd.pick(['pharma', 'general']),
      weightClass: rnd.pick(['small', 'heavy']),
      rate: 1000 + rnd.int(50) * 100,
      distance: 4000,
    });

    const step = async () => {
      const roll = rnd.next();
      if (roll < 0.4 || open.length < 3) {
        const airPost = rnd.next() < 0.2;
        const poster = airPost ? air : rnd.pick(posters);
        const load = await postLoad(node(poster), airPost ? airLoad() : roadLoad());
        open.push({ id: load.id, poster });
        return;
      }
      const target = open.splice(rnd.int(open.length), 1)[0];
      if (roll < 0.65) {
        const patch =
          rnd.next() < 0.5 ? { rate: 400 + rnd.int(50) * 100 } : { originCity: rnd.pick(PLACES)[0] };
        const res = await node(target.poster).patch(`/api/freight/${target.id}`, patch);
        expect(res.status, res.text).toBe(200);
        edits++;
        open.push(target);
      } else if (roll < 0.85 && target.poster !== air) {
        const req = await node(carrier).post(`/api/freight/${target.id}/book`, {});
        expect(req.status, req.text).toBe(201);
        const review = await node(target.poster).post(`/api/booking-requests/${req.body.request.id}/review`, {
          status: 'approved',
        });
        expect(review.status, review.text).toBe(200);
      } else {
        const res = await node(target.poster).post(`/api/freight/${target.id}/cancel`);
        expect(res.status, res.text).toBe(200);
      }
    };

    const halfRounds = stressSize(15, 4);
    for (let round = 0; round < halfRounds; round++) await Promise.all([step(), step()]);
    await expectBooksAgree('after the first half');

    // A change nobody announces (only a rebuild can find it), then both processes' subscribers are cut off.
    const silent = open.splice(0, 1)[0];
    await FreightModel.updateOne(
      { _id: new Types.ObjectId(silent.id) },
      { $set: { status: 'cancelled', updatedAt: new Date() } },
    );
    const rebuildsBefore = liveBook()!.rebuilds;
    expect(await killBookSubscribers()).toBe(2);
    for (let round = 0; round < halfRounds; round++) await Promise.all([step(), step()]);
    await eventually(async () => liveBook()!.rebuilds > rebuildsBefore);
    await expectBooksAgree('after the disconnect and the second half');
    const statuses = new Set((await storedListings()).map((l) => l.status));
    expect([...statuses].sort()).toEqual(['available', 'booked', 'cancelled']);
    expect(edits).toBeGreaterThan(3);
  }, 600_000);

  it('reads the database again when it missed a change: a gap in the sequence, or the periodic check', async () => {
    const towns = async (url: string) =>
      (await new TestClient(url).get('/api/freight?originCity=gapton')).body.total as number;
    const both = async (n: number) =>
      eventually(async () => (await towns(app.url)) === n && (await towns(node2.url)) === n);
    const silentlyCancel = (id: string) =>
      FreightModel.updateOne(
        { _id: new Types.ObjectId(id) },
        { $set: { status: 'cancelled', updatedAt: new Date() } },
      );

    const first = await postLoad(shipper, { title: 'Gap 1', originCity: 'Gapton', originState: 'KS' });
    const second = await postLoad(shipper, { title: 'Gap 2', originCity: 'Gapton', originState: 'KS' });
    await both(2);
    // A change stored but whose announcement was lost: the next announcement arrives with a gap before it.
    await silentlyCancel(first.id);
    await app.rt.redis.incr(`${app.config.REDIS_PREFIX}listings:seq`);
    await postLoad(shipper, { title: 'After the gap', originCity: 'Elsewhere', originState: 'KS' });
    await both(1);

    // No announcement at all: the periodic check counts the open loads and reconciles.
    await silentlyCancel(second.id);
    await liveBook()!.check({ count: false });
    expect(await towns(app.url)).toBe(1); // the minute's check only compares sequence numbers
    await liveBook()!.check({ count: true });
    expect(await towns(app.url)).toBe(0);
  }, 60_000);

  it('finds loads by radius exactly as the great-circle distance says', async () => {
    const center = { lat: 39.0997, lng: -94.5786 };
    const rnd = random(7);
    const posted: FreightListingDto[] = [];
    for (let i = 0; i < 24; i++) {
      posted.push(
        await postLoad(broker, {
          title: `Radius ${i}`,
          originCity: 'Nowhere',
          originState: 'MO',
          originLat: center.lat + (rnd.next() - 0.5) * 4,
          originLng: center.lng + (rnd.next() - 0.5) * 4,
          destinationCity: 'Elsewhere',
          destinationState: 'KS',
        }),
      );
    }
    for (const radius of [25, 60, 100, 140]) {
      const res = await app
        .client()
        .get(
          `/api/freight?originCity=Nowhere&lat=${center.lat}&lng=${center.lng}&radius=${radius}&pageSize=100`,
        );
      const want = posted
        .filter((l) => haversineMiles(center.lat, center.lng, l.originLat!, l.originLng!) <= radius)
        .map((l) => l.id)
        .sort();
      expect(want.length).toBeGreaterThan(0);
      expect(want.length).toBeLessThan(posted.length);
      expect(res.body.items.map((l: FreightListingDto) => l.id).sort()).toEqual(want);
      expect(res.body.total).toBe(want.length);
    }
  }, 120_000);

  it("lists the viewer's own loads in later states, and never a stranger's booked load", async () => {
    const load = await postLoad(shipper, { title: 'Own later', originCity: 'Ownville', originState: 'OK' });
    const req = await carrier.post(`/api/freight/${load.id}/book`, {});
    await shipper.post(`/api/booking-requests/${req.body.request.id}/review`, { status: 'approved' });
    const ids = async (c: TestClient) =>
      (await c.get('/api/freight?originCity=ownville')).body.items.map((l: FreightListingDto) => l.id);
    expect(await ids(shipper)).toEqual([load.id]);
    expect(await ids(carrier)).toEqual([load.id]);
    expect(await ids(on(node2.url, carrier))).toEqual([load.id]);
    expect(await ids(app.client())).toEqual([]);
    expect(await ids(broker)).toEqual([]);
  }, 60_000);
});

describe('live pushes filtered on the server', () => {
  it('a board filtered to TX gets the TX posting and not the CA one, and a removal when its TX load is booked', async () => {
    const watcher = on(node2.url, await verifiedClient(app, 'carrier'));
    const socket = await watcher.socket();
    const ack = await socket.emitWithAck('loadboard:filters', {
      board: 'road',
      filters: { originState: 'TX' },
    });
    expect(ack).toEqual({ ok: true, data: { board: 'road' } });
    const posted = collectEvents(socket, 'freight:posted');
    const removed = collectEvents(socket, 'freight:removed');

    const ca = await postLoad(shipper, { title: 'Push CA', originCity: 'Fresno', originState: 'CA' });
    const txArrived = nextEvent(socket, 'freight:posted', (p) => p.listing.title === 'Push TX');
    const tx = await postLoad(shipper, { title: 'Push TX', originCity: 'Austin', originState: 'TX' });
    await txArrived;
    // Changes reach a process in order, so the CA posting (announced first) would have arrived before the TX one.
    expect(posted.map((p) => p.listing.id)).toEqual([tx.id]);
    expect(posted.some((p) => p.listing.id === ca.id)).toBe(false);

    const gone = nextEvent(socket, 'freight:removed', (p) => p.id === tx.id);
    const req = await carrier.post(`/api/freight/${tx.id}/book`, {});
    await shipper.post(`/api/booking-requests/${req.body.request.id}/review`, { status: 'approved' });
    expect(await gone).toEqual({ id: tx.id });
    expect(removed).toEqual([{ id: tx.id }]);
    watcher.closeSockets();
  }, 60_000);

  it('refuses filters that do not parse, with the field named', async () => {
    const socket = await carrier.socket();
    const bad = await socket.emitWithAck('loadboard:filters', {
      board: 'road',
      filters: { minRate: 'lots' },
    });
    expect(bad).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
    expect(bad.ok === false && bad.error.message).toContain('minRate');
    const unknownBoard = await socket.emitWithAck('loadboard:filters', {
      board: 'sea',
      filters: {},
    } as never);
    expect(unknownBoard).toMatchObject({ ok: false });
    carrier.closeSockets();
  });
});
