// Issue 30: a load's tracking (positions, stops with their X12 214 codes, history) and its documents (PDFs) over the
// public API, through the client generated from the served document.
import type { ApiKeyCreatedDto, ApiScope } from '@freight/shared';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '@test/helpers';
import type { paths } from '@test/apiV1.generated';
import { loadInput, verifiedClient } from '../freight/testUtils';
import { Types } from 'mongoose';
import { LocationPointModel } from '../tracking/model';
import { seedLoad } from '../tracking/testing';

let app: TestApp;
let shipper: TestClient;
let carrier: TestClient;
let stranger: TestClient;

beforeAll(async () => {
  app = await startTestApp();
  shipper = await verifiedClient(app, 'shipper');
  carrier = await verifiedClient(app, 'carrier');
  stranger = await verifiedClient(app, 'shipper');
});
afterAll(async () => {
  await app?.close();
});

async function keyOf(c: TestClient, scopes: ApiScope[]) {
  const res = await c.post('/api/api-keys', { name: 'TMS', scopes });
  expect(res.status, res.text).toBe(201);
  const { secret } = res.body as ApiKeyCreatedDto;
  return createClient<paths>({
    baseUrl: `${app.url}/api/v1`,
    headers: { Authorization: `Bearer ${secret}` },
  });
}

const ALL: ApiScope[] = ['loads:write', 'bookings:read', 'bookings:write', 'tracking:read', 'documents:read'];

/** A load posted with the key, requested by the carrier on the web and approved with the key: booked. */
async function bookedLoad(api: Awaited<ReturnType<typeof keyOf>>) {
  const posted = await api.POST('/loads', { body: loadInput() as never });
  expect(posted.response.status).toBe(201);
  const id = posted.data!.id;
  const req = await carrier.post(`/api/freight/${id}/book`, { message: 'Ready' });
  expect(req.status, req.text).toBe(201);
  const { data: requests } = await api.GET('/booking-requests', { params: { query: {} } });
  const request = requests!.data.find((r) => r.freightListingId === id)!;
  const approved = await api.POST('/booking-requests/{id}/review', {
    params: { path: { id: request.id } },
    body: { status: 'approved' },
  });
  expect(approved.response.status).toBe(200);
  return id;
}

