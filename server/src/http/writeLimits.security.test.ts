import { WRITE_LIMITS, type NotificationDto } from '@freight/shared';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { loadInput, verifiedClient } from '../features/freight/testUtils';
import { seedLoad } from '../features/tracking/testing';

/**
 * Issue 25 point 4: a flood from one account stops at its limit with 429, Retry-After and a message that says what
 * and for how long; the recipient of the fan-out gets one coalesced notification, not one per write. And the limits
 * cost nothing for input the edge or the schema refuses.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ workers: true });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const randomId = () => new Types.ObjectId().toString();

async function notifications(c: TestClient): Promise<NotificationDto[]> {
  const res = await c.get('/api/notifications?pageSize=100');
  expect(res.status).toBe(200);
  return res.body.items;
}

function expectLimited(
  res: { status: number; headers: Record<string, string>; body: { message: string } },
  what: string,
) {
  expect(res.status).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.body.message).toMatch(new RegExp(`^Too many ${what}: at most \\d+ every .*\\. Try again in `));
}

describe('write limits per account', () => {
  it('posting loads: 60 an hour, then 429; a matching saved search gets one alert counting them', async () => {
    const shipper = await verifiedClient(app, 'shipper');
    const carrier = await verifiedClient(app, 'carrier');
    const saved = await carrier.post('/api/saved-searches', {
      name: 'Dallas → Denver',
      filters: { originStates: 'TX', destinationStates: 'CO' },
    });
    expect(saved.status, saved.text).toBe(201);
    const { points } = WRITE_LIMITS.loads;
    let accepted = 0;
    let refused: Awaited<ReturnType<TestClient['post']>> | null = null;
    for (let i = 0; i < points + 5 && !refused; i++) {
      const res = await shipper.post(
        '/api/freight',
        loadInput({
          title: `Flood ${i}`,
          originCity: 'Dallas',
          originState: 'TX',
          destinationCity: 'Denver',
          destinationState: 'CO',
        }),
      );
      if (res.status === 201) accepted++;
      else refused = res;
    }
    expect(accepted).toBe(points);
    expectLimited(refused!, 'loads posted');
    const alerts = await eventually(async () => {
      const found = (await notifications(carrier)).filter((n) => n.kind === 'saved_search_match');
      return found.length === 1 && found[0].title === `${points} new loads match Dallas → Denver`
        ? found
        : null;
    }, 30_000);
    expect(alerts[0].body).toMatch(/^Latest: New dry van load Dallas, TX to Denver, CO/);
  }, 120_000);

  it('booking requests: 30 an hour, then 429; the shipper gets one notification counting them', async () => {
    const shipper = await verifiedClient(app, 'shipper');
    const carrier = await verifiedClient(app, 'carrier');
    const ids = await Promise.all(Array.from({ length: 5 }, () => seedLoad({ posterId: shipper.user!.id })));
    for (const id of ids) expect((await carrier.post(`/api/freight/${id}/book`, {})).status).toBe(201);
    // Requests that find nothing still count: a flood is a flood.
    for (let i = ids.length; i < WRITE_LIMITS.bookingRequests.points; i++)
      expect((await carrier.post(`/api/freight/${randomId()}/book`, {})).status).toBe(404);
    expectLimited(await carrier.post(`/api/freight/${randomId()}/book`, {}), 'booking requests');
    const found = await eventually(async () => {
      const n = (await notifications(shipper)).filter((x) => x.kind === 'booking_requested');
      return n.length === 1 && n[0].title === '5 new booking requests' ? n : null;
    }, 30_000);
    expect(found[0].body).toMatch(/wants to book 5 of your loads/);
  }, 120_000);

  it('offers, invitations: each stops at its figure', async () => {
    const carrier = await verifiedClient(app, 'carrier');
    for (let i = 0; i < WRITE_LIMITS.offers.points; i++)
      expect(
        (await carrier.post(`/api/freight/${randomId()}/negotiate`, { proposedRate: 1000 })).status,
      ).toBe(404);
    expectLimited(
      await carrier.post(`/api/freight/${randomId()}/negotiate`, { proposedRate: 1000 }),
      'offers, counters and answers',
    );
    const broker = await verifiedClient(app, 'broker');
    for (let i = 0; i < WRITE_LIMITS.invitations.points; i++) {
      const res = await broker.post('/api/broker/shippers', { shipperEmail: `flood${i}@example.test` });
      expect(res.status, res.text).toBeLessThan(300);
    }
    expectLimited(
      await broker.post('/api/broker/shippers', { shipperEmail: 'one-more@example.test' }),
      'shipper invitations',
    );
  }, 120_000);

  it('small shipments and routes: each stops at its figure; the driver on the route gets one notification counting them', async () => {
    const driver = app.client();
    await driver.registerAndLogin({ userType: 'carrier' });
    await driver.post('/api/users/setup', { userType: 'individual_driver', companyName: 'Driver Co' });
    const route = (title: string) => ({
      title,
      originCity: 'Dallas',
      originState: 'TX',
      destinationCity: 'Austin',
      destinationState: 'TX',
      departureDate: '2031-05-09',
      departureTime: '08:30',
      vehicleType: 'pickup_truck',
      availableSpace: 'Full bed',
      maxWeight: '1500',
      pricePerMile: '1.25',
      pricingType: 'per_mile',
      isFlexible: true,
    });
    for (let i = 0; i < WRITE_LIMITS.driverRoutes.points; i++) {
      const res = await driver.post('/api/driver-routes', route(`Route ${i}`));
      expect(res.status, res.text).toBe(201);
    }
    expectLimited(await driver.post('/api/driver-routes', route('One more')), 'route changes');

    const customer = app.client();
    await customer.registerAndLogin({ userType: 'carrier' });
    await customer.post('/api/users/setup', { userType: 'individual_customer', companyName: 'Me' });
    const shipment = (title: string) => ({
      title,
      itemDescription: 'bike',
      originCity: 'Dallas',
      originState: 'TX',
      destinationCity: 'Austin',
      destinationState: 'TX',
      weight: '240',
      offerPrice: '225.50',
    });
    for (let i = 0; i < WRITE_LIMITS.smallShipments.points; i++) {
      const res = await customer.post('/api/small-shipments', shipment(`Bike ${i}`));
      expect(res.status, res.text).toBe(201);
    }
    expectLimited(
      await customer.post('/api/small-shipments', shipment('One more')),
      'small shipments posted',
    );
    const n = WRITE_LIMITS.smallShipments.points;
    await eventually(async () => {
      const found = (await notifications(driver)).filter((x) => /shipments? on your route/.test(x.title));
      return found.length === 1 && found[0].title === `${n} new shipments on your route` ? found : null;
    }, 30_000);
  }, 120_000);

  it('input refused at the edge or by the schema costs no point, and writes nothing', async () => {
    const shipper = await verifiedClient(app, 'shipper');
    const carrier = await verifiedClient(app, 'carrier');
    const freightId = await seedLoad({ posterId: shipper.user!.id, carrierId: carrier.user!.id });
    for (let i = 0; i < 40; i++) {
      const nul = await carrier.post(`/api/freight/${freightId}/chat/message`, { message: `bad\u0000${i}` });
      expect(nul.status).toBe(400);
      expect(nul.body.message).toMatch(/^message: /);
      const empty = await carrier.post(`/api/freight/${randomId()}/book`, { message: 12 });
      expect(empty.status).toBe(400);
    }
    // The 30-a-minute chat limit and the booking limit are untouched: 30 messages go through, in sequence from 1.
    for (let i = 0; i < 30; i++)
      expect(
        (await carrier.post(`/api/freight/${freightId}/chat/message`, { message: `ok ${i}` })).status,
      ).toBe(201);
    const chat = await carrier.get(`/api/freight/${freightId}/chat?pageSize=100`);
    expect(chat.body.messages.map((m: { seq: number }) => m.seq)[0]).toBe(1);
    expect(chat.body.messages).toHaveLength(30);
    expect((await carrier.post(`/api/freight/${randomId()}/book`, {})).status).toBe(404);
  }, 120_000);
});
