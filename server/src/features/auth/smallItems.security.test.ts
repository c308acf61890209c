import { SESSION_ABSOLUTE_MAX_MS } from '@freight/shared';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@test/helpers';
import { seedLoad } from '../tracking/testing';
import { UserModel } from '../users/model';

/** Issue 25 point 8's smaller items. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const idOf = async (email: string) => String((await UserModel.findOne({ email }).lean())!._id);

describe('smaller items of issue 25', () => {
  it('GET /api/logout from a link on another site does not sign out; the same site and POST do', async () => {
    const c = app.client();
    await c.login('carrier@test.local');
    const crossSite = await c.raw('get', '/api/logout').set('Sec-Fetch-Site', 'cross-site');
    expect(crossSite.status).toBe(302);
    expect((await c.get('/api/auth/user')).status).toBe(200);
    const sameSite = await c.raw('get', '/api/logout').set('Sec-Fetch-Site', 'same-origin');
    expect(sameSite.status).toBe(302);
    expect((await c.get('/api/auth/user')).status).toBe(401);
    await c.login('carrier@test.local');
    expect((await c.post('/api/auth/logout')).status).toBe(200);
    expect((await c.get('/api/auth/user')).status).toBe(401);
  });

  it('a booked load is readable by id only by its participants', async () => {
    const shipperId = await idOf('shipper@test.local');
    const carrierId = await idOf('carrier@test.local');
    const freightId = await seedLoad({ posterId: shipperId, carrierId });
    expect((await app.client().get(`/api/freight/${freightId}`)).status).toBe(404);
    const stranger = app.client();
    await stranger.login('broker@test.local');
    expect((await stranger.get(`/api/freight/${freightId}`)).status).toBe(404);
    const carrier = app.client();
    await carrier.login('carrier@test.local');
    expect((await carrier.get(`/api/freight/${freightId}`)).status).toBe(200);
    const open = await seedLoad({ posterId: shipperId });
    expect((await app.client().get(`/api/freight/${open}`)).status).toBe(200);
  });

  it('an air cargo account cannot request a road load', async () => {
    const shipperId = await idOf('shipper@test.local');
    const freightId = await seedLoad({ posterId: shipperId });
    const air = app.client();
    await air.login('aircargo@test.local');
    const res = await air.post(`/api/freight/${freightId}/book`, {});
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only carriers can book road freight (and not their own loads)');
  });

  it('a session ends a fixed time after sign-in however it is used', async () => {
    const c = app.client();
    await c.login('shipper@test.local');
    expect((await c.get('/api/auth/user')).status).toBe(200);
    const sid = decodeURIComponent(c.cookie.replace('fm.sid=', '')).replace(/^s:/, '').split('.')[0];
    const key = `${app.config.REDIS_PREFIX}sess:${sid}`;
    const stored = JSON.parse((await app.rt.redis.get(key))!);
    stored.signedInAt = Date.now() - SESSION_ABSOLUTE_MAX_MS - 1_000;
    await app.rt.redis.set(key, JSON.stringify(stored), 'KEEPTTL');
    expect((await c.get('/api/auth/user')).status).toBe(401);
  });
});

describe('behind an https PUBLIC_URL', () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await startTestApp({ env: { PUBLIC_URL: 'https://freight.example' } });
  }, 120_000);
  afterAll(async () => {
    await secure?.close();
  });

  it('the session cookie is Secure', async () => {
    const res = await request(secure.url)
      .post('/api/auth/login')
      .set('Origin', 'https://freight.example')
      .set('X-Forwarded-Proto', 'https')
      .send({ email: 'carrier@test.local', password: 'Test1234!' });
    expect(res.status).toBe(200);
    const sid = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('fm.sid='))!;
    expect(sid).toMatch(/;\s*Secure/i);
  });
});
