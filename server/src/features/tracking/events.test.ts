// Tracking on the event log (issue 26): a ping is pushed live every time but recorded once per window; the trip's
// projectors (stops, photos, chat) replayed from the start of the log push again but notify nobody twice.
import { POSITION_FACT_EVERY_MS } from '@freight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectEvents,
  eventually,
  nextEvent,
  startTestApp,
  type ClientSocket,
  type TestApp,
  type TestClient,
} from '@test/helpers';
import { DomainEventModel } from '../../events/model';
import { rewindProjector } from '../../events/projectors';
import { NotificationModel } from '../notifications/model';
import { LoadPositionModel, LocationPointModel } from './model';
import { PNG_BYTES, seedLoad } from './testing';

let app: TestApp;
let shipper: TestClient;
let carrier: TestClient;
let shipperId: string;
let carrierId: string;

beforeAll(async () => {
  app = await startTestApp({ workers: true, env: { RATE_LIMITS_ENABLED: 'false' } });
  shipper = app.client();
  shipperId = (await shipper.registerAndLogin({ userType: 'shipper' })).id;
  carrier = app.client();
  carrierId = (await carrier.registerAndLogin({ userType: 'carrier' })).id;
});
afterAll(async () => {
  for (const c of [shipper, carrier]) c?.closeSockets();
  await app?.close();
});

async function joined(c: TestClient, freightId: string): Promise<ClientSocket> {
  const socket = await c.socket();
  const ack = await (
    socket as unknown as { timeout(ms: number): { emitWithAck(e: string, p: object): Promise<unknown> } }
  )
    .timeout(5000)
    .emitWithAck('freight:join', { freightId });
  expect(ack).toEqual({ ok: true, data: { freightId } });
  return socket;
}

const positionFacts = (loadId: string) =>
  DomainEventModel.find({ name: 'position.recorded', loadId }).lean<
    Array<{ _id: string; state: string; subjects: Record<string, string> }>
  >();

describe('positions on the event log', () => {
  it('pushes every racing ping live and records one position fact for the window', async () => {
    const id = await seedLoad({ posterId: shipperId, carrierId });
    const socket = await joined(shipper, id);
    const pushed = collectEvents(socket, 'freight:location');
    const pings = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        carrier.post(`/api/freight/${id}/location`, { latitude: 40 + i / 100, longitude: -90 }),
      ),
    );
    expect(pings.map((p) => p.status)).toEqual(Array(8).fill(200));
    await carrier.post(`/api/freight/${id}/location`, { latitude: 39, longitude: -91 });
    await eventually(async () => pushed.filter((p) => p.freightId === id).length === 9);
    expect(await LocationPointModel.countDocuments({ freightListingId: id })).toBe(9);

    const window = Math.floor(Date.now() / POSITION_FACT_EVERY_MS);
    const facts = await positionFacts(id);
    // At most a window boundary crossed during the test splits them in two; never one fact per ping.
    expect(facts.length).toBeGreaterThanOrEqual(1);
    expect(facts.length).toBeLessThanOrEqual(2);
    expect(facts.map((f) => f._id)).toContain(`position.recorded:${id}-${window}`);
    expect(facts.every((f) => f.state === 'recorded')).toBe(true);
    const points = (await LocationPointModel.find({ freightListingId: id }).lean()).map((p) => String(p._id));
    for (const f of facts) expect(points).toContain(f.subjects.pointId);
  });

  it('records the first ping of a new window (the last position is from an earlier one)', async () => {
    const id = await seedLoad({ posterId: shipperId, carrierId });
    // The load's last position was reported two windows ago.
    await LoadPositionModel.create({
      _id: id,
      lat: 41,
      lng: -88,
      at: new Date(Date.now() - 2 * POSITION_FACT_EVERY_MS),
    });
    expect(await positionFacts(id)).toHaveLength(0);
    expect((await carrier.post(`/api/freight/${id}/location`, { latitude: 40, longitude: -90 })).status).toBe(
      200,
    );
    expect(await positionFacts(id)).toHaveLength(1);
    // Its history shows the position.
    const history = await shipper.get(`/api/freight/${id}/history`);
    expect(history.body.entries.map((e: { name: string }) => e.name)).toContain('position.recorded');
  });
});

describe("the trip's projectors replayed", () => {
  it('push again but store no second notification', async () => {
    const id = await seedLoad({ posterId: shipperId, carrierId });
    const socket = await joined(shipper, id);
    const stops = collectEvents(socket, 'freight:stop');
    const photos = collectEvents(socket, 'freight:photo');
    const messages = collectEvents(socket, 'chat:message');

    expect((await carrier.post(`/api/freight/${id}/stops`, { kind: 'arrived_pickup' })).status).toBe(201);
    const photo = await carrier
      .raw('post', `/api/freight/${id}/photos`)
      .field('photoType', 'pickup')
      .attach('photo', PNG_BYTES, { filename: 'p.jpg', contentType: 'image/jpeg' });
    expect(photo.status).toBe(201);
    const unread = nextEvent(socket, 'chat:unread', (p) => p.freightId === id);
    expect((await carrier.post(`/api/freight/${id}/chat/message`, { message: 'at the dock' })).status).toBe(
      201,
    );
    expect((await unread).unreadCount).toBe(1);
    const noteOf = (loadId: string) => ({
      userId: shipperId,
      link: `/tracking/${loadId}`,
      title: { $regex: /^Arrived at pickup: load / },
    });
    const arrivalNote = noteOf(id);
    await eventually(async () => (await NotificationModel.countDocuments(arrivalNote)) === 1);
    await eventually(async () => stops.length === 1 && photos.length === 1 && messages.length === 1);
    expect(stops[0]).toMatchObject({ freightId: id, stop: { kind: 'arrived_pickup' } });
    expect(photos[0]).toMatchObject({ freightId: id, photo: { id: photo.body.id } });
    expect(messages[0]).toMatchObject({ freightId: id, message: { message: 'at the dock' } });
    const notesBefore = await NotificationModel.countDocuments({ userId: shipperId });

    for (const name of ['tracking-stops', 'tracking-photos', 'tracking-chat']) await rewindProjector(name, 0);
    await app.rt.projectors.drain();
    // The replay ran (the pushes came again; clients upsert them) ...
    await eventually(async () => stops.length === 2 && photos.length === 2 && messages.length === 2);
    expect(stops[1]).toEqual(stops[0]);
    expect(photos[1]).toEqual(photos[0]);
    expect(messages[1]).toEqual(messages[0]);
    // ... and a later stop's notification (another load's), queued after the replayed ones, arrives: by then the
    // replay's notifications were handled, and none was stored twice.
    const later = await seedLoad({ posterId: shipperId, carrierId });
    expect((await carrier.post(`/api/freight/${later}/stops`, { kind: 'arrived_pickup' })).status).toBe(201);
    await eventually(async () => (await NotificationModel.countDocuments(noteOf(later))) === 1);
    expect(await NotificationModel.countDocuments(arrivalNote)).toBe(1);
    expect(await NotificationModel.countDocuments({ userId: shipperId })).toBe(notesBefore + 1);
  });
});
