// Issue 23, item 6: booking and offer buttons only where the viewer can act, one booking button, and one disabled
// button with its reason for an unverified carrier.
import type { FreightListingDto } from '@freight/shared';
import { UserModel } from '@freight/server/features/users/model';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEST_USER_PASSWORD, type TestClient } from '@test/helpers';
import { signIn, startJourney, watchPageErrors } from './browser';

const journey = startJourney();

/** Every button that books or offers, whatever its state. */
const ACTION_BUTTONS =
  /^(Request to Book|Book Load|Book Now|Make Offer|Verification Required|Requested|Sign In to Book)$/;

async function fresh(
  userType: 'shipper' | 'carrier' | 'air_cargo',
  { verified = true, plan }: { verified?: boolean; plan?: string } = {},
): Promise<{ api: TestClient; email: string; companyName: string }> {
  const api = journey.app.client();
  const companyName = `Roles ${userType} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const user = await api.registerAndLogin({ userType, companyName });
  if (verified) await UserModel.updateOne({ _id: user.id }, { $set: { isVerified: true } });
  if (plan) expect((await api.post('/api/subscriptions/activate', { plan })).status).toBe(200);
  return { api, email: user.email, companyName };
}

async function postLoad(c: TestClient, body: Record<string, unknown>): Promise<FreightListingDto> {
  const res = await c.post('/api/freight', { rate: 1800, distance: 600, ...body });
  expect(res.status, res.text).toBe(201);
  return res.body as FreightListingDto;
}

async function browserFor(email: string | null): Promise<{ page: Page; errors: string[] }> {
  const page = await (await journey.browser.newContext()).newPage();
  const errors = watchPageErrors(page);
  // Signed in without a page load: the board's card, opened next, is the first.
  if (email) await signIn(page, journey.app.url, email, TEST_USER_PASSWORD, null);
  return { page, errors };
}

/** The load's card on the board, opened from its link (the linked card is shown first). */
async function boardCard(page: Page, id: string): Promise<Locator> {
  await page.goto(`${journey.app.url}/freight?load=${id}`);
  const card = page.locator(`[data-testid="freight-card"][data-load-id="${id}"]`).first();
  await card.getByRole('button', { name: 'View Details' }).waitFor();
  return card;
}

const actionNames = async (card: Locator) =>
  (await card.getByRole('button', { name: ACTION_BUTTONS }).allInnerTexts()).map((t) => t.trim());

describe('issue 23: actions by role', () => {
  const stamp = Date.now().toString(36);
  let setup: Promise<{
    shipper: Awaited<ReturnType<typeof fresh>>;
    own: FreightListingDto;
    other: FreightListingDto;
  }>;
  /** A fresh shipper with a road load of its own, and another shipper's road load. */
  const loads = () =>
    (setup ??= (async () => {
      const shipper = await fresh('shipper');
      const own = await postLoad(shipper.api, {
        title: `Own road load ${stamp}`,
        originCity: 'Boise',
        originState: 'ID',
        destinationCity: 'Spokane',
        destinationState: 'WA',
      });
      const other = await postLoad((await fresh('shipper')).api, {
        title: `Other road load ${stamp}`,
        originCity: 'Fresno',
        originState: 'CA',
        destinationCity: 'Reno',
        destinationState: 'NV',
      });
      return { shipper, own, other };
    })());

  it('a shipper sees no booking or offer button on any card, its own included', async () => {
    const { shipper, own, other } = await loads();
    const s = await browserFor(shipper.email);
    expect(await actionNames(await boardCard(s.page, own.id))).toEqual([]);
    expect(await actionNames(await boardCard(s.page, other.id))).toEqual([]);
    await s.page.getByTestId('freight-card').first().waitFor();
    expect(await s.page.getByRole('button', { name: ACTION_BUTTONS }).count()).toBe(0);
    expect(s.errors).toEqual([]);
  });

  it('an unverified carrier sees one disabled button, with the reason beside it', async () => {
    const { other } = await loads();
    const unverified = await fresh('carrier', { verified: false });
    const u = await browserFor(unverified.email);
    const card = await boardCard(u.page, other.id);
    expect(await actionNames(card)).toEqual(['Verification Required']);
    expect(await card.getByRole('button', { name: 'Verification Required' }).isDisabled()).toBe(true);
    await card.getByText('Complete document verification to book freight.').waitFor();
    expect(u.errors).toEqual([]);
  });

  it("a verified carrier sees exactly one booking button (the spec's Request to Book) and Make Offer", async () => {
    const { other } = await loads();
    const carrier = await fresh('carrier');
    const c = await browserFor(carrier.email);
    const card = await boardCard(c.page, other.id);
    expect((await actionNames(card)).sort()).toEqual(['Make Offer', 'Request to Book']);
    await card.getByRole('button', { name: 'Request to Book' }).click();
    await c.page.getByRole('dialog', { name: 'Send Booking Request' }).waitFor();
    expect(c.errors).toEqual([]);
  });

  it("an air cargo operator has nothing on road loads, nothing on its own air shipment, Book Now on another's", async () => {
    const { other } = await loads();
    const air = await fresh('air_cargo', { plan: 'air_cargo_basic' });
    const otherAir = await fresh('air_cargo', { plan: 'air_cargo_basic' });
    await postLoad(air.api, {
      title: `Own air ${stamp}`,
      equipmentType: 'air_cargo',
      originCity: 'Denver',
      originState: 'CO',
      destinationCity: 'Toronto',
      destinationState: 'ON',
      destinationCountry: 'Canada',
    });
    await postLoad(otherAir.api, {
      title: `Their air ${stamp}`,
      equipmentType: 'air_cargo',
      originCity: 'Miami',
      originState: 'FL',
      destinationCity: 'Bogota',
      destinationState: 'DC',
      destinationCountry: 'Colombia',
    });
    const a = await browserFor(air.email);
    expect(await actionNames(await boardCard(a.page, other.id))).toEqual([]);
    await a.page.goto(`${journey.app.url}/air-freight`);
    const ownAirCard = a.page.getByTestId('air-listing').filter({ hasText: air.companyName });
    const theirAirCard = a.page.getByTestId('air-listing').filter({ hasText: otherAir.companyName });
    await theirAirCard.getByRole('button', { name: 'Book Now' }).waitFor();
    expect(await actionNames(theirAirCard)).toEqual(['Book Now']);
    expect(await actionNames(ownAirCard)).toEqual([]);
    expect(a.errors).toEqual([]);
  });

  it('a signed-out visitor keeps the buttons that lead to sign-in', async () => {
    const { other } = await loads();
    const v = await browserFor(null);
    expect((await actionNames(await boardCard(v.page, other.id))).sort()).toEqual([
      'Make Offer',
      'Sign In to Book',
    ]);
    expect(v.errors).toEqual([]);
  });
});