describe('tracking over /api/v1', () => {
  it('pages the trail by cursor, lists the stops with their X12 codes, and reads the history in order', async () => {
    const api = await keyOf(shipper, ALL);
    const id = await bookedLoad(api);
    for (const kind of ['arrived_pickup', 'loaded'] as const) {
      const stop = await carrier.post(`/api/freight/${id}/stops`, { kind });
      expect(stop.status, stop.text).toBe(201);
    }
    const ping = await carrier.post(`/api/freight/${id}/location`, { latitude: 41.9, longitude: -87.6 });
    expect(ping.status, ping.text).toBe(200);
    // Two older points of the trail, as earlier pings would have left them.
    for (const [i, lat] of [40.1, 40.5].entries()) {
      await LocationPointModel.collection.insertOne({
        freightListingId: Types.ObjectId.createFromHexString(id),
        userId: Types.ObjectId.createFromHexString(carrier.user!.id),
        lat,
        lng: -88,
        createdAt: new Date(Date.now() - (3 - i) * 60_000),
      });
    }

    const first = await api.GET('/loads/{id}/positions', { params: { path: { id }, query: { limit: 2 } } });
    expect(first.response.status).toBe(200);
    expect(first.data!.data.map((p) => p.lat)).toEqual([41.9, 40.5]);
    expect(first.data!.nextCursor).toEqual(expect.any(String));
    const second = await api.GET('/loads/{id}/positions', {
      params: { path: { id }, query: { limit: 2, cursor: first.data!.nextCursor! } },
    });
    expect(second.data!.data.map((p) => p.lat)).toEqual([40.1]);
    expect(second.data!.nextCursor).toBeNull();
    expect(second.data!.data[0]).toMatchObject({ id: expect.any(String), lng: -88, at: expect.any(String) });

    const stops = await api.GET('/loads/{id}/stops', { params: { path: { id } } });
    expect(stops.response.status).toBe(200);
    expect(stops.data!.data.map((s) => [s.kind, s.x12])).toEqual([
      ['arrived_pickup', 'X3'],
      ['loaded', 'AF'],
    ]);

    await app.rt.projectors.drain();
    const events: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await api.GET('/loads/{id}/history', {
        params: { path: { id }, query: { limit: 2, cursor } },
      });
      expect(page.response.status).toBe(200);
      expect(page.data!.data.length).toBeLessThanOrEqual(2);
      events.push(...page.data!.data.map((e) => e.event));
      cursor = page.data!.nextCursor ?? undefined;
    } while (cursor);
    expect(events.slice(0, 3)).toEqual(['load.posted', 'booking.requested', 'booking.reviewed']);
    expect(events).toEqual(expect.arrayContaining(['load.moved', 'stop.reported']));
    expect(events.filter((e) => e === 'stop.reported')).toHaveLength(2);
    expect(new Set(events).size).toBeGreaterThan(3);

    const bad = await api.GET('/loads/{id}/history', { params: { path: { id }, query: { cursor: 'nope' } } });
    expect(bad.response.status).toBe(400);
    expect(bad.error).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
  });

  it("is 404 for another company's load and 403 without tracking:read", async () => {
    const api = await keyOf(shipper, ALL);
    const id = await bookedLoad(api);
    const other = await keyOf(stranger, ['tracking:read', 'documents:read']);
    const paths = [
      '/loads/{id}/positions',
      '/loads/{id}/stops',
      '/loads/{id}/stop-visits',
      '/loads/{id}/history',
    ] as const;
    for (const path of paths) {
      const res = await other.GET(path, { params: { path: { id }, query: {} } } as never);
      expect(res.response.status, path).toBe(404);
      expect(res.error).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    const noScope = await keyOf(shipper, ['loads:read', 'documents:read']);
    for (const path of paths) {
      const res = await noScope.GET(path, { params: { path: { id }, query: {} } } as never);
      expect(res.response.status, path).toBe(403);
      expect(res.error).toMatchObject({ error: { code: 'FORBIDDEN' } });
    }
    // The carrier's company takes part too.
    const carrierApi = await keyOf(carrier, ['tracking:read']);
    expect((await carrierApi.GET('/loads/{id}/stops', { params: { path: { id } } })).response.status).toBe(
      200,
    );
    // The clock at the stops (issue 41): every stop, in trip order (these have no street address: no geofence).
    const visits = await carrierApi.GET('/loads/{id}/stop-visits', { params: { path: { id } } });
    expect(visits.response.status).toBe(200);
    expect(visits.data!.data.map((v) => [v.sequence, v.kind, v.geofenced])).toEqual([
      [1, 'pickup', false],
      [2, 'delivery', false],
    ]);
  });
});

describe('load documents over /api/v1', () => {
  it('serves the rate confirmation once booked and the proof of delivery once delivered, as PDFs', async () => {
    const api = await keyOf(shipper, ALL);
    const available = await api.POST('/loads', { body: loadInput() as never });
    const none = await api.GET('/loads/{id}/documents/rate-confirmation.pdf', {
      params: { path: { id: available.data!.id } },
      parseAs: 'arrayBuffer',
    });
    expect(none.response.status).toBe(404);

    const id = await bookedLoad(api);
    const rc = await api.GET('/loads/{id}/documents/rate-confirmation.pdf', {
      params: { path: { id } },
      parseAs: 'arrayBuffer',
    });
    expect(rc.response.status).toBe(200);
    expect(rc.response.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(rc.data as unknown as ArrayBuffer)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const delivered = await seedLoad({
      posterId: shipper.user!.id,
      carrierId: carrier.user!.id,
      status: 'delivered',
    });
    const pod = await api.GET('/loads/{id}/documents/proof-of-delivery.pdf', {
      params: { path: { id: delivered } },
      parseAs: 'arrayBuffer',
    });
    expect(pod.response.status).toBe(200);
    expect(
      Buffer.from(pod.data as unknown as ArrayBuffer)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const other = await keyOf(stranger, ['documents:read']);
    const hidden = await other.GET('/loads/{id}/documents/proof-of-delivery.pdf', {
      params: { path: { id: delivered } },
      parseAs: 'arrayBuffer',
    });
    expect(hidden.response.status).toBe(404);
    const noScope = await keyOf(shipper, ['tracking:read']);
    const refused = await noScope.GET('/loads/{id}/documents/rate-confirmation.pdf', {
      params: { path: { id } },
    });
    expect(refused.response.status).toBe(403);
    expect(refused.error).toMatchObject({ error: { code: 'FORBIDDEN' } });
  });
});
