// Shared helpers of the role-by-flow journeys (issue 23): fresh accounts registered in the test, verified the way
// the product verifies them (documents uploaded and approved by the seeded admin), one browser context per role.
import { documentTypesFor, type FreightListingDto, type PostLoadInput, type UserDto } from '@freight/shared';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { UserModel } from '@freight/server/features/users/model';
import { TEST_USER_PASSWORD, giveRoadNumbers, type TestApp, type TestClient } from '@test/helpers';
import type { E2EBrowser } from './browser';
import { signIn, watchPageErrors } from './browser';

export type FreshUserType = 'carrier' | 'shipper' | 'broker' | 'air_cargo' | 'individual_customer';

export interface FreshAccount {
  api: TestClient;
  user: UserDto;
  email: string;
  password: string;
}

/** A new account of this type, registered through the API (the register form's call) and signed in there. */
export async function freshAccount(
  app: TestApp,
  userType: FreshUserType,
  overrides: Record<string, unknown> = {},
): Promise<FreshAccount> {
  const api = app.client();
  const user = await api.registerAndLogin({ userType, ...overrides });
  return { api, user, email: user.email, password: TEST_USER_PASSWORD };
}

/**
 * A fresh account of this type with its verified flag set directly, for journeys about something else than
 * verification (verifiedAccount goes through the documents).
 */
export async function flaggedVerifiedAccount(
  app: TestApp,
  userType: FreshUserType,
  overrides: Record<string, unknown> = {},
): Promise<FreshAccount> {
  const account = await freshAccount(app, userType, overrides);
  await UserModel.updateOne({ _id: account.user.id }, { $set: { isVerified: true } });
  return account;
}

/** A PDF the upload sniffer accepts. */
export const pdfFile = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n% ${name}\n${'x'.repeat(512)}\n%%EOF\n`),
});

/** Uploads one document through the API (insurance with an expiry date far ahead); returns its id. */
export async function uploadDocument(account: FreshAccount, documentType: string): Promise<string> {
  const file = pdfFile(`${documentType}.pdf`);
  const req = account.api.raw('post', '/api/documents/upload').field('documentType', documentType);
  if (documentType === 'insurance') req.field('expirationDate', '2099-06-30');
  const res = await req.attach('file', file.buffer, { filename: file.name, contentType: file.mimeType });
  if (res.status !== 201 && res.status !== 200) throw new Error(`upload failed: ${res.status} ${res.text}`);
  return res.body.id as string;
}

/** The id of the account with this email (a seeded test account or one a test registered). */
export async function userIdOf(email: string): Promise<string> {
  const user = await UserModel.findOne({ email }).lean();
  if (!user) throw new Error(`no test account ${email}`);
  return String(user._id);
}

/** The seeded admin, signed in through the API. */
export async function adminApi(app: TestApp): Promise<TestClient> {
  const admin = app.client();
  await admin.login('admin@test.local');
  return admin;
}

/** Verifies the account as the product does: each required document uploaded, then approved by the admin. */
export async function verifyWithDocuments(app: TestApp, account: FreshAccount): Promise<void> {
  const admin = await adminApi(app);
  await giveRoadNumbers(account.api, account.user.userType);
  for (const type of documentTypesFor(account.user.userType)) {
    const id = await uploadDocument(account, type);
    const res = await admin.post(`/api/admin/documents/${id}/review`, { status: 'approved' });
    if (res.status !== 200) throw new Error(`review failed: ${res.status} ${res.text}`);
  }
  const status = await account.api.get('/api/users/verification-status');
  expect(status.body.isVerified).toBe(true);
}

/** A fresh account of this type, verified through its documents. */
export async function verifiedAccount(
  app: TestApp,
  userType: FreshUserType,
  overrides: Record<string, unknown> = {},
): Promise<FreshAccount> {
  const account = await freshAccount(app, userType, overrides);
  await verifyWithDocuments(app, account);
  return account;
}

export interface RolePage {
  page: Page;
  errors: string[];
}

/** One role's own browser context, signed in (`signIn`), on the dashboard or the screen at `opens`. */
export async function rolePage(
  browser: E2EBrowser,
  app: TestApp,
  account: { email: string; password: string },
  contextOptions: Parameters<E2EBrowser['newContext']>[0] = {},
  opens = '/',
): Promise<RolePage> {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await signIn(page, app.url, account.email, account.password, opens);
  return { page, errors };
}

/** A value on window that lives only until the page reloads: marks a page whose changes must arrive live. */
export async function markNoReload(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
}
export async function notReloaded(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);
}

/** Posts a load through the API as the poster (fails on anything but 201). */
export async function postLoadApi(
  poster: FreshAccount,
  input: Partial<PostLoadInput> & Pick<PostLoadInput, 'title'>,
): Promise<FreightListingDto> {
  const res = await poster.api.post('/api/freight', {
    originCity: 'Chicago',
    originState: 'IL',
    destinationCity: 'Dallas',
    destinationState: 'TX',
    rate: 2400,
    ...input,
  });
  if (res.status !== 201) throw new Error(`post load failed: ${res.status} ${res.text}`);
  return res.body as FreightListingDto;
}

/** A load booked through the API the way the board and the dashboard book it: request, then the poster approves. */
export async function bookLoadApi(
  poster: FreshAccount,
  carrier: FreshAccount,
  freightId: string,
): Promise<void> {
  const requested = await carrier.api.post(`/api/freight/${freightId}/book`, { message: 'Ready to load' });
  if (requested.status >= 300) throw new Error(`book failed: ${requested.status} ${requested.text}`);
  const requestId = requested.body.request.id as string;
  const reviewed = await poster.api.post(`/api/booking-requests/${requestId}/review`, { status: 'approved' });
  if (reviewed.status !== 200) throw new Error(`review failed: ${reviewed.status} ${reviewed.text}`);
}

/** The short reference the tracking page's heading shows. */
export const trackingHeading = (freightId: string) =>
  `Freight Tracking #${freightId.slice(-6).toUpperCase()}`;

/**
 * Scrolls the tracking page to its map, which loads as the visitor scrolls near it (issue 24): its place, then the
 * loading map, then Leaflet's map each replace the element before, so a scroll that finds the one it aimed at gone
 * (Playwright: "not attached to the DOM") aims again at the one there now.
 */
export async function scrollToTrackingMap(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.getByTestId('tracking-map').scrollIntoViewIfNeeded({ timeout: 15_000 });
      return;
    } catch (err) {
      if (attempt >= 5 || !String(err).includes('not attached')) throw err;
    }
  }
}
