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
    expect(listed.body.map((s: { kind: string }) => s.kind)).toEqual(
      STOP_EVENT_KINDS.filter((k) => k !== 'stop_done'),
    );
    expect((await stranger.get(`/api/freight/${id}/stops`)).status).toBe(404);
  });

  it('a load with stops in between: each is reported done in its turn, and the trip and the API follow (issue 39)', async () => {
    const id = await seedLoad({
      posterId: shipperId,
      carrierId,
      extraStops: [
        { kind: 'pickup', city: 'Joliet', state: 'IL' },
        { kind: 'delivery', city: 'Springfield', state: 'MO' },
      ],
    });
    const report = (body: Record<string, unknown>) => carrier.post(`/api/freight/${id}/stops`, body);
    expect((await report({ kind: 'arrived_pickup' })).status).toBe(201);
    const early = await report({ kind: 'stop_done', stop: 2 });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Report loaded first');
    expect((await report({ kind: 'loaded' })).status).toBe(201);

    // Bad input: no stop number, a number the load does not have, a number on another kind: 400, nothing stored.
    expect((await report({ kind: 'stop_done' })).status).toBe(400);
    const missing = await report({ kind: 'stop_done', stop: 4 });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("stop: This load's stops in between are numbered 2 to 3");
    expect((await report({ kind: 'loaded', stop: 2 })).status).toBe(400);
    // Out of turn: stop 3 before stop 2, the delivery before both.
    expect((await report({ kind: 'stop_done', stop: 3 })).body.message).toBe('Report done at stop 2 first');
    expect((await report({ kind: 'arrived_delivery' })).body.message).toBe('Report done at stop 3 first');
    expect(await stopsOf(id)).toBe(2);

    const tracked = async () => {
      const trips = await carrier.get(`/api/freight/${id}/tracking`);
      expect(trips.status).toBe(200);
      return trips.body as { extraStopCount: number };
    };
    expect((await tracked()).extraStopCount).toBe(2);

    const done2 = await report({ kind: 'stop_done', stop: 2 });
    expect(done2.status).toBe(201);
    expect(done2.body).toMatchObject({ kind: 'stop_done', stop: 2, stopKind: 'pickup' });
    expect((await report({ kind: 'stop_done', stop: 2 })).body.message).toBe(
      'Done at stop 2 was already reported',
    );
    expect((await report({ kind: 'stop_done', stop: 3 })).body).toMatchObject({
      stop: 3,
      stopKind: 'delivery',
    });
    expect((await report({ kind: 'arrived_delivery' })).status).toBe(201);

    const listed = await shipper.get(`/api/freight/${id}/stops`);
    expect(listed.body.map((s: { kind: string; stop: number | null }) => [s.kind, s.stop])).toEqual([
      ['arrived_pickup', null],
      ['loaded', null],
      ['stop_done', 2],
      ['stop_done', 3],
      ['arrived_delivery', null],
    ]);
    expect(await stopFacts(id, 'stop_done')).toBe(2);
    // The history names each stop.
    const history = await shipper.get(`/api/freight/${id}/history`);
    const texts = JSON.stringify(history.body);
    expect(texts).toContain('Done at stop 2 (pickup)');
    expect(texts).toContain('Done at stop 3 (delivery)');
  });

  it('racing reports of one stop in between: exactly one is stored (10 rounds of 3)', async () => {
    for (let round = 0; round < 10; round++) {
      const id = await seedLoad({
        posterId: shipperId,
        carrierId,
        extraStops: [{ kind: 'delivery', city: 'Tulsa', state: 'OK' }],
      });
      await carrier.post(`/api/freight/${id}/stops`, { kind: 'arrived_pickup' });
      await carrier.post(`/api/freight/${id}/stops`, { kind: 'loaded' });
      const answers = await Promise.all(
        Array.from({ length: 3 }, () =>
          carrier.post(`/api/freight/${id}/stops`, { kind: 'stop_done', stop: 2 }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
      expect(await stopFacts(id, 'stop_done')).toBe(1);
    }
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
