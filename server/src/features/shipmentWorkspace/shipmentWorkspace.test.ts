import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextEvent, startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { seedApprovedBackgroundCheck } from '../backgroundChecks/testing';
import { SmallShipmentModel } from '../smallShipments/model';
import { ShipmentReportModel } from './model';
import { DomainEventModel } from '../../events/model';

/** Issue 23 item 4: a matched small shipment's workspace for its customer and its matched driver. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMITS_ENABLED: 'false' } });
});
afterAll(async () => {
  await app?.close();
});

const PICKUP = '12 Hidden Lane, Apt 3';
const DELIVERY = '99 Private Road';
// The smallest valid PNG (1×1).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function as(
  userType: 'individual_customer' | 'individual_driver',
  phoneNumber = '555-0101',
): Promise<TestClient> {
  const c = app.client();
  await c.registerAndLogin({ userType: 'carrier', firstName: userType.slice(11), lastName: 'Person' });
  await c.post('/api/users/setup', { userType, companyName: 'Co', phoneNumber });
  if (userType === 'individual_driver') await seedApprovedBackgroundCheck(c.user!.id);
  return c;
}

/** A customer's shipment with an accepted offer from `driver`; another driver's offer was declined. */
async function matched() {
  const customer = await as('individual_customer', '775-555-0111');
  const driver = await as('individual_driver', '775-555-0222');
  const loser = await as('individual_driver');
  const posted = await customer.post('/api/small-shipments', {
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
  expect(posted.status, posted.text).toBe(201);
  const id = posted.body.id as string;
  const offer = await driver.post(`/api/small-shipments/${id}/offers`, { price: '110' });
  expect(offer.status, offer.text).toBe(201);
  expect((await loser.post(`/api/small-shipments/${id}/offers`, { price: '100' })).status).toBe(201);
  const accepted = await customer.post(`/api/shipment-offers/${offer.body.id}/accept`, { version: 1 });
  expect(accepted.status, accepted.text).toBe(200);
  return { customer, driver, loser, id };
}

describe('the workspace of a matched small shipment', () => {
  it('shows the addresses and the other side’s contact to the customer and the matched driver', async () => {
    const { customer, driver, id } = await matched();
    const forDriver = await driver.get(`/api/small-shipments/${id}/workspace`);
    expect(forDriver.status, forDriver.text).toBe(200);
    expect(forDriver.body).toMatchObject({
      id,
      role: 'driver',
      shipment: { status: 'matched', pickupAddress: PICKUP, deliveryAddress: DELIVERY, agreedPrice: 110 },
      customer: { name: 'customer Person', phone: '775-555-0111', email: customer.user!.email },
      driver: { name: 'driver Person', phone: '775-555-0222', email: driver.user!.email },
      reports: [],
    });
    const forCustomer = await customer.get(`/api/small-shipments/${id}/workspace`);
    expect(forCustomer.body).toMatchObject({ role: 'customer', driver: { email: driver.user!.email } });

    // The driver's My Routes list: the matched shipment with its addresses.
    const carrying = await driver.get('/api/small-shipments/carrying?page=1&pageSize=10');
    expect(carrying.status).toBe(200);
    expect(carrying.body.total).toBe(1);
    expect(carrying.body.items[0]).toMatchObject({ id, pickupAddress: PICKUP, offer: { price: 110 } });
  });

  it('is 404 to strangers and other drivers (the declined one too), 401 signed out; admins read', async () => {
    const { loser, id } = await matched();
    const stranger = await as('individual_customer');
    const otherDriver = await as('individual_driver');
    const signedOut = app.client();
    for (const c of [stranger, otherDriver, loser]) {
      for (const path of ['workspace', 'messages', 'photos']) {
        const res = await c.get(`/api/small-shipments/${id}/${path}`);
        expect(res.status, `${path}: ${res.text}`).toBe(404);
        expect(res.text).not.toContain(PICKUP);
      }
      expect((await c.post(`/api/small-shipments/${id}/messages`, { message: 'hi' })).status).toBe(404);
      expect((await c.post(`/api/small-shipments/${id}/reports`, { kind: 'picked_up' })).status).toBe(404);
      expect((await c.get('/api/small-shipments/carrying')).body.total).toBe(0);
    }
    expect((await signedOut.get(`/api/small-shipments/${id}/workspace`)).status).toBe(401);
    expect((await signedOut.post(`/api/small-shipments/${id}/messages`, { message: 'hi' })).status).toBe(401);
    expect((await signedOut.post(`/api/small-shipments/${id}/reports`, { kind: 'picked_up' })).status).toBe(
      401,
    );
    expect((await app.client().get('/api/small-shipments/000000000000000000000000/workspace')).status).toBe(
      401,
    );
    const unknown = await stranger.get('/api/small-shipments/000000000000000000000000/workspace');
    expect(unknown.status).toBe(404);
    expect((await stranger.get('/api/small-shipments/not-an-id/workspace')).status).toBe(404);

    const admin = app.client();
    await admin.login('admin@test.local');
    const read = await admin.get(`/api/small-shipments/${id}/workspace`);
    expect(read.status).toBe(200);
    expect(read.body.role).toBe('admin');
    const write = await admin.post(`/api/small-shipments/${id}/messages`, { message: 'hello' });
    expect(write.status).toBe(403);
  });

  it('before a match: the customer sees it without a driver; chat is 409; drivers get 404', async () => {
    const customer = await as('individual_customer');
    const driver = await as('individual_driver');
    const posted = await customer.post('/api/small-shipments', {
      title: 'Lamp',
      itemDescription: 'a lamp',
      originCity: 'Dallas',
      originState: 'TX',
      destinationCity: 'Austin',
      destinationState: 'TX',
      offerPrice: '20',
    });
    const id = posted.body.id as string;
    await driver.post(`/api/small-shipments/${id}/offers`, { price: '20' });
    const ws = await customer.get(`/api/small-shipments/${id}/workspace`);
    expect(ws.status).toBe(200);
    expect(ws.body).toMatchObject({ driver: null, offer: null, role: 'customer' });
    expect((await customer.post(`/api/small-shipments/${id}/messages`, { message: 'hi' })).status).toBe(409);
    expect((await customer.get(`/api/small-shipments/${id}/messages`)).status).toBe(409);
    expect((await driver.get(`/api/small-shipments/${id}/workspace`)).status).toBe(404);
  });

  it('chat goes both ways, live in the shipment’s room; a retried send stores one message', async () => {
    const { customer, driver, id } = await matched();
    const driverSocket = await driver.socket();
    const joined = await driverSocket.emitWithAck('shipment:join', { shipmentId: id });
    expect(joined).toEqual({ ok: true, data: { shipmentId: id } });
    const customerSocket = await customer.socket();
    await customerSocket.emitWithAck('shipment:join', { shipmentId: id });

    const live = nextEvent(driverSocket, 'shipment:message', (p) => p.shipmentId === id);
    const sent = await customer.post(`/api/small-shipments/${id}/messages`, {
      message: 'The sofa is on the porch',
      clientMessageId: 'c-1',
    });
    expect(sent.status, sent.text).toBe(201);
    expect((await live).message).toMatchObject({ message: 'The sofa is on the porch', seq: 1 });
    const again = await customer.post(`/api/small-shipments/${id}/messages`, {
      message: 'The sofa is on the porch',
      clientMessageId: 'c-1',
    });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(sent.body.id);
    // One fact for the one message stored (issue 26).
    expect(
      await DomainEventModel.countDocuments({
        name: 'smallShipment.messagePosted',
        'subjects.shipmentId': id,
      }),
    ).toBe(1);

    const back = nextEvent(customerSocket, 'shipment:message', (p) => p.shipmentId === id);
    expect((await driver.post(`/api/small-shipments/${id}/messages`, { message: 'On my way' })).status).toBe(
      201,
    );
    // A retried send draws a number it does not use (as a load's chat does): numbers rise, perhaps with gaps.
    const answer = (await back).message;
    expect(answer.message).toBe('On my way');
    expect(answer.seq).toBeGreaterThan(1);
    const page = await customer.get(`/api/small-shipments/${id}/messages`);
    expect(page.body.messages.map((m: { message: string }) => m.message)).toEqual([
      'The sofa is on the porch',
      'On my way',
    ]);
    const after = await customer.get(`/api/small-shipments/${id}/messages?after=1`);
    expect(after.body.messages.map((m: { seq: number }) => m.seq)).toEqual([answer.seq]);

    // Strangers cannot join the room.
    const stranger = await as('individual_driver');
    const strangerSocket = await stranger.socket();
    const refused = await strangerSocket.emitWithAck('shipment:join', { shipmentId: id });
    expect(refused).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    const bad = await strangerSocket.emitWithAck('shipment:join', { shipmentId: 'nope' } as never);
    expect(bad).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
  });

  it('photos: either side uploads an image, both read it, and it can be shown in the chat', async () => {
    const { customer, driver, id } = await matched();
    const up = await driver
      .raw('post', `/api/small-shipments/${id}/photos`)
      .field('description', 'Loaded and strapped')
      .attach('photo', PNG, { filename: 'sofa.png', contentType: 'image/png' });
    expect(up.status, up.text).toBe(201);
    expect(up.body.photoUrl).toBe(`/api/small-shipments/${id}/photos/${up.body.id}/file`);
    const list = await customer.get(`/api/small-shipments/${id}/photos`);
    expect(list.body.items).toHaveLength(1);
    const file = await customer.get(up.body.photoUrl);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const image = await driver.post(`/api/small-shipments/${id}/messages`, {
      message: 'Shared a photo',
      messageType: 'image',
      imageUrl: up.body.photoUrl,
    });
    expect(image.status, image.text).toBe(201);
    const foreign = await driver.post(`/api/small-shipments/${id}/messages`, {
      message: 'x',
      messageType: 'image',
      imageUrl: '/api/freight/000000000000000000000000/photos/000000000000000000000000/file',
    });
    expect(foreign.status).toBe(400);
    const notImage = await customer
      .raw('post', `/api/small-shipments/${id}/photos`)
      .attach('photo', Buffer.from('just text, not a picture'), {
        filename: 'a.png',
        contentType: 'image/png',
      });
    expect(notImage.status).toBe(415);
  });

  it('status reports: the matched driver only, Picked up then Delivered, each once; the customer follows live', async () => {
    const { customer, driver, id } = await matched();
    const customerSocket = await customer.socket();
    await customerSocket.emitWithAck('shipment:join', { shipmentId: id });

    expect((await customer.post(`/api/small-shipments/${id}/reports`, { kind: 'picked_up' })).status).toBe(
      403,
    );
    const early = await driver.post(`/api/small-shipments/${id}/reports`, { kind: 'delivered' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Report picked up first');

    const live = nextEvent(customerSocket, 'shipment:report', (p) => p.report.kind === 'picked_up');
    const pickedUp = await driver.post(`/api/small-shipments/${id}/reports`, { kind: 'picked_up' });
    expect(pickedUp.status, pickedUp.text).toBe(201);
    expect(pickedUp.body.shipment.status).toBe('picked_up');
    expect((await live).shipment.status).toBe('picked_up');
    const twice = await driver.post(`/api/small-shipments/${id}/reports`, { kind: 'picked_up' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Picked up was already reported');

    const delivered = await driver.post(`/api/small-shipments/${id}/reports`, { kind: 'delivered' });
    expect(delivered.status).toBe(201);
    expect(delivered.body.shipment.status).toBe('delivered');
    expect((await driver.post(`/api/small-shipments/${id}/reports`, { kind: 'delivered' })).status).toBe(409);
    expect((await driver.post(`/api/small-shipments/${id}/reports`, { kind: 'picked_up' })).status).toBe(409);

    const ws = await customer.get(`/api/small-shipments/${id}/workspace`);
    expect(ws.body.shipment.status).toBe('delivered');
    expect(ws.body.reports.map((r: { kind: string }) => r.kind)).toEqual(['picked_up', 'delivered']);
    // The customer's My Shipments shows the new status.
    const mine = await customer.get('/api/small-shipments');
    expect(mine.body.items[0]).toMatchObject({ id, status: 'delivered' });
  });

  it('bad input is 400 and changes nothing', async () => {
    const { customer, driver, id } = await matched();
    for (const body of [{}, { kind: 'arrived' }, { kind: 42 }]) {
      const res = await driver.post(`/api/small-shipments/${id}/reports`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    for (const body of [
      {},
      { message: '   ' },
      { message: 'x'.repeat(4001) },
      { message: 'hi', messageType: 'location' },
      { message: 'hi', messageType: 'image' },
      { message: 'hi', clientMessageId: 'bad id!' },
    ]) {
      const res = await customer.post(`/api/small-shipments/${id}/messages`, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await customer.get(`/api/small-shipments/${id}/messages?before=0`)).status).toBe(400);
    expect((await customer.get(`/api/small-shipments/${id}/messages?pageSize=500`)).status).toBe(400);
    const noFile = await customer.raw('post', `/api/small-shipments/${id}/photos`).field('description', 'x');
    expect(noFile.status).toBe(400);
    const ws = await customer.get(`/api/small-shipments/${id}/workspace`);
    expect(ws.body.shipment.status).toBe('matched');
    expect((await customer.get(`/api/small-shipments/${id}/messages`)).body.messages).toEqual([]);
    expect(await ShipmentReportModel.countDocuments({ shipmentId: id })).toBe(0);
  });

  it('a race of two "picked up" reports stores exactly one, round after round', async () => {
    for (let round = 0; round < 5; round++) {
      const { driver, id } = await matched();
      const [a, b] = await Promise.all([
        driver.post(`/api/small-shipments/${id}/reports`, { kind: 'picked_up' }),
        driver.post(`/api/small-shipments/${id}/reports`, { kind: 'picked_up' }),
      ]);
      expect([a.status, b.status].sort(), `round ${round}: ${a.text} / ${b.text}`).toEqual([201, 409]);
      expect(await ShipmentReportModel.countDocuments({ shipmentId: id, kind: 'picked_up' })).toBe(1);
      expect((await SmallShipmentModel.findById(id).lean())?.status).toBe('picked_up');
      // Exactly one fact for the one report (issue 26).
      expect(
        await DomainEventModel.countDocuments({ name: 'smallShipment.reported', 'subjects.shipmentId': id }),
      ).toBe(1);
    }
  }, 120_000);
});
