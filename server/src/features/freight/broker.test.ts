import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, nextEvent, startTestApp, type TestApp } from '@test/helpers';
import { postLoad, verifiedClient } from './testUtils';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ workers: true });
});
afterAll(async () => {
  await app?.close();
});

describe('shipper relationships (call 27 and Add Shipper Relationship)', () => {
  it('invites a shipper by email with credit limit and payment terms; the relationship follows their acceptance', async () => {
    const broker = await verifiedClient(app, 'broker');
    const res = await broker.post('/api/broker/shippers', {
      shipperEmail: 'SHIPPER@test.local',
      creditLimit: 25000.5,
      paymentTerms: 'Net 30',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: 'shipper@test.local',
      status: 'pending',
      creditLimit: 25000.5,
      paymentTerms: 'Net 30',
    });
    const shipper = app.client();
    await shipper.login('shipper@test.local');
    expect((await shipper.post(`/api/shipper/invitations/${res.body.id}/accept`)).status).toBe(200);
    const list = await broker.get('/api/broker/shippers');
    expect(list.body.total).toBe(1);
    expect(list.body.items[0]).toMatchObject({
      shipperEmail: 'shipper@test.local',
      shipperCompany: 'Test Shipper Inc',
      creditLimit: 25000.5,
      paymentTerms: 'Net 30',
      isActive: true,
    });
    expect((await broker.post('/api/broker/shippers', { shipperEmail: 'shipper@test.local' })).status).toBe(
      409,
    );
    expect((await broker.post('/api/broker/shippers', { shipperEmail: 'nope' })).status).toBe(400);
    expect(
      (await broker.post('/api/broker/shippers', { shipperEmail: 'shipper@test.local', creditLimit: -1 }))
        .status,
    ).toBe(400);
    expect((await shipper.get('/api/broker/shippers')).status).toBe(403);
  });

  it('counts the four stat cards from real data', async () => {
    const broker = await verifiedClient(app, 'broker');
    const carrier = app.client();
    await carrier.login('carrier@test.local');
    const a = await postLoad(broker);
    await postLoad(broker);
    await carrier.post(`/api/freight/${a.id}/negotiate`, { proposedRate: 100 });
    const invited = await broker.post('/api/broker/shippers', { shipperEmail: 'shipper@test.local' });
    const shipper = app.client();
    await shipper.login('shipper@test.local');
    await shipper.post(`/api/shipper/invitations/${invited.body.id}/accept`);
    const stats = await broker.get('/api/broker/stats');
    expect(stats.body).toEqual({ activeLoads: 2, pendingNegotiations: 1, activeShippers: 1, inTransit: 0 });
  });
});

describe('saved searches with alerts', () => {
  it('saves filters (CRUD), and a matching new load notifies the carrier live with a link to it', async () => {
    const carrier = await verifiedClient(app, 'carrier');
    const shipper = app.client();
    await shipper.login('shipper@test.local');
    const saved = await carrier.post('/api/saved-searches', {
      name: 'Chicago reefers',
      filters: { originCity: 'chic', equipmentType: 'reefer', minRate: '1000', maxRate: '' },
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      name: 'Chicago reefers',
      alertsEnabled: true,
      filters: { originCity: 'chic', equipmentType: 'reefer', minRate: 1000 },
    });
    expect((await carrier.post('/api/saved-searches', { name: '', filters: {} })).status).toBe(400);

    const socket = await carrier.socket();
    const alert = nextEvent(socket, 'notification:new', (p) => p.notification.kind === 'saved_search_match');
    await postLoad(shipper, { title: 'no match: dry van', equipmentType: 'dry_van', rate: 5000 });
    await postLoad(shipper, { title: 'no match: cheap', equipmentType: 'reefer', rate: 500 });
    const match = await postLoad(shipper, { title: 'match', equipmentType: 'reefer', rate: 1500 });
    const { notification } = await alert;
    expect(notification.link).toBe(`/freight?load=${match.id}`);
    expect(notification.title).toBe('New load matches "Chicago reefers"');
    expect(notification.body).toBe('New reefer load Chicago, IL to Dallas, TX: $1,500.00, $1.50/mi');
    const all = await eventually(async () => {
      const r = await carrier.get('/api/notifications');
      return r.body.items.some((n: { link: string }) => n.link === `/freight?load=${match.id}`)
        ? r.body
        : null;
    });
    expect(all.items.filter((n: { kind: string }) => n.kind === 'saved_search_match')).toHaveLength(1);

    const list = await carrier.get('/api/saved-searches');
    expect(list.body.total).toBe(1);
    const off = await carrier.patch(`/api/saved-searches/${saved.body.id}`, { alertsEnabled: false });
    expect(off.body.alertsEnabled).toBe(false);
    const other = await verifiedClient(app, 'carrier');
    expect((await other.delete(`/api/saved-searches/${saved.body.id}`)).status).toBe(404);
    expect((await carrier.delete(`/api/saved-searches/${saved.body.id}`)).status).toBe(204);
    expect((await carrier.get('/api/saved-searches')).body.total).toBe(0);
    carrier.closeSockets();
  });
});
