// Posted trucks (issue 29, item 6): validation, the Trucks board's search by place and radius, edits by another
// company, the match alert to both sides, the expiry sweep, and a load offered to a truck booked by its carrier.
// Real FerretDB, Redis, BullMQ and the notifications worker.
import { QUEUES, type TruckPostDto, type TruckPostInput } from '@freight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, nextEvent, startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { DomainEventModel } from '../../events/model';
import { getQueue } from '../../queues';
import { NotificationModel } from '../notifications/model';
import { postLoad, verifiedClient } from '../freight/testUtils';
import { expireTruckPosts } from './service';

let app: TestApp;
let carrier: TestClient;
let broker: TestClient;

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

const wells = (overrides: Partial<TruckPostInput> = {}): TruckPostInput => ({
  originCity: 'Wells',
  originState: 'NV',
  availableFrom: day(1),
  availableTo: day(3),
  equipmentType: 'dry_van',
  length: 53,
  maxWeight: 44000,
  destinationStates: ['UT', 'ID'],
  ratePerMile: 2.4,
  ...overrides,
});

async function postTruck(c: TestClient, overrides: Partial<TruckPostInput> = {}): Promise<TruckPostDto> {
  const res = await c.post('/api/truck-posts', wells(overrides));
  if (res.status !== 201) throw new Error(`post truck failed: ${res.status} ${res.text}`);
  return res.body as TruckPostDto;
}

/** The projectors have handled the whole log and the notifications worker has nothing left to do. */
async function settled(): Promise<void> {
  await app.rt.projectors.drain();
  const queue = getQueue(QUEUES.notifications);
  await eventually(async () => {
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    return Object.values(counts).every((n) => n === 0);
  }, 30_000);
}

const titlesOf = async (c: TestClient) =>
  (await NotificationModel.find({ userId: c.user!.id }).lean()).map((n) => ({
    title: n.title,
    link: n.link,
  }));

beforeAll(async () => {
  app = await startTestApp({ workers: true });
  carrier = app.client();
  await carrier.login('carrier@test.local');
  broker = app.client();
  await broker.login('broker@test.local');
});
afterAll(async () => {
  await app?.close();
});

describe('posting a truck', () => {
  it('refuses bad input with a clear message and stores nothing', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...wells(), originState: 'XX' }, /originState: Use a two-letter US state code/],
      [
        { ...wells(), availableFrom: day(3), availableTo: day(1) },
        /availableTo: The last day cannot be before/,
      ],
      [
        { ...wells(), availableFrom: day(-9), availableTo: day(-5) },
        /availableTo: The last available day has passed/,
      ],
      [{ ...wells(), availableTo: 'soon' }, /availableTo: Expected a date/],
      [
        { ...wells(), destinationRadius: 300 },
        /destinationRadius: Give destination states or a radius, not both/,
      ],
      [{ ...wells(), equipmentType: 'spaceship' }, /equipmentType: Choose the equipment/],
      [{ ...wells(), ratePerMile: -1 }, /ratePerMile: Must be more than \$0/],
      [{ ...wells(), originCity: 'Nowhereville' }, /originCity: No US place "Nowhereville, NV"/],
    ];
    for (const [body, message] of cases) {
      const res = await carrier.post('/api/truck-posts', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const asBroker = await broker.post('/api/truck-posts', wells());
    expect(asBroker.status).toBe(403);
    expect(asBroker.body.message).toMatch(/Only carriers/);
    expect((await carrier.get('/api/truck-posts/mine')).body.total).toBe(0);
  });

  it('caps a carrier without Pro at 3 active posts; withdrawing one frees a place', async () => {
    const basic = await verifiedClient(app, 'carrier');
    const posts = [];
    for (let i = 0; i < 3; i++) posts.push(await postTruck(basic));
    const fourth = await basic.post('/api/truck-posts', wells());
    expect(fourth.status).toBe(403);
    expect(fourth.body.message).toMatch(/keeps 3 posted trucks at a time/);
    expect((await basic.post(`/api/truck-posts/${posts[0].id}/withdraw`)).status).toBe(200);
    await postTruck(basic);
  });
});

