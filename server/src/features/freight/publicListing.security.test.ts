import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { seedLoad } from '../tracking/testing';

/**
 * Issue #12 item 1: a booked load's live position, trail and carrier are its participants' business. Signed out or
 * as a stranger, the listing carries none of them, and the board lists no other status than open loads.
 */
let app: TestApp;
let shipper: TestClient;
let carrier: TestClient;
let stranger: TestClient;
let shipperId: string;
let carrierId: string;
beforeAll(async () => {
  app = await startTestApp();
  shipper = app.client();
  shipperId = (await shipper.registerAndLogin({ userType: 'shipper' })).id;
  carrier = app.client();
  carrierId = (await carrier.registerAndLogin({ userType: 'carrier' })).id;
  stranger = app.client();
  await stranger.registerAndLogin({ userType: 'carrier' });
});
afterAll(async () => {
  await app?.close();
});

describe('public listing shape (issue 12)', () => {
  it('hides a moving load from strangers (issue 25: 404, no description, position, trail or carrier), and shows it to its participants with its carrier', async () => {
    const id = await seedLoad({ posterId: shipperId, carrierId, status: 'in_transit' });
    expect(
      (await carrier.post(`/api/freight/${id}/location`, { latitude: 41.5, longitude: -88 })).status,
    ).toBe(200);
    for (const viewer of [app.client(), stranger]) {
      const res = await viewer.get(`/api/freight/${id}`);
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('41.5');
      expect(JSON.stringify(res.body)).not.toContain('Steel coils');
      // Signed out: 401; signed in but not a participant: 404 (the tracking side does not admit it exists).
      expect([401, 404]).toContain((await viewer.get(`/api/freight/${id}/tracking`)).status);
      expect([401, 404]).toContain((await viewer.get(`/api/freight/${id}/location`)).status);
    }
    for (const participant of [shipper, carrier]) {
      expect((await participant.get(`/api/freight/${id}`)).body.carrierId).toBe(carrierId);
      expect((await participant.get(`/api/freight/${id}/tracking`)).body).toMatchObject({
        currentLat: 41.5,
        currentLng: -88,
      });
    }
  });

  it('lists no moving loads on the board: another status than open is refused', async () => {
    for (const status of ['in_transit', 'booked', 'delivered']) {
      const res = await app.client().get(`/api/freight?status=${status}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });
});
