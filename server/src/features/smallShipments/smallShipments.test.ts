import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextEvent, startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { ShipmentOfferModel, SmallShipmentModel } from './model';
import { seedApprovedBackgroundCheck } from '../backgroundChecks/testing';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const shipment = (overrides: Record<string, unknown> = {}) => ({
  title: 'Dirt bike to Austin',
  itemDescription: 'bike',
  originCity: 'Dallas',
  originState: 'TX',
  destinationCity: 'Austin',
  destinationState: 'TX',
  pickupAddress: '',
  deliveryAddress: '',
  dimensions: '',
  pickupFlexibility: 'anytime',
  isUrgent: false,
  isFragile: true,
  specialInstructions: '',
  weight: '240',
  value: '',
  offerPrice: '225.50',
  pickupDate: '',
  deliveryDate: '',
  ...overrides,
});

async function customer(): Promise<TestClient> {
  const c = app.client();
  await c.registerAndLogin({ userType: 'carrier' });
  await c.post('/api/users/setup', { userType: 'individual_customer', companyName: 'Me' });
  return c;
}
async function driver(): Promise<TestClient> {
  const c = app.client();
  await c.registerAndLogin({ userType: 'carrier' });
  await c.post('/api/users/setup', { userType: 'individual_driver', companyName: 'Driver Co' });
  // Offers need an approved background check (issue 16; its own tests in backgroundChecks/).
  await seedApprovedBackgroundCheck(c.user!.id);
  return c;
}

describe('post a small shipment (call 30)', () => {
  it('stores it posted, money in dollars out, defaults applied, and lists it for its customer', async () => {
    const c = await customer();
    const res = await c.post('/api/small-shipments', shipment({ pickupFlexibility: '' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'posted',
      offerPrice: 225.5,
      weight: 240,
      value: null,
      isFragile: true,
      isUrgent: false,
      pickupFlexibility: 'anytime',
      pickupAddress: null,
    });
    expect(res.body.id).toMatch(/^[0-9a-f]{24}$/);
    expect((await SmallShipmentModel.findById(res.body.id).lean())?.offerPriceCents).toBe(22550);

    const list = await c.get('/api/small-shipments?page=1&pageSize=5');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ page: 1, pageSize: 5, total: 1 });
    expect(list.body.items[0]).toMatchObject({ id: res.body.id, status: 'posted', offers: [] });
    const other = await customer();
    expect((await other.get('/api/small-shipments')).body.total).toBe(0);
  });

  it('needs a signed-in user', async () => {
    expect((await app.client().post('/api/small-shipments', shipment())).status).toBe(401);
  });

  it.each([
    ['a missing offer price', { offerPrice: '' }, 'offerPrice: Required'],
    ['a zero offer price', { offerPrice: '0' }, 'offerPrice: Number must be greater than 0'],
    ['a negative offer price', { offerPrice: -5 }, 'offerPrice: Number must be greater than 0'],
    ['a non-numeric offer price', { offerPrice: 'abc' }, 'offerPrice: Expected number'],
    ['a zero weight', { weight: '0' }, 'weight: Number must be greater than 0'],
    ['a negative value', { value: '-1' }, 'value: Number must be greater than 0'],
    ['a blank title', { title: '  ' }, 'title: Required'],
    ['a missing origin city', { originCity: '' }, 'originCity: Required'],
    ['a bad destination state', { destinationState: 'ZZ' }, 'destinationState: Required'],
    ['a missing item description', { itemDescription: '' }, 'itemDescription: Required'],
    ['an unknown flexibility', { pickupFlexibility: 'whenever' }, 'pickupFlexibility'],
    [
      'a needed-by date before pickup',
      { pickupDate: '2031-05-10', deliveryDate: '2031-05-01' },
      'deliveryDate',
    ],
  ])('refuses %s with 400 and stores nothing', async (_name, overrides, text) => {
    const c = await customer();
    const res = await c.post('/api/small-shipments', shipment(overrides));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.message).toContain(text);
    expect((await c.get('/api/small-shipments')).body.total).toBe(0);
  });

  it('accepts numbers as well as form strings', async () => {
    const c = await customer();
    const res = await c.post('/api/small-shipments', shipment({ offerPrice: 99.99, weight: 10, value: 500 }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ offerPrice: 99.99, weight: 10, value: 500 });
  });
});

