import { STOP_EVENT_KINDS } from '@freight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { FreightModel } from '../../freight/model';
import { DomainEventModel } from '../../../events/model';
import { StopEventModel } from '../model';
import { seedLoad } from '../testing';

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
afterAll(() => app?.close());

const stopsOf = async (id: string) => (await StopEventModel.find({ freightListingId: id }).lean()).length;
/** The load's recorded stop facts of one kind (issue 26: exactly one per stop). */
const stopFacts = (id: string, kind: string) =>
  DomainEventModel.countDocuments({
    name: 'stop.reported',
    loadId: id,
    state: 'recorded',
    'data.stop.kind': kind,
  });

describe('stop events (issue 16)', () => {
  it('the booked carrier reports them in order, each once; Loaded starts the trip', async () => {
    const id = await seedLoad({ posterId: shipperId, carrierId });
    const report = (kind: string, who = carrier) => who.post(`/api/freight/${id}/stops`, { kind });

    const early = await report('loaded');
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Report arrived at pickup first');
    expect((await report('arrived_delivery')).status).toBe(409);
    expect((await report('unloaded')).status).toBe(400);
    expect((await report('arrived_pickup', shipper)).status).toBe(403);
    expect((await report('arrived_pickup', stranger)).status).toBe(404);
    expect(await stopsOf(id)).toBe(0);

    // Where the load was is kept with the stop.
    await carrier.post(`/api/freight/${id}/location`, { latitude: 41.85, longitude: -87.65 });
    const arrived = await report('arrived_pickup');
    expect(arrived.status).toBe(201);
    expect(arrived.body).toMatchObject({
      kind: 'arrived_pickup',
      lat: 41.85,
      lng: -87.65,
      freightListingId: id,
    });
    expect((await report('arrived_pickup')).body.message).toBe('Arrived at pickup was already reported');
    expect((await FreightModel.findById(id).lean())?.status).toBe('booked');

    expect((await report('loaded')).status).toBe(201);
    expect((await FreightModel.findById(id).lean())?.status).toBe('in_transit');
    expect((await report('arrived_delivery')).status).toBe(201);

    const listed = await shipper.get(`/api/freight/${id}/stops`);
    expect(listed.status).toBe(200);
    expect(listed.body.map((s: { kind: string }) => s.kind)).toEqual([...STOP_EVENT_KINDS]);
    expect((await stranger.get(`/api/freight/${id}/stops`)).status).toBe(404);
  });

  it('refuses reports on a load that is not booked or in transit', async () => {
    const open = await seedLoad({ posterId: shipperId });
    expect((await carrier.post(`/api/freight/${open}/stops`, { kind: 'arrived_pickup' })).status).toBe(404);
    const done = await seedLoad({ posterId: shipperId, carrierId, status: 'delivered' });
    const late = await carrier.post(`/api/freight/${done}/stops`, { kind: 'arrived_pickup' });
    expect(late.status).toBe(409);
    expect(await stopsOf(done)).toBe(0);
  });

  it('the tracking detail carries the pickup and delivery pins (the cities, when the load has no coordinates)', async () => {
    const id = await seedLoad({ posterId: shipperId, carrierId });
    const { body } = await shipper.get(`/api/freight/${id}/tracking`);
    // Chicago, IL and Dallas, TX from the gazetteer: within a few miles of their published centres.
    expect(body.pickupLat).toBeCloseTo(41.88, 0);
    expect(body.pickupLng).toBeCloseTo(-87.63, 0);
    expect(body.deliveryLat).toBeCloseTo(32.78, 0);
    expect(body.deliveryLng).toBeCloseTo(-96.8, 0);
  });

  it('of racing reports of one stop, exactly one is stored (10 rounds of 4)', async () => {
    for (let round = 0; round < 10; round++) {
      const id = await seedLoad({ posterId: shipperId, carrierId });
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => carrier.post(`/api/freight/${id}/stops`, { kind: 'arrived_pickup' })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
      expect(await stopsOf(id)).toBe(1);
      expect(await stopFacts(id, 'arrived_pickup')).toBe(1);
      expect(await DomainEventModel.countDocuments({ name: 'stop.reported', loadId: id })).toBe(1);
    }
  });

  it('Loaded racing Start Trip: the load ends in transit once, and Loaded is stored (10 rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const id = await seedLoad({ posterId: shipperId, carrierId });
      await carrier.post(`/api/freight/${id}/stops`, { kind: 'arrived_pickup' });
      const [loaded, start] = await Promise.all([
        carrier.post(`/api/freight/${id}/stops`, { kind: 'loaded' }),
        carrier.post(`/api/freight/${id}/status`, { status: 'in_transit' }),
      ]);
      expect(loaded.status).toBe(201);
      expect([200, 409]).toContain(start.status);
      expect((await FreightModel.findById(id).lean())?.status).toBe('in_transit');
      expect(await stopsOf(id)).toBe(2);
      expect(await stopFacts(id, 'loaded')).toBe(1);
    }
  });
});
