import type { PostLoadInput } from '@freight/shared';
import type { TestApp, TestClient } from '@test/helpers';
import { UserModel } from '../users/model';

/** A fresh registered user of the given type, verified directly (the documents feature normally decides). */
export async function verifiedClient(
  app: TestApp,
  userType: 'carrier' | 'shipper' | 'broker' | 'air_cargo',
  overrides: Record<string, unknown> = {},
): Promise<TestClient> {
  const c = app.client();
  const user = await c.registerAndLogin({ userType, ...overrides });
  await UserModel.updateOne({ _id: user.id }, { $set: { isVerified: true } });
  return c;
}

export const loadInput = (overrides: Partial<PostLoadInput> = {}): PostLoadInput => ({
  title: 'Test load',
  originCity: 'Chicago',
  originState: 'IL',
  destinationCity: 'Dallas',
  destinationState: 'TX',
  rate: 2000,
  distance: 1000,
  ...overrides,
});

/** An air shipment (Frankfurt → Toronto) as an air cargo operator posts it. */
export const airLoadInput = (overrides: Partial<PostLoadInput> = {}): PostLoadInput => ({
  ...loadInput({
    originCity: 'Frankfurt',
    originState: 'Hesse',
    destinationCity: 'Toronto',
    destinationState: 'ON',
  }),
  equipmentType: 'air_cargo',
  originCountry: 'Germany',
  destinationCountry: 'Canada',
  cargoType: 'general',
  ...overrides,
});

/** Posts a load and returns its DTO (fails the test on anything but 201). */
export async function postLoad(c: TestClient, overrides: Partial<PostLoadInput> = {}) {
  const res = await c.post('/api/freight', loadInput(overrides));
  if (res.status !== 201) throw new Error(`post load failed: ${res.status} ${res.text}`);
  return res.body as import('@freight/shared').FreightListingDto;
}
