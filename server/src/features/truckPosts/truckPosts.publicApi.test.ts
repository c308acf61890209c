// Posted trucks over the public API (issues 29 and 30), through the client generated from the served document:
// a carrier's key posts, edits and withdraws; a broker's key searches by place and radius with cursor paging;
// another company's key cannot touch the post (404); a key without loads:write cannot post (403).
import type { ApiKeyCreatedDto, ApiScope } from '@freight/shared';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '@test/helpers';
import type { paths } from '@test/apiV1.generated';
import { verifiedClient } from '../freight/testUtils';

let app: TestApp;
let carrier: TestClient;
let otherCarrier: TestClient;
let broker: TestClient;

beforeAll(async () => {
  app = await startTestApp();
  carrier = await verifiedClient(app, 'carrier');
  otherCarrier = await verifiedClient(app, 'carrier');
  broker = await verifiedClient(app, 'broker');
});
afterAll(async () => {
  await app?.close();
});

async function api(c: TestClient, scopes: ApiScope[] = ['loads:read', 'loads:write']) {
  const res = await c.post('/api/api-keys', { name: 'TMS', scopes });
  expect(res.status, res.text).toBe(201);
  const { secret } = res.body as ApiKeyCreatedDto;
  return createClient<paths>({
    baseUrl: `${app.url}/api/v1`,
    headers: { Authorization: `Bearer ${secret}` },
  });
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('/api/v1/truck-posts', () => {
  it('a carrier posts, edits and withdraws; a broker searches around Elko, NV with a cursor', async () => {
    const carrierApi = await api(carrier);
    const brokerApi = await api(broker, ['loads:read']);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const posted = await carrierApi.POST('/truck-posts', {
        body: {
          originCity: 'Wells',
          originState: 'NV',
          availableFrom: day(1),
          availableTo: day(2),
          equipmentType: 'flatbed',
          ratePerMile: 2.1 + i / 10,
        },
        headers: { 'Idempotency-Key': `truck-${i}` },
      });
      expect(posted.response.status, JSON.stringify(posted.error)).toBe(201);
      ids.push(posted.data!.id);
    }
    const bad = await carrierApi.POST('/truck-posts', {
      body: {
        originCity: 'Wells',
        originState: 'NV',
        availableFrom: day(2),
        availableTo: day(1),
        equipmentType: 'flatbed',
      },
    });
    expect(bad.response.status).toBe(400);
    expect(bad.error).toMatchObject({
      error: { message: expect.stringMatching(/availableTo: The last day/) },
    });

    const first = await brokerApi.GET('/truck-posts', {
      params: { query: { origin: 'Elko, NV', radius: 100, equipmentType: 'flatbed', limit: 2 } },
    });
    expect(first.response.status).toBe(200);
    expect(first.data!.data).toHaveLength(2);
    const second = await brokerApi.GET('/truck-posts', {
      params: {
        query: {
          origin: 'Elko, NV',
          radius: 100,
          equipmentType: 'flatbed',
          limit: 2,
          cursor: first.data!.nextCursor!,
        },
      },
    });
    expect(second.data!.nextCursor).toBeNull();
    expect([...first.data!.data, ...second.data!.data].map((p) => p.id).sort()).toEqual([...ids].sort());
    const near = await brokerApi.GET('/truck-posts', {
      params: { query: { origin: 'Elko, NV', radius: 20, equipmentType: 'flatbed' } },
    });
    expect(near.data!.data).toEqual([]);

    const otherApi = await api(otherCarrier);
    const foreign = await otherApi.PATCH('/truck-posts/{id}', {
      params: { path: { id: ids[0]! } },
      body: { ratePerMile: 1 },
    });
    expect(foreign.response.status).toBe(404);
    expect(
      (await otherApi.DELETE('/truck-posts/{id}', { params: { path: { id: ids[0]! } } })).response.status,
    ).toBe(404);

    const edited = await carrierApi.PATCH('/truck-posts/{id}', {
      params: { path: { id: ids[0]! } },
      body: { ratePerMile: 3.25 },
    });
    expect(edited.data).toMatchObject({ id: ids[0], ratePerMile: 3.25 });
    const withdrawn = await carrierApi.DELETE('/truck-posts/{id}', { params: { path: { id: ids[0]! } } });
    expect(withdrawn.data).toMatchObject({ id: ids[0], status: 'withdrawn' });
    const mine = await carrierApi.GET('/truck-posts/mine', { params: { query: { status: 'active' } } });
    expect(mine.data!.data.map((p) => p.id).sort()).toEqual(ids.slice(1).sort());

    const readOnly = await api(carrier, ['loads:read']);
    const refused = await readOnly.POST('/truck-posts', {
      body: {
        originCity: 'Wells',
        originState: 'NV',
        availableFrom: day(1),
        availableTo: day(1),
        equipmentType: 'flatbed',
      },
    });
    expect(refused.response.status).toBe(403);
  });
});
