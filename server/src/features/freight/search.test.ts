import type { FreightListingDto } from '@freight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { postLoad } from './testUtils';

let app: TestApp;
let shipper: TestClient;
let air: TestClient;

const CHICAGO = { lat: 41.8781, lng: -87.6298 };

beforeAll(async () => {
  app = await startTestApp();
  shipper = app.client();
  await shipper.login('shipper@test.local');
  air = app.client();
  await air.login('aircargo@test.local');
  const road = (title: string, o: Record<string, unknown>) => postLoad(shipper, { title, ...o });
  await road('L1', {
    originCity: 'Chicago',
    originState: 'IL',
    destinationCity: 'Dallas',
    destinationState: 'TX',
    equipmentType: 'dry_van',
    weightClass: 'ftl',
    rate: 2000,
    distance: 1000,
    pickupDate: '2030-01-10',
  });
  await road('L2', {
    originCity: 'Chicago Heights',
    originState: 'IL',
    destinationCity: 'Houston',
    destinationState: 'TX',
    equipmentType: 'reefer',
    weightClass: 'ltl',
    rate: 3000,
    distance: 1000,
    pickupDate: '2030-01-15',
    originLat: 41.5061,
    originLng: -87.6356,
  });
  await road('L3', {
    originCity: 'Milwaukee',
    originState: 'WI',
    destinationCity: 'Chicago',
    destinationState: 'IL',
    equipmentType: 'flatbed',
    weightClass: 'partial',
    rate: 500,
    distance: 100,
    pickupDate: '2030-01-20',
  });
  await road('L4', {
    originCity: 'Dallas',
    originState: 'TX',
    destinationCity: 'Atlanta',
    destinationState: 'GA',
    equipmentType: 'dry_van',
    weightClass: 'ftl',
    rate: 1500,
    distance: 800,
  });
  await road('L5', {
    originCity: 'Los Angeles',
    originState: 'CA',
    destinationCity: 'Seattle',
    destinationState: 'WA',
    equipmentType: 'reefer',
    weightClass: 'ftl',
    rate: null,
    distance: 1100,
    pickupDate: '2030-02-01',
  });
  await road('L7', {
    originCity: 'Gary',
    originState: 'IN',
    destinationCity: 'Detroit',
    destinationState: 'MI',
    equipmentType: 'dry_van',
    rate: 800,
    distance: 280,
    pickupDate: '2030-01-12',
    originLat: 41.5934,
    originLng: -87.3464,
  });
  const l8 = await road('L8', {
    originCity: 'Chicago',
    originState: 'IL',
    destinationCity: 'Denver',
    destinationState: 'CO',
    rate: 2500,
    distance: 1000,
  });
  const cancelled = await shipper.post(`/api/freight/${l8.id}/cancel`);
  expect(cancelled.status).toBe(200);
  await postLoad(air, {
    title: 'L6',
    originCity: 'Frankfurt',
    originState: 'Hesse',
    originCountry: 'Germany',
    destinationCity: 'Toronto',
    destinationState: 'ON',
    destinationCountry: 'Canada',
    equipmentType: 'air_cargo',
    cargoType: 'pharma',
    weightClass: 'medium',
    rate: 5000,
    distance: 4000,
    pickupDate: '2030-01-15',
  });
});
afterAll(async () => {
  await app?.close();
});

async function titles(c: TestClient, query: string): Promise<string[]> {
  const res = await c.get(`/api/freight${query ? `?${query}` : ''}`);
  expect(res.status, res.text).toBe(200);
  expect(res.body.total).toBe(res.body.items.length);
  return res.body.items.map((l: FreightListingDto) => l.title).sort();
}

