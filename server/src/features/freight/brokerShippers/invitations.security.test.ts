import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestApp, uniqueEmail, type TestApp, type TestClient } from '@test/helpers';
import { verifiedClient } from '../testUtils';

/**
 * Issue #12 item 5: 'Add Shipper Relationship' is an invitation the shipper accepts. Before that, the broker learns
 * nothing about the shipper, and the answer is the same whether the email has an account or not.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ workers: true });
});
afterAll(async () => {
  await app?.close();
});

async function shipper(): Promise<{ c: TestClient; email: string }> {
  const c = app.client();
  const email = uniqueEmail('shipper');
  await c.registerAndLogin({
    email,
    userType: 'shipper',
    companyName: 'Secret Shipper Co',
    phoneNumber: '555-0199',
  });
  return { c, email };
}

const withoutId = (body: Record<string, unknown>) => {
  const { id: _id, email: _email, createdAt: _createdAt, ...rest } = body;
  return rest;
};

describe('broker invitations to shippers (issue #12 item 5)', () => {
  it('answers the same for a shipper, another kind of account and an unknown email, and shows nothing of the shipper', async () => {
    const broker = await verifiedClient(app, 'broker');
    const { email } = await shipper();
    const answers = [];
    for (const shipperEmail of [email, 'carrier@test.local', uniqueEmail('nobody')]) {
      const res = await broker.post('/api/broker/shippers', {
        shipperEmail,
        creditLimit: 1000,
        paymentTerms: 'Net 30',
      });
      answers.push(res);
      expect(res.status).toBe(201);
      expect(res.body.email).toBe(shipperEmail.toLowerCase());
      expect(JSON.stringify(res.body)).not.toMatch(
        /Secret Shipper|555-0199|Test Carrier|shipperName|shipperPhone/,
      );
    }
    expect(withoutId(answers[1].body)).toEqual(withoutId(answers[0].body));
    expect(withoutId(answers[2].body)).toEqual(withoutId(answers[0].body));
    expect(withoutId(answers[0].body)).toEqual({
      status: 'pending',
      creditLimit: 1000,
      paymentTerms: 'Net 30',
    });

    // Before any answer: no relationship, three pending invitations showing only the emails typed.
    expect((await broker.get('/api/broker/shippers')).body.total).toBe(0);
    const pending = (await broker.get('/api/broker/invitations')).body;
    expect(pending.total).toBe(3);
    expect(pending.items.every((i: { status: string }) => i.status === 'pending')).toBe(true);
    expect(JSON.stringify(pending)).not.toMatch(/Secret Shipper|555-0199|Test Carrier/);
    expect((await broker.get('/api/broker/stats')).body.activeShippers).toBe(0);
  });

  it('the shipper is notified, sees the invitation and accepts it; only then the broker sees the shipper', async () => {
    const broker = await verifiedClient(app, 'broker', { companyName: 'Inviting Brokerage' });
    const s = await shipper();
    const invited = await broker.post('/api/broker/shippers', { shipperEmail: s.email.toUpperCase() });
    expect(invited.status).toBe(201);

    const note = await eventually(async () => {
      const r = await s.c.get('/api/notifications');
      return r.body.items.find((n: { title: string }) => n.title === 'Broker invitation');
    });
    expect(note.body).toContain('Inviting Brokerage');
    const mine = (await s.c.get('/api/shipper/invitations')).body;
    expect(mine.total).toBe(1);
    expect(mine.items[0]).toMatchObject({ id: invited.body.id, brokerCompany: 'Inviting Brokerage' });

    // Nobody else can answer it (or learn that it exists); a carrier has no invitations.
    const other = await shipper();
    expect((await other.c.post(`/api/shipper/invitations/${invited.body.id}/accept`)).status).toBe(404);
    expect((await other.c.get('/api/shipper/invitations')).body.total).toBe(0);
    const carrier = app.client();
    await carrier.login('carrier@test.local');
    expect((await carrier.get('/api/shipper/invitations')).status).toBe(403);
    expect((await broker.post(`/api/shipper/invitations/${invited.body.id}/accept`)).status).toBe(404);
    expect((await s.c.post('/api/shipper/invitations/nope/accept')).status).toBe(404);

    const accepted = await s.c.post(`/api/shipper/invitations/${invited.body.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ id: invited.body.id, status: 'accepted' });
    expect((await s.c.post(`/api/shipper/invitations/${invited.body.id}/decline`)).status).toBe(409);
    expect((await s.c.get('/api/shipper/invitations')).body.total).toBe(0);

    const list = (await broker.get('/api/broker/shippers')).body;
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      shipperEmail: s.email,
      shipperCompany: 'Secret Shipper Co',
      shipperPhone: '555-0199',
      isActive: true,
    });
    expect((await broker.get('/api/broker/invitations')).body.total).toBe(0);
    expect((await broker.get('/api/broker/stats')).body.activeShippers).toBe(1);
    expect((await broker.post('/api/broker/shippers', { shipperEmail: s.email })).status).toBe(409);
    await eventually(async () => {
      const r = await broker.get('/api/notifications');
      return r.body.items.some((n: { title: string }) => n.title === 'Shipper relationship accepted');
    });
  });

  it('a decline looks pending to the broker; inviting again notifies nobody again', async () => {
    const broker = await verifiedClient(app, 'broker');
    const s = await shipper();
    const invited = await broker.post('/api/broker/shippers', { shipperEmail: s.email });
    expect((await s.c.post(`/api/shipper/invitations/${invited.body.id}/decline`)).body.status).toBe(
      'declined',
    );
    expect((await s.c.get('/api/shipper/invitations')).body.total).toBe(0);
    const again = await broker.post('/api/broker/shippers', { shipperEmail: s.email });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: invited.body.id, status: 'pending' });
    const pending = (await broker.get('/api/broker/invitations')).body;
    expect(pending.items).toEqual([expect.objectContaining({ id: invited.body.id, status: 'pending' })]);
    expect((await broker.get('/api/broker/shippers')).body.total).toBe(0);
    await new Promise((r) => setTimeout(r, 500));
    const notes = (await s.c.get('/api/notifications')).body.items;
    expect(notes.filter((n: { title: string }) => n.title === 'Broker invitation')).toHaveLength(1);
  });
});
