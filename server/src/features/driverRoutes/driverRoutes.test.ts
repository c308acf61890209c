import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, nextEvent, startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { seedApprovedBackgroundCheck } from '../backgroundChecks/testing';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ workers: true });
});
afterAll(async () => {
  await app?.close();
});

const route = (overrides: Record<string, unknown> = {}) => ({
  title: 'Dallas to Austin Friday',
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
  ...overrides,
});

const shipment = (overrides: Record<string, unknown> = {}) => ({
  title: 'Boxes',
  itemDescription: 'package',
  originCity: 'Dallas',
  originState: 'TX',
  destinationCity: 'Austin',
  destinationState: 'TX',
  offerPrice: '80',
  ...overrides,
});

async function as(userType: string): Promise<TestClient> {
  const c = app.client();
  await c.registerAndLogin({ userType: 'carrier' });
  if (userType !== 'carrier') await c.post('/api/users/setup', { userType, companyName: 'Co' });
  // Drivers' offers need an approved background check (issue 16).
  if (userType === 'individual_driver') await seedApprovedBackgroundCheck(c.user!.id);
  return c;
}

describe('driver routes', () => {
  it('a driver creates, edits and closes a route; a closed route is final; others cannot see or touch it', async () => {
    const d = await as('individual_driver');
    const created = await d.post('/api/driver-routes', route());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'active',
      pricePerMile: 1.25,
      maxWeight: 1500,
      isFlexible: true,
      departureTime: '08:30',
      pricingType: 'per_mile',
    });
    const id = created.body.id;
    const edited = await d.put(
      `/api/driver-routes/${id}`,
      route({ title: 'Leaving Saturday', departureDate: '2031-05-10' }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      title: 'Leaving Saturday',
      departureDate: '2031-05-10T00:00:00.000Z',
    });
    expect((await d.get('/api/driver-routes')).body).toMatchObject({ total: 1, items: [{ id }] });

    const other = await as('individual_driver');
    expect((await other.put(`/api/driver-routes/${id}`, route())).status).toBe(404);
    expect((await other.post(`/api/driver-routes/${id}/close`)).status).toBe(404);
    expect((await other.get(`/api/driver-routes/${id}/matches`)).status).toBe(404);

    const closed = await d.post(`/api/driver-routes/${id}/close`);
    expect(closed.body.status).toBe('closed');
    expect((await d.post(`/api/driver-routes/${id}/close`)).status).toBe(409);
    expect((await d.put(`/api/driver-routes/${id}`, route())).status).toBe(409);
  });

  it.each([
    ['a missing departure date', { departureDate: '' }, 'departureDate'],
    ['a missing vehicle type', { vehicleType: '' }, 'vehicleType'],
    ['a blank title', { title: '' }, 'title'],
    ['a negative max weight', { maxWeight: '-4' }, 'maxWeight'],
    ['a bad time', { departureTime: '25:00' }, 'departureTime'],
  ])('refuses %s with 400', async (_name, overrides, field) => {
    const d = await as('individual_driver');
    const res = await d.post('/api/driver-routes', route(overrides));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
  });

  it('only drivers create routes', async () => {
    const c = await as('individual_customer');
    expect((await c.post('/api/driver-routes', route())).status).toBe(403);
  });
});

