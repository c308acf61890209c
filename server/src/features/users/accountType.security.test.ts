import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveRoadNumbers, startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { loadInput } from '../freight/testUtils';
import { UserModel } from './model';

/**
 * Issue #12 item 2: a change of account type recomputes verification from the new type's required documents; the
 * verification earned under the old type does not carry over.
 */
let app: TestApp;
let admin: TestClient;
beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@test.local');
});
afterAll(async () => {
  await app?.close();
});

const pdf = Buffer.from('%PDF-1.4\nsecurity test\n%%EOF\n');
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function approved(c: TestClient, documentType: string): Promise<void> {
  const up = await c
    .raw('post', '/api/documents/upload')
    .field('documentType', documentType)
    .field('expirationDate', inDays(365))
    .attach('file', pdf, { filename: `${documentType}.pdf`, contentType: 'application/pdf' });
  expect(up.status).toBe(201);
  const review = await admin.post(`/api/admin/documents/${up.body.id}/review`, { status: 'approved' });
  expect(review.status).toBe(200);
}

async function verifiedCarrier(): Promise<{ c: TestClient; id: string }> {
  const c = app.client();
  const user = await c.registerAndLogin({ userType: 'carrier' });
  await giveRoadNumbers(c, 'carrier');
  for (const t of ['dot_authority', 'insurance', 'equipment_cert']) await approved(c, t);
  expect((await c.get('/api/auth/user')).body.isVerified).toBe(true);
  return { c, id: user.id };
}

describe('a change of account type (issue #12 item 2)', () => {
  it('a verified carrier who becomes a broker is unverified and cannot post loads', async () => {
    const { c, id } = await verifiedCarrier();
    const res = await c.post('/api/users/setup', { userType: 'broker', companyName: 'x' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userType: 'broker', isVerified: false });
    expect((await UserModel.findById(id).lean())?.isVerified).toBe(false);
    const status = (await c.get('/api/users/verification-status')).body;
    expect(status).toMatchObject({
      isVerified: false,
      requiredDocuments: ['broker_authority', 'insurance'],
      approvedDocuments: ['insurance'],
    });
    expect((await c.post('/api/freight', loadInput())).status).toBe(403);
  });

  it('a seeded verified test carrier who becomes a broker is unverified too', async () => {
    const c = app.client();
    await c.login('carrier@test.local');
    const res = await c.post('/api/users/setup', { userType: 'broker', companyName: 'x' });
    expect(res.body).toMatchObject({ userType: 'broker', isVerified: false });
  });

  it('a verified carrier who becomes a type that needs no documents is unverified', async () => {
    const { c } = await verifiedCarrier();
    const res = await c.post('/api/users/setup', { userType: 'individual_driver', companyName: 'x' });
    expect(res.body).toMatchObject({ userType: 'individual_driver', isVerified: false });
  });

  it('follows the documents both ways: back to a type whose documents are approved is verified again', async () => {
    const { c } = await verifiedCarrier();
    await c.post('/api/users/setup', { userType: 'broker', companyName: 'x' });
    await approved(c, 'broker_authority'); // insurance, approved as a carrier, counts for a broker too
    expect((await c.get('/api/auth/user')).body.isVerified).toBe(true);
    const back = await c.post('/api/users/setup', { userType: 'carrier', companyName: 'x' });
    expect(back.body).toMatchObject({ userType: 'carrier', isVerified: true });
  });

  it('keeps the verification when the type stays the same (company or phone edited)', async () => {
    const { c } = await verifiedCarrier();
    const res = await c.post('/api/users/setup', { userType: 'carrier', companyName: 'Renamed LLC' });
    expect(res.body).toMatchObject({ userType: 'carrier', companyName: 'Renamed LLC', isVerified: true });
  });
});