describe('GET /api/freight filters on the server (call 8)', () => {
  const radius = (miles: number) => `radius=${miles}&lat=${CHICAGO.lat}&lng=${CHICAGO.lng}`;
  it.each([
    ['no filter: every road load but the cancelled one', '', ['L1', 'L2', 'L3', 'L4', 'L5', 'L7']],
    ['origin city, case-insensitive substring', 'originCity=chicago', ['L1', 'L2']],
    ['origin city, upper-case fragment', 'originCity=CHIC', ['L1', 'L2']],
    ['destination city', 'destinationCity=chicago', ['L3']],
    ['regex characters are literal', 'originCity=chi.ago', []],
    ['an unbalanced parenthesis is just text', 'originCity=(', []],
    ['origin state, exact', 'originState=IL', ['L1', 'L2']],
    ['destination state, exact', 'destinationState=TX', ['L1', 'L2']],
    ['equipment type', 'equipmentType=reefer', ['L2', 'L5']],
    ['weight class', 'weightClass=ltl', ['L2']],
    ['min rate, inclusive', 'minRate=1500', ['L1', 'L2', 'L4']],
    ['max rate, inclusive', 'maxRate=800', ['L3', 'L7']],
    ['rate range', 'minRate=800&maxRate=2000', ['L1', 'L4', 'L7']],
    ['pickup from, inclusive', 'pickupDateStart=2030-01-15', ['L2', 'L3', 'L5']],
    ['pickup to, inclusive', 'pickupDateEnd=2030-01-15', ['L1', 'L2', 'L7']],
    ['pickup range', 'pickupDateStart=2030-01-15&pickupDateEnd=2030-01-20', ['L2', 'L3']],
    ['origin within 50 miles of Chicago', radius(50), ['L1', 'L2', 'L7']],
    ['origin within 100 miles of Chicago', radius(100), ['L1', 'L2', 'L3', 'L7']],
    ['radius combined with equipment', `${radius(100)}&equipmentType=dry_van`, ['L1', 'L7']],
    [
      'empty parameters are ignored',
      'originCity=&equipmentType=&minRate=',
      ['L1', 'L2', 'L3', 'L4', 'L5', 'L7'],
    ],
    [
      'status available (the board lists open loads only)',
      'status=available',
      ['L1', 'L2', 'L3', 'L4', 'L5', 'L7'],
    ],
    ['combined', 'originState=IL&equipmentType=dry_van&maxRate=2000', ['L1']],
  ])('%s', async (_name, query, expected) => {
    expect(await titles(app.client(), query)).toEqual(expected);
  });

  it.each([
    ['air listing', 'equipmentType=air_cargo', ['L6']],
    ['origin country', 'equipmentType=air_cargo&originCountry=Germany', ['L6']],
    ['destination country', 'equipmentType=air_cargo&destinationCountry=Mexico', []],
    ['cargo type', 'equipmentType=air_cargo&cargoType=pharma', ['L6']],
    ['air weight class', 'equipmentType=air_cargo&weightClass=medium', ['L6']],
    ['city and rate on air', 'equipmentType=air_cargo&originCity=frank&minRate=4000', ['L6']],
  ])('air filters: %s', async (_name, query, expected) => {
    expect(await titles(air, query)).toEqual(expected);
  });

  it('air cargo listings need a signed-in user (the subscription gate decides the rest)', async () => {
    expect((await app.client().get('/api/freight?equipmentType=air_cargo')).status).toBe(401);
  });

  it('sorts by newest, or by rate per mile with unrated loads last', async () => {
    const newest = await app.client().get('/api/freight');
    expect(newest.body.items.map((l: FreightListingDto) => l.title)).toEqual([
      'L7',
      'L5',
      'L4',
      'L3',
      'L2',
      'L1',
    ]);
    const rpm = await app.client().get('/api/freight?sort=ratePerMile');
    expect(rpm.body.items.map((l: FreightListingDto) => l.title)).toEqual([
      'L3',
      'L2',
      'L7',
      'L1',
      'L4',
      'L5',
    ]);
    expect(rpm.body.items.map((l: FreightListingDto) => l.ratePerMile)).toEqual([5, 3, 2.86, 2, 1.88, null]);
  });

  it('paginates a radius search too', async () => {
    const q = `radius=100&lat=${CHICAGO.lat}&lng=${CHICAGO.lng}&pageSize=3`;
    const p1 = await app.client().get(`/api/freight?${q}&page=1`);
    const p2 = await app.client().get(`/api/freight?${q}&page=2`);
    expect(p1.body).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(p1.body.items).toHaveLength(3);
    expect(p2.body.items).toHaveLength(1);
    const ids = [...p1.body.items, ...p2.body.items].map((l: FreightListingDto) => l.title).sort();
    expect(ids).toEqual(['L1', 'L2', 'L3', 'L7']);
  });

  it.each([
    ['a non-numeric rate', 'minRate=abc', 'minRate'],
    ['min above max', 'minRate=10&maxRate=5', 'minRate'],
    ['lat without lng', 'lat=41&radius=10', 'lat'],
    ['an unknown equipment type', 'equipmentType=rocket', 'equipmentType'],
    ['a bad date', 'pickupDateStart=tomorrow', 'pickupDateStart'],
    ['a page size over the limit', 'pageSize=1000', 'pageSize'],
    ['an unknown sort', 'sort=cheapest', 'sort'],
    ['a status other than available', 'status=cancelled', 'status'],
  ])('refuses %s with 400', async (_name, query, text) => {
    const res = await app.client().get(`/api/freight?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(text);
  });
});

describe('the load-board search by place (issue 15)', () => {
  it('posts from a town outside any short table with estimated miles, and finds it around a neighbouring town', async () => {
    // Elko, NV → Twin Falls, ID: about 132 miles apart in a straight line, 158 estimated by road.
    const posted = await postLoad(shipper, {
      title: 'Mine parts',
      originCity: 'Elko',
      originState: 'NV',
      destinationCity: 'Twin Falls',
      destinationState: 'ID',
      rate: 1400,
      distance: undefined,
    });
    expect(posted.originLat).toBeCloseTo(40.83, 0);
    expect(posted.distanceIsEstimate).toBe(true);
    expect(posted.distance).toBeGreaterThan(140);
    expect(posted.distance).toBeLessThan(180);
    expect(posted.ratePerMile).not.toBeNull();

    // Carlin, NV is 20 miles west of Elko.
    const res = await shipper.get(
      `/api/freight?origin=${encodeURIComponent('Carlin, NV')}&radius=50&sort=deadhead`,
    );
    expect(res.status, res.text).toBe(200);
    const found = (res.body.items as FreightListingDto[]).find((l) => l.id === posted.id);
    expect(found?.deadheadMiles).toBeGreaterThan(15);
    expect(found?.deadheadMiles).toBeLessThan(30);
    const byZip = await shipper.get('/api/freight?origin=89801&radius=25');
    expect((byZip.body.items as FreightListingDto[]).map((l) => l.id)).toContain(posted.id);
    const tooFar = await shipper.get(`/api/freight?origin=${encodeURIComponent('Reno, NV')}&radius=100`);
    expect((tooFar.body.items as FreightListingDto[]).map((l) => l.id)).not.toContain(posted.id);
    const byDestination = await shipper.get(
      `/api/freight?destination=${encodeURIComponent('Jerome, ID')}&destinationRadius=25`,
    );
    expect((byDestination.body.items as FreightListingDto[]).map((l) => l.id)).toContain(posted.id);
  });

  it('actual miles given by the poster win over the estimate', async () => {
    const posted = await postLoad(shipper, {
      title: 'Actual miles',
      originCity: 'Elko',
      originState: 'NV',
      destinationCity: 'Twin Falls',
      destinationState: 'ID',
      rate: 1400,
      distance: 226,
    });
    expect(posted.distance).toBe(226);
    expect(posted.distanceIsEstimate).toBe(false);
  });

  it('refuses an unknown place, and a deadhead order without an origin, with 400 and a clear message', async () => {
    const unknown = await shipper.get(`/api/freight?origin=${encodeURIComponent('Atlantis, ZZ')}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/origin: no US place "Atlantis, ZZ"/);
    const noOrigin = await shipper.get('/api/freight?sort=deadhead');
    expect(noOrigin.status).toBe(400);
    expect(noOrigin.body.message).toMatch(/deadhead needs an origin/);
    expect((await shipper.get('/api/freight?originStates=Texas')).status).toBe(400);
  });
});
