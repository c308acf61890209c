// Issue 23, item 1: offers on a poster's own loads, answered by shippers as by brokers. Each role in its own browser
// context with a fresh account, each seeing the other's change without a reload.
import { UserModel } from '@freight/server/features/users/model';
import type { FreightListingDto } from '@freight/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEST_USER_PASSWORD, uniqueEmail, type TestClient } from '@test/helpers';
import { signIn, startJourney, watchPageErrors } from './browser';

const journey = startJourney();

/** A fresh account of `userType`, registered through the API and verified the way the test apps do it. */
async function freshUser(userType: 'carrier' | 'shipper' | 'broker', companyName: string) {
  const client = journey.app.client();
  const email = uniqueEmail(userType);
  const user = await client.registerAndLogin({ userType, email, companyName });
  await UserModel.updateOne({ _id: user.id }, { $set: { isVerified: true } });
  return { client, email, id: user.id };
}

async function openAs(email: string): Promise<{ page: Page; errors: string[] }> {
  const page = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const errors = watchPageErrors(page);
  await signIn(page, journey.app.url, email, TEST_USER_PASSWORD);
  return { page, errors };
}

async function postLoad(c: TestClient, title: string): Promise<FreightListingDto> {
  const res = await c.post('/api/freight', {
    title,
    originCity: 'Omaha',
    originState: 'NE',
    destinationCity: 'Denver',
    destinationState: 'CO',
    rate: 2000,
  });
  expect(res.status, res.text).toBe(201);
  return res.body as FreightListingDto;
}

/** `SCREENSHOT_DIR=<folder>`: the screen at 1280×900 and 390×844, full page, for a person to look at. */
async function shoot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Marks the page so a reload would show (the marker is gone after one). */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 1));
const notReloaded = async (page: Page) =>
  expect(await page.evaluate(() => (window as unknown as { __mark?: number }).__mark)).toBe(1);

/** The carrier makes an offer from the board's card of `title`. */
async function offerFromBoard(page: Page, title: string, rate: string) {
  await page.goto(`${journey.app.url}/freight`);
  const card = page.getByTestId('freight-card').filter({ hasText: title });
  await card.getByRole('button', { name: 'Make Offer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make Rate Offer' });
  await dialog.getByLabel('Proposed Rate ($)').fill(rate);
  await dialog.getByRole('button', { name: 'Submit Offer' }).click();
  await page.getByText('Rate offer submitted successfully!').first().waitFor();
}

/** The carrier accepts the counter on its board's My Rate Offers panel, live. */
async function acceptCounter(page: Page, counter: string) {
  const mine = page.getByTestId('my-offer').filter({ hasText: `Counter ${counter}` });
  await mine.waitFor();
  await mine.getByRole('button', { name: 'Accept Counter' }).click();
  await page.getByText('Counter offer accepted successfully').first().waitFor();
}

/** The poster counters the offer shown on the load page. */
async function counterOnLoadPage(page: Page, rate: string) {
  const offer = page.getByTestId('load-offer').filter({ hasText: '$1,800.00' });
  await offer.waitFor();
  await offer.getByRole('button', { name: 'Counter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Counter Offer' });
  await dialog.getByLabel('Counter Rate ($)').fill(rate);
  await dialog.getByRole('button', { name: 'Send Counter' }).click();
  await offer.getByText('Counter offer', { exact: true }).waitFor();
}

describe('Offer, counter, accept on a poster’s own load (issue 23)', () => {
  it('a shipper answers a carrier’s offer: dashboard card, notification to the load page, counter, accepted live', async () => {
    const shipper = await freshUser('shipper', 'Prairie Goods Co');
    const carrier = await freshUser('carrier', 'Plains Haulers LLC');
    const title = `Shipper load ${Date.now().toString(36)}`;
    const load = await postLoad(shipper.client, title);

    const s = await openAs(shipper.email);
    const c = await openAs(carrier.email);
    await mark(s.page);

    await offerFromBoard(c.page, title, '1800');
    await mark(c.page);

    // The shipper's dashboard lists the offer live, with the answers.
    const card = s.page.getByRole('region', { name: 'Offers on your loads' });
    const row = card.getByTestId('load-offer').filter({ hasText: '$1,800.00' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Accept' }).waitFor();
    await row.getByRole('button', { name: 'Reject' }).waitFor();
    await notReloaded(s.page);
    await card.scrollIntoViewIfNeeded();
    await shoot(s.page, 'dashboard-offers-card');

    // The notification leads to the load's own page (not the Broker Hub).
    await s.page.getByTestId('notification-bell').click();
    await s.page.getByText('New rate offer').first().click();
    await s.page.waitForURL(`${journey.app.url}/loads/${load.id}`);
    await s.page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await s.page.getByText('Access Restricted').count()).toBe(0);
    await mark(s.page);
    await s.page.getByTestId('load-offer').first().waitFor();
    await shoot(s.page, 'load-page-offer');

    await counterOnLoadPage(s.page, '1900');
    await acceptCounter(c.page, '$1,900.00');
    await notReloaded(c.page);

    // The shipper sees the acceptance and the booking without a reload.
    const offer = s.page.getByTestId('load-offer').filter({ hasText: '$1,800.00' });
    await offer.getByText('Accepted', { exact: true }).waitFor();
    await s.page.getByTestId('load-status').getByText('Booked').waitFor();
    await notReloaded(s.page);
    expect(s.errors).toEqual([]);
    expect(c.errors).toEqual([]);
  });

  it('a broker answers from the load page opened from the Broker Hub’s My Loads, live for both', async () => {
    const broker = await freshUser('broker', 'Summit Brokerage');
    const carrier = await freshUser('carrier', 'Foothill Freight');
    const title = `Broker load ${Date.now().toString(36)}`;
    const load = await postLoad(broker.client, title);

    const b = await openAs(broker.email);
    const c = await openAs(carrier.email);
    await b.page.goto(`${journey.app.url}/broker`);
    await b.page
      .getByTestId('broker-load')
      .filter({ hasText: 'Omaha, NE' })
      .getByRole('link', { name: 'View Details' })
      .click();
    await b.page.waitForURL(`${journey.app.url}/loads/${load.id}`);
    await b.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await mark(b.page);

    await offerFromBoard(c.page, title, '1800');
    await mark(c.page);
    await counterOnLoadPage(b.page, '1950');
    await acceptCounter(c.page, '$1,950.00');

    const offer = b.page.getByTestId('load-offer').filter({ hasText: '$1,800.00' });
    await offer.getByText('Accepted', { exact: true }).waitFor();
    await b.page.getByTestId('load-status').getByText('Booked').waitFor();
    await notReloaded(b.page);
    await notReloaded(c.page);
    expect(b.errors).toEqual([]);
    expect(c.errors).toEqual([]);
  });
});