describe('the Trucks board', () => {
  it('finds a truck in Wells, NV from 100 miles around Elko, NV, and not from 20 miles', async () => {
    const truck = await postTruck(carrier, { equipmentType: 'reefer' });
    const near = await broker.get('/api/truck-posts?origin=Elko, NV&radius=100&equipmentType=reefer');
    expect(near.status).toBe(200);
    const found = (near.body.items as TruckPostDto[]).find((p) => p.id === truck.id);
    expect(found).toBeDefined();
    expect(found!.distanceMiles).toBeGreaterThan(30);
    expect(found!.distanceMiles).toBeLessThan(60);
    expect(found!.viewerActions).toEqual({ offerLoad: true });

    const far = await broker.get('/api/truck-posts?origin=Elko, NV&radius=20&equipmentType=reefer');
    expect((far.body.items as TruckPostDto[]).map((p) => p.id)).not.toContain(truck.id);
    const otherKind = await broker.get('/api/truck-posts?origin=Elko, NV&radius=100&equipmentType=flatbed');
    expect((otherKind.body.items as TruckPostDto[]).map((p) => p.id)).not.toContain(truck.id);
    const laterDates = await broker.get(
      `/api/truck-posts?origin=Elko, NV&radius=100&availableFrom=${day(10)}&availableTo=${day(12)}`,
    );
    expect((laterDates.body.items as TruckPostDto[]).map((p) => p.id)).not.toContain(truck.id);

    const unknown = await broker.get('/api/truck-posts?origin=Atlantis, ZZ');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/origin: No US place/);
    expect((await carrier.get('/api/truck-posts')).status).toBe(403);
  });

  it('pages the results', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await postTruck(carrier, { equipmentType: 'tanker' })).id);
    const first = await broker.get('/api/truck-posts?equipmentType=tanker&pageSize=2&page=1');
    const second = await broker.get('/api/truck-posts?equipmentType=tanker&pageSize=2&page=2');
    expect(first.body.total).toBe(3);
    const seen = [...first.body.items, ...second.body.items].map((p: TruckPostDto) => p.id);
    expect(seen.sort()).toEqual(ids.sort());
  });
});

