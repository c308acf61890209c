// Test support (API tests of the fleet): a carrier company with members, drivers with approved compliance, trucks and
// booked loads, all through the API but the booked load (seeded as the booking flow leaves it).
import type { DriverDto, FreightStatus, TruckDto, TruckInput } from '@freight/shared';
import { expect } from 'vitest';
import { uniqueEmail, type TestApp, type TestClient } from '@test/helpers';
import { FreightModel } from '../freight/model';
import { PNG_BYTES, seedLoad } from '../tracking/testing';

/** Valid VINs (their check digits match); the last one with a wrong check digit. */
export const VINS = ['1M8GDM9AXKP042788', '1HGCM82633A004352', '11111111111111111'] as const;
export const BAD_VIN = '1M8GDM9A1KP042788';

export const truckInput = (overrides: Partial<TruckInput> = {}): TruckInput => ({
  unitNumber: '101',
  kind: 'flatbed',
  length: 48,
  plate: 'ABC1234',
  plateState: 'IL',
  vin: VINS[0],
  ...overrides,
});

const tokenOf = (link: string) => new URL(link).pathname.replace(/^\/join\//, '');

export async function carrierOwner(app: TestApp, companyName = 'Lane Runner Trucking'): Promise<TestClient> {
  const c = app.client();
  await c.registerAndLogin({ userType: 'carrier', companyName });
  return c;
}

/** A fresh person invited by `owner` with `role`, registered with the invited email and joined by the link. */
export async function memberOf(
  app: TestApp,
  owner: TestClient,
  role: string,
  firstName = 'Sam',
): Promise<TestClient> {
  const email = uniqueEmail(role);
  const invited = await owner.post('/api/company/invitations', { email, role });
  expect(invited.status, invited.text).toBe(201);
  const c = app.client();
  await c.registerAndLogin({ email, userType: 'carrier', companyName: 'Solo Co', firstName });
  const joined = await c.post(`/api/company/invitations/${tokenOf(invited.body.link)}/accept`);
  expect(joined.status, joined.text).toBe(200);
  // The session's actor is read per request: the role is the new one from here on.
  return c;
}

export const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

export function uploadCdl(driver: TestClient, fields: Record<string, string> = {}) {
  const req = driver.raw('post', '/api/fleet/drivers/me/cdl');
  const all = { cdlNumber: 'D1234567', cdlState: 'IL', cdlClass: 'A', cdlExpiresOn: isoDay(400), ...fields };
  for (const [k, v] of Object.entries(all)) req.field(k, v);
  return req.attach('file', PNG_BYTES, { filename: 'cdl.png', contentType: 'image/png' });
}

export function uploadMedicalCard(driver: TestClient, expiresOn = isoDay(300)) {
  return driver
    .raw('post', '/api/fleet/drivers/me/medical-card')
    .field('medicalCardExpiresOn', expiresOn)
    .attach('file', PNG_BYTES, { filename: 'medical.png', contentType: 'image/png' });
}

export async function review(
  admin: TestClient,
  documentId: string,
  status: 'approved' | 'rejected' = 'approved',
) {
  const res = await admin.post(
    `/api/admin/documents/${documentId}/review`,
    status === 'approved' ? { status } : { status, rejectionReason: 'Unreadable scan' },
  );
  expect(res.status, res.text).toBe(200);
}

/** A driver of `owner`'s company whose CDL and medical card are uploaded and approved by `admin`. */
export async function approvedDriver(
  app: TestApp,
  owner: TestClient,
  admin: TestClient,
  firstName = 'Sam',
): Promise<{ client: TestClient; id: string; cdlId: string; medicalId: string }> {
  const client = await memberOf(app, owner, 'driver', firstName);
  const cdl = await uploadCdl(client);
  expect(cdl.status, cdl.text).toBe(201);
  const medical = await uploadMedicalCard(client);
  expect(medical.status, medical.text).toBe(201);
  await review(admin, cdl.body.id);
  await review(admin, medical.body.id);
  return { client, id: client.user!.id, cdlId: cdl.body.id, medicalId: medical.body.id };
}

export async function addTruck(c: TestClient, overrides: Partial<TruckInput> = {}): Promise<TruckDto> {
  const res = await c.post('/api/fleet/trucks', truckInput(overrides));
  expect(res.status, res.text).toBe(201);
  return res.body as TruckDto;
}

export async function driverOf(c: TestClient, id: string): Promise<DriverDto> {
  const res = await c.get('/api/fleet/drivers?pageSize=50');
  expect(res.status, res.text).toBe(200);
  return (res.body.items as DriverDto[]).find((d) => d.id === id)!;
}

/** A load booked to the carrier (its owner), with this equipment. */
export async function bookedLoad(
  posterId: string,
  carrierId: string,
  opts: { equipmentType?: string; status?: FreightStatus; title?: string } = {},
): Promise<string> {
  const id = await seedLoad({ posterId, carrierId, status: opts.status ?? 'booked', title: opts.title });
  if (opts.equipmentType)
    await FreightModel.updateOne({ _id: id }, { $set: { equipmentType: opts.equipmentType } });
  return id;
}
