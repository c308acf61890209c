// Issue 41, slice 4: facility dwell scorecards from the stop clock's departures, on real services. Visits are made
// by pings through the API (the geofence of slice 2), the product's clock moved, never waited on.
import type { FacilityPageDto, LoadFacilityDwellDto } from '@freight/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { rewindProjector } from '../../events/projectors';
import { resetClock, setClock } from '../../infra/clock';
import { EXACT_PICKUP, seedLoad } from '../tracking/testing';
import { FacilityDwellModel } from './model';

let app: TestApp;
let shipper: TestClient;
let carrier: TestClient;
let stranger: TestClient;
let shipperId: string;
let carrierId: string;

beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMITS_ENABLED: 'false' } });
  shipper = app.client();
  shipperId = (await shipper.registerAndLogin({ userType: 'shipper' })).id;
  carrier = app.client();
  carrierId = (await carrier.registerAndLogin({ userType: 'carrier' })).id;
  stranger = app.client();
  await stranger.registerAndLogin({ userType: 'carrier' });
});
afterEach(() => resetClock());
afterAll(() => app?.close());

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
/** The product's time: hours behind the real one, as the stop clock's tests keep it. */
const t = Date.now() - 8 * 60 * MIN;

/** One truck's visit at Acme DC (the pickup of an exact-stops load): in at `t`, out a mile away `dwell` later. */
async function visit(dwellMinutes: number, freeTimeMinutes?: number): Promise<void> {
  const id = await seedLoad({ posterId: shipperId, carrierId, exactStops: true, freeTimeMinutes });
  setClock(() => new Date(t));
  expect(
    (
      await carrier.post(`/api/freight/${id}/location`, {
        latitude: EXACT_PICKUP.lat,
        longitude: EXACT_PICKUP.lng,
      })
    ).status,
  ).toBe(200);
  const out = t + dwellMinutes * MIN;
  setClock(() => new Date(out));
  const away = { latitude: EXACT_PICKUP.lat + 1 / 69, longitude: EXACT_PICKUP.lng };
  expect((await carrier.post(`/api/freight/${id}/location`, away)).status).toBe(200);
  resetClock();
}

async function dwellOf(loadId: string, who: TestClient | null): Promise<LoadFacilityDwellDto> {
  const client = who ?? app.client();
  const res = await client.get(`/api/freight/${loadId}/facility-dwell`);
  expect(res.status, res.text).toBe(200);
  return res.body as LoadFacilityDwellDto;
}

describe('facility dwell scorecards (issue 41, slice 4)', () => {
  it('counts each departure at its facility, shows no figure below five visits, and the same figures after a replay of the log', async () => {
    const open = await seedLoad({ posterId: shipperId, exactStops: true });
    for (const dwell of [60, 130, 90, 150]) await visit(dwell);
    await app.rt.projectors.drain();

    // The board (signed out) gets the figures without the facility; the poster, who reads the stops, its key.
    const board = await dwellOf(open, null);
    expect(board.pickup).toMatchObject({ facilityKey: null, facilityName: null });
    expect(board.pickup!.scorecard).toMatchObject({ visits: 4, enough: false });
    expect(board.pickup!.scorecard.line).toBe('Too few visits for a dwell figure (4 in 90 days)');
    expect(board.delivery!.scorecard).toMatchObject({ visits: 0, enough: false });
    const own = await dwellOf(open, shipper);
    expect(own.pickup).toMatchObject({ facilityName: 'Acme DC' });
    const key = own.pickup!.facilityKey!;
    expect(key).toMatch(/^[0-9a-f]{64}$/);

    // Two more: 200 minutes at a load with 4 h free is not detention; 240 at 2 h is.
    await visit(200, 240);
    await visit(240);
    await app.rt.projectors.drain();
    const page = await shipper.get(`/api/facilities/${key}`);
    expect(page.status, page.text).toBe(200);
    const live = page.body as FacilityPageDto;
    // Sorted 60, 90, 130, 150, 200, 240: median 130 (3rd), p90 240 (6th); detained 130, 150, 240 (3 of 6).
    expect(live).toMatchObject({
      id: key,
      facilityName: 'Acme DC',
      scorecard: {
        visits: 6,
        enough: true,
        medianDwellMinutes: 130,
        p90DwellMinutes: 240,
        detentionPercent: 50,
        line: 'Median dwell 2 h 10 m · detention at 50 % of stops',
      },
    });
    expect((await dwellOf(open, null)).pickup!.scorecard).toEqual(live.scorecard);

    // Recomputed from the event log: the summary gone, the projector sent back to the start, the same figures.
    await FacilityDwellModel.deleteMany({});
    await rewindProjector('facilityDwell', 0);
    await app.rt.projectors.drain();
    expect((await shipper.get(`/api/facilities/${key}`)).body).toEqual(live);

    // 90 days on, the visits have left the window.
    setClock(() => new Date(t + 91 * DAY));
    expect((await shipper.get(`/api/facilities/${key}`)).body.scorecard).toMatchObject({
      visits: 0,
      enough: false,
    });
  });

  it('refuses what it should: a bad or unknown key, the signed-out, a booked load of others', async () => {
    expect((await shipper.get('/api/facilities/nope')).status).toBe(404);
    expect((await shipper.get(`/api/facilities/${'a'.repeat(64)}`)).status).toBe(404);
    expect((await app.client().get(`/api/facilities/${'a'.repeat(64)}`)).status).toBe(401);
    const booked = await seedLoad({ posterId: shipperId, carrierId, exactStops: true });
    expect((await stranger.get(`/api/freight/${booked}/facility-dwell`)).status).toBe(404);
    expect((await carrier.get(`/api/freight/${booked}/facility-dwell`)).status).toBe(200);
    // A load without street addresses has no facility to score.
    const plain = await seedLoad({ posterId: shipperId });
    expect(await dwellOf(plain, null)).toEqual({ id: plain, pickup: null, delivery: null });
  });
});