describe('offers', () => {
  it('a driver offers, the customer sees it live; accepting matches the shipment and declines the others', async () => {
    const cust = await customer();
    const posted = (await cust.post('/api/small-shipments', shipment())).body;
    const d1 = await driver();
    const d2 = await driver();
    const custSocket = await cust.socket();
    const d2Socket = await d2.socket();

    const seen = nextEvent(custSocket, 'shipmentOffer:created', (p) => p.offer.shipmentId === posted.id);
    const o1 = await d1.post(`/api/small-shipments/${posted.id}/offers`, {
      price: '200',
      message: 'Going Friday',
    });
    expect(o1.status).toBe(201);
    expect(o1.body).toMatchObject({
      price: 200,
      message: 'Going Friday',
      status: 'pending',
      driverName: 'Test User',
    });
    expect((await seen).offer.id).toBe(o1.body.id);
    const o2 = (await d2.post(`/api/small-shipments/${posted.id}/offers`, { price: 180 })).body;

    // A second offer from the same driver revises the pending one.
    const revised = await d1.post(`/api/small-shipments/${posted.id}/offers`, { price: 190 });
    expect(revised.body).toMatchObject({ id: o1.body.id, price: 190, version: 2 });

    const mine = (await cust.get('/api/small-shipments')).body.items[0];
    expect(mine.offers.map((o: { price: number }) => o.price).sort()).toEqual([180, 190]);

    const declinedPush = nextEvent(d2Socket, 'shipmentOffer:updated', (p) => p.offer.id === o2.id);
    const accept = await cust.post(`/api/shipment-offers/${o1.body.id}/accept`, {
      version: revised.body.version,
    });
    expect(accept.status).toBe(200);
    expect(accept.body.shipment).toMatchObject({ status: 'matched', matchedOfferId: o1.body.id });
    expect(accept.body.offer).toMatchObject({ status: 'accepted' });
    expect((await declinedPush).offer.status).toBe('declined');

    // Nothing more on a matched shipment.
    expect((await cust.post(`/api/shipment-offers/${o2.id}/accept`, { version: 1 })).status).toBe(409);
    expect((await d2.post(`/api/small-shipments/${posted.id}/offers`, { price: 170 })).status).toBe(409);
    cust.closeSockets();
    d2.closeSockets();
  });

  it('two accepts at once: exactly one wins, the other gets 409, one offer ends accepted', async () => {
    const cust = await customer();
    const posted = (await cust.post('/api/small-shipments', shipment())).body;
    const offers = [];
    for (let i = 0; i < 2; i++) {
      const d = await driver();
      offers.push((await d.post(`/api/small-shipments/${posted.id}/offers`, { price: 150 + i })).body);
    }
    const results = await Promise.all(
      offers.map((o) => cust.post(`/api/shipment-offers/${o.id}/accept`, { price: o.price })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const stored = await ShipmentOfferModel.find({ shipmentId: posted.id }).lean();
    expect(stored.map((o) => o.status).sort()).toEqual(['accepted', 'declined']);
    const winner = results.find((r) => r.status === 200)!.body.offer.id;
    expect(String((await SmallShipmentModel.findById(posted.id).lean())?.matchedOfferId)).toBe(winner);
  });

  it('only drivers offer, only the customer accepts; others get 403 or 404', async () => {
    const cust = await customer();
    const posted = (await cust.post('/api/small-shipments', shipment())).body;
    const nonDriver = await customer();
    expect((await nonDriver.post(`/api/small-shipments/${posted.id}/offers`, { price: 10 })).status).toBe(
      403,
    );
    const d = await driver();
    expect((await d.post(`/api/small-shipments/${posted.id}/offers`, { price: 0 })).status).toBe(400);
    const offer = (await d.post(`/api/small-shipments/${posted.id}/offers`, { price: 10 })).body;
    expect((await d.post(`/api/shipment-offers/${offer.id}/accept`, { version: 1 })).status).toBe(404);
    expect((await nonDriver.post(`/api/shipment-offers/${offer.id}/accept`, { version: 1 })).status).toBe(
      404,
    );
    expect((await d.post('/api/small-shipments/000000000000000000000000/offers', { price: 10 })).status).toBe(
      404,
    );
  });
});