describe('editing and withdrawing', () => {
  it('another company cannot edit or withdraw a post (404); its carrier can', async () => {
    const truck = await postTruck(carrier, { equipmentType: 'step_deck' });
    const other = await verifiedClient(app, 'carrier');
    expect((await other.patch(`/api/truck-posts/${truck.id}`, { ratePerMile: 1 })).status).toBe(404);
    expect((await other.post(`/api/truck-posts/${truck.id}/withdraw`)).status).toBe(404);
    expect((await broker.patch(`/api/truck-posts/${truck.id}`, { ratePerMile: 1 })).status).toBe(404);
    expect((await carrier.get(`/api/truck-posts/${truck.id}`)).body.ratePerMile).toBe(2.4);

    const bad = await carrier.patch(`/api/truck-posts/${truck.id}`, {
      availableTo: day(0),
      availableFrom: day(2),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/availableTo: The last day cannot be before/);
    const edited = await carrier.patch(`/api/truck-posts/${truck.id}`, {
      originCity: 'Elko',
      originState: 'NV',
      ratePerMile: 2.9,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ originCity: 'Elko', ratePerMile: 2.9, status: 'active' });

    const socket = await broker.socket();
    await app.rt.projectors.drain();
    const removed = nextEvent(socket, 'truckPost:removed', (p) => p.id === truck.id);
    expect((await carrier.post(`/api/truck-posts/${truck.id}/withdraw`)).body.status).toBe('withdrawn');
    expect((await removed).status).toBe('withdrawn');
    expect((await carrier.post(`/api/truck-posts/${truck.id}/withdraw`)).status).toBe(409);
    expect((await carrier.patch(`/api/truck-posts/${truck.id}`, { ratePerMile: 3 })).status).toBe(409);
    expect((await broker.get(`/api/truck-posts/${truck.id}`)).status).toBe(404);
    socket.disconnect();
  });
});

describe('expiry', () => {
  it('a post leaves the board after its last day: stored expired, its fact recorded, boards told', async () => {
    const truck = await postTruck(carrier, {
      equipmentType: 'lowboy',
      availableFrom: day(0),
      availableTo: day(0),
    });
    expect(truck.expiresAt).toBe(new Date(Date.parse(`${day(1)}T08:00:00.000Z`)).toISOString());
    const socket = await broker.socket();
    await app.rt.projectors.drain();
    const removed = nextEvent(socket, 'truckPost:removed', (p) => p.id === truck.id);

    expect(await expireTruckPosts(new Date(Date.parse(truck.expiresAt) - 1000))).not.toContain(truck.id);
    expect(await expireTruckPosts(new Date(Date.parse(truck.expiresAt) + 1000))).toContain(truck.id);
    expect((await removed).status).toBe('expired');
    expect(await DomainEventModel.countDocuments({ _id: `truckPost.expired:${truck.id}` })).toBe(1);
    expect((await carrier.get(`/api/truck-posts/${truck.id}`)).body.status).toBe('expired');
    // A second sweep changes nothing.
    expect(await expireTruckPosts(new Date(Date.parse(truck.expiresAt) + 2000))).not.toContain(truck.id);
    socket.disconnect();
  });
});

describe('matching and offering', () => {
  it('a matching load posted afterwards alerts both sides once; the poster offers it and the carrier books it', async () => {
    const truck = await postTruck(carrier, { equipmentType: 'container', destinationStates: ['UT'] });
    const socket = await broker.socket();
    await settled();
    const posted = nextEvent(socket, 'truckPost:posted', (p) => p.post.id !== truck.id);
    const second = await postTruck(carrier, { equipmentType: 'box_truck', destinationStates: ['CA'] });
    expect((await posted).post.id).toBe(second.id);

    const load = await postLoad(broker, {
      title: 'Elko to Salt Lake',
      originCity: 'Elko',
      originState: 'NV',
      destinationCity: 'Salt Lake City',
      destinationState: 'UT',
      equipmentType: 'container',
      pickupDate: day(2),
      rate: 1500,
      distance: 230,
    });
    // Not a match: the wrong direction for the container, the wrong kind for the box truck.
    await postLoad(broker, {
      title: 'Elko to Reno',
      originCity: 'Elko',
      originState: 'NV',
      destinationCity: 'Reno',
      destinationState: 'NV',
      equipmentType: 'container',
      pickupDate: day(2),
    });
    await settled();
    const carrierAlerts = (await titlesOf(carrier)).filter(
      (n) => n.title === 'A load matches your posted truck',
    );
    const brokerAlerts = (await titlesOf(broker)).filter(
      (n) => n.title === 'A posted truck matches your load',
    );
    expect(carrierAlerts).toEqual([
      { title: 'A load matches your posted truck', link: `/freight?load=${load.id}` },
    ]);
    expect(brokerAlerts).toEqual([
      { title: 'A posted truck matches your load', link: `/trucks?offer=${truck.id}&load=${load.id}` },
    ]);

    // Another company's load cannot be offered; a load that does not fit the truck is refused.
    const shipper = await verifiedClient(app, 'shipper');
    expect(
      (await shipper.post(`/api/truck-posts/${truck.id}/offers`, { loadId: load.id, rate: 1500 })).status,
    ).toBe(404);
    const badRate = await broker.post(`/api/truck-posts/${truck.id}/offers`, { loadId: load.id, rate: 0 });
    expect(badRate.status).toBe(400);
    expect(badRate.body.message).toMatch(/rate: The rate must be more than \$0/);
    const misfit = await broker.post(`/api/truck-posts/${second.id}/offers`, { loadId: load.id, rate: 1500 });
    expect(misfit.status).toBe(400);
    expect(misfit.body.message).toMatch(/cannot haul a Container load/);

    const carrierSocket = await carrier.socket();
    const created = nextEvent(
      carrierSocket,
      'negotiation:created',
      (p) => p.negotiation.freightListingId === load.id,
    );
    const offered = await broker.post(`/api/truck-posts/${truck.id}/offers`, { loadId: load.id, rate: 1600 });
    expect(offered.status).toBe(201);
    expect(offered.body.negotiation).toMatchObject({ status: 'counter_offered', counterRate: 1600 });
    expect((await created).negotiation.id).toBe(offered.body.negotiation.id);
    const again = await broker.post(`/api/truck-posts/${truck.id}/offers`, { loadId: load.id, rate: 1700 });
    expect(again.status).toBe(409);

    const mine = await carrier.get('/api/negotiations/mine');
    const offer = mine.body.items.find((n: { id: string }) => n.id === offered.body.negotiation.id);
    expect(offer.viewerActions).toEqual({ answerCounter: true, counter: true });
    // Marked as the poster's offer to the truck, and written in the load's history.
    expect(offer.truckPostId).toBe(truck.id);
    const history = (await broker.get(`/api/freight/${load.id}/history`)).body as {
      entries: Array<{ name: string; text: string }>;
    };
    expect(history.entries.find((e) => e.name === 'truckPost.loadOffered')?.text).toMatch(
      /^Offered to .+'s posted truck at \$1,600\.00$/,
    );
    const accepted = await carrier.post(`/api/negotiations/${offer.id}/accept-counter`, {
      version: offer.version,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.listing).toMatchObject({ id: load.id, status: 'booked', rate: 1600 });
    await settled();
    expect((await titlesOf(carrier)).filter((n) => n.title === 'A load offered to your truck')).toHaveLength(
      1,
    );

    // Replaying the facts (a second drain after a rewind would) does not alert again: one per person and pair.
    expect(
      (await titlesOf(carrier)).filter((n) => n.title === 'A load matches your posted truck'),
    ).toHaveLength(1);
    socket.disconnect();
    carrierSocket.disconnect();
  });
});
