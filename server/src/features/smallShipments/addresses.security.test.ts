import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectEvents,
  eventually,
  nextEvent,
  startTestApp,
  type TestApp,
  type TestClient,
} from '@test/helpers';
import { seedApprovedBackgroundCheck } from '../backgroundChecks/testing';

/**
 * Issue #12 item 11: a customer's pickup and delivery addresses reach only the driver whose offer the customer
 * accepted. Every other driver (including any user who just switched to individual driver) sees city and state.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ workers: true });
});
afterAll(async () => {
  await app?.close();
});

const PICKUP = '12 Hidden Lane, Apt 3';
const DELIVERY = '99 Private Road';

async function as(userType: string): Promise<TestClient> {
  const c = app.client();
  await c.registerAndLogin({ userType: 'carrier' });
  await c.post('/api/users/setup', { userType, companyName: 'Co' });
  // Drivers' offers need an approved background check (issue 16).
  if (userType === 'individual_driver') await seedApprovedBackgroundCheck(c.user!.id);
  return c;
}

const route = {
  title: 'Dallas to Austin',
  originCity: 'Dallas',
  originState: 'TX',
  destinationCity: 'Austin',
  destinationState: 'TX',
  departureDate: '2031-05-09',
  vehicleType: 'pickup_truck',
  pricingType: 'per_mile',
};

describe('small shipment addresses (issue #12 item 11)', () => {
  it('go to the matched driver only; other drivers see city and state, live and in route matches', async () => {
    const winner = await as('individual_driver');
    const other = await as('individual_driver');
    const winnerRoute = (await winner.post('/api/driver-routes', route)).body;
    const otherRoute = (await other.post('/api/driver-routes', route)).body;
    const winnerSocket = await winner.socket();
    const otherSocket = await other.socket();
    const otherSeen = collectEvents(otherSocket, 'smallShipment:updated');
    const customer = await as('individual_customer');
    const posted = nextEvent(otherSocket, 'smallShipment:posted', (p) => p.shipment.title === 'Sofa');
    const created = await customer.post('/api/small-shipments', {
      title: 'Sofa',
      itemDescription: 'a sofa',
      originCity: 'Dallas',
      originState: 'TX',
      pickupAddress: PICKUP,
      destinationCity: 'Austin',
      destinationState: 'TX',
      deliveryAddress: DELIVERY,
      offerPrice: '120',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ pickupAddress: PICKUP, deliveryAddress: DELIVERY }); // the customer's own

    const live = (await posted).shipment;
    expect(live).toMatchObject({
      originCity: 'Dallas',
      originState: 'TX',
      pickupAddress: null,
      deliveryAddress: null,
    });
    for (const [c, r] of [
      [other, otherRoute],
      [winner, winnerRoute],
    ] as const) {
      const matches = (await c.get(`/api/driver-routes/${r.id}/matches`)).body.items;
      expect(matches).toHaveLength(1);
      expect(matches[0]).toMatchObject({ originCity: 'Dallas', pickupAddress: null, deliveryAddress: null });
    }

    const offer = (await winner.post(`/api/small-shipments/${created.body.id}/offers`, { price: 110 })).body;
    const toWinner = nextEvent(
      winnerSocket,
      'smallShipment:updated',
      (p) => p.shipment.pickupAddress !== null,
    );
    expect((await customer.post(`/api/shipment-offers/${offer.id}/accept`, { price: 110 })).status).toBe(200);
    expect((await toWinner).shipment).toMatchObject({ pickupAddress: PICKUP, deliveryAddress: DELIVERY });
    const accepted = await eventually(async () => {
      const items = (await winner.get('/api/notifications')).body.items as Array<{
        title: string;
        body: string;
      }>;
      return items.find((n) => n.title === 'Your offer was accepted');
    });
    expect(accepted.body).toContain(PICKUP);

    await eventually(async () => otherSeen.length > 0);
    expect(JSON.stringify(otherSeen)).not.toContain('Hidden Lane');
    expect(JSON.stringify(otherSeen)).not.toContain('Private Road');
    const otherNotes = (await other.get('/api/notifications')).body;
    expect(JSON.stringify(otherNotes)).not.toContain('Hidden Lane');
    winner.closeSockets();
    other.closeSockets();
  });
});