describe('route matching', () => {
  it('lists posted shipments with the same states whose cities contain the route cities, case-insensitive', async () => {
    const d = await as('individual_driver');
    const r = (await d.post('/api/driver-routes', route({ originCity: 'dallas', destinationCity: 'Austin' })))
      .body;
    const cust = await as('individual_customer');
    const post = async (o: Record<string, unknown>) =>
      (await cust.post('/api/small-shipments', shipment(o))).body;
    const exact = await post({ title: 'exact' });
    const suburb = await post({ title: 'suburb', originCity: 'North Dallas', destinationCity: 'AUSTIN' });
    await post({ title: 'other origin state', originState: 'OK' });
    await post({ title: 'other destination state', destinationState: 'NM' });
    await post({ title: 'other city', originCity: 'Houston' });
    await post({ title: 'reverse', originCity: 'Austin', destinationCity: 'Dallas' });
    await post({ title: 'regex chars', originCity: 'Dal.as' });

    const matches = await d.get(`/api/driver-routes/${r.id}/matches`);
    expect(matches.status).toBe(200);
    expect(matches.body.items.map((s: { title: string }) => s.title).sort()).toEqual(['exact', 'suburb']);
    expect(matches.body.total).toBe(2);
    expect(matches.body.items[0].myOffer).toBeNull();

    const paged = await d.get(`/api/driver-routes/${r.id}/matches?page=2&pageSize=1`);
    expect(paged.body).toMatchObject({ page: 2, pageSize: 1, total: 2 });
    expect(paged.body.items).toHaveLength(1);

    // Offering shows as myOffer; a matched shipment leaves the list.
    const offer = (await d.post(`/api/small-shipments/${exact.id}/offers`, { price: 70, routeId: r.id }))
      .body;
    expect(offer.routeId).toBe(r.id);
    const withOffer = (await d.get(`/api/driver-routes/${r.id}/matches`)).body.items;
    expect(withOffer.find((s: { id: string }) => s.id === exact.id).myOffer).toMatchObject({
      id: offer.id,
      price: 70,
    });
    expect((await cust.post(`/api/shipment-offers/${offer.id}/accept`, { price: 70 })).status).toBe(200);
    const after = (await d.get(`/api/driver-routes/${r.id}/matches`)).body.items;
    expect(after.map((s: { id: string }) => s.id)).toEqual([suburb.id]);
  });

  it('each match and each offer carries what its viewer may do (issue 26)', async () => {
    const d = await as('individual_driver');
    const r = (await d.post('/api/driver-routes', route())).body;
    const cust = await as('individual_customer');
    const posted = (await cust.post('/api/small-shipments', shipment({ title: 'actions' }))).body;
    const match = async () =>
      (
        (await d.get(`/api/driver-routes/${r.id}/matches?pageSize=50`)).body.items as Array<{ id: string }>
      ).find((m) => m.id === posted.id);
    expect(await match()).toMatchObject({ viewerActions: { offer: true } });
    const offer = (await d.post(`/api/small-shipments/${posted.id}/offers`, { price: 70, routeId: r.id }))
      .body;
    expect(await match()).toMatchObject({ viewerActions: { offer: true } }); // the pending offer may be updated
    const mine = async () =>
      (
        (await cust.get('/api/small-shipments?pageSize=50')).body.items as Array<{
          id: string;
          offers: Array<{ viewerActions?: object }>;
        }>
      ).find((s) => s.id === posted.id)!.offers[0]!.viewerActions;
    expect(await mine()).toEqual({ accept: true });
    expect((await cust.post(`/api/shipment-offers/${offer.id}/accept`, { price: 70 })).status).toBe(200);
    expect(await mine()).toEqual({});
  });

  it('a new shipment reaches drivers live, and drivers whose route matches get a notification', async () => {
    const d = await as('individual_driver');
    await d.post('/api/driver-routes', route({ originCity: 'Houston', destinationCity: 'El Paso' }));
    const socket = await d.socket();
    const live = nextEvent(socket, 'smallShipment:posted', (p) => p.shipment.title === 'Live one');
    const cust = await as('individual_customer');
    await cust.post(
      '/api/small-shipments',
      shipment({ title: 'Live one', originCity: 'Houston', destinationCity: 'El Paso' }),
    );
    expect((await live).shipment).toMatchObject({ originCity: 'Houston', status: 'posted' });
    const notice = await eventually(async () => {
      const items = (await d.get('/api/notifications')).body.items as Array<{ title: string; body: string }>;
      return items.find((n) => n.title === 'New shipment on your route');
    });
    expect(notice.body).toContain('Live one');
    d.closeSockets();
  });
});
