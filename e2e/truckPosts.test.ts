// Issue 29, item 6, in Chromium: a carrier posts a truck in Wells, NV from My Truck Posts; a broker's open Trucks
// board shows it live, and a search 100 miles around Elko, NV finds it; the broker posts a matching load and both
// are alerted; the broker's alert opens the offer of that load to the truck's carrier, who accepts it, which books
// the load. Each person in their own browser context, at 1280x900 and 390x844.
import { UserModel } from '@freight/server/features/users/model';
import type { FreightListingDto } from '@freight/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEST_USER_PASSWORD, uniqueEmail } from '@test/helpers';
import { goInApp, signIn, startJourney, watchPageErrors } from './browser';

const journey = startJourney();

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function freshUser(userType: 'carrier' | 'broker', companyName: string) {
  const client = journey.app.client();
  const email = uniqueEmail(userType);
  const user = await client.registerAndLogin({ userType, email, companyName });
  await UserModel.updateOne({ _id: user.id }, { $set: { isVerified: true } });
  return { client, email, id: user.id };
}

async function openAs(email: string, viewport: { width: number; height: number }, opens = '/') {
  const page = await (await journey.browser.newContext({ viewport })).newPage();
  const errors = watchPageErrors(page);
  await signIn(page, journey.app.url, email, TEST_USER_PASSWORD, opens);
  return { page, errors };
}

const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 1));
const notReloaded = async (page: Page) =>
  expect(await page.evaluate(() => (window as unknown as { __mark?: number }).__mark)).toBe(1);

/**
 * Opens the alert about `about` once all `expected` alerts with this title are in the list (one arriving live is put
 * at the top and moves the others down) and the list has finished animating in. A click during the animation failed
 * Playwright's checks on a loaded machine; its retry scrolled the phone's page to the row, the popover followed its
 * bell off screen, and the release landed on the popover's header: the row had focus and no click (seen with the
 * page's pointer events logged).
 */
async function openAlert(page: Page, title: string, about: string, expected: number) {
  await page.getByTestId('notification-bell').click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  await popover.waitFor();
  await popover.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  const alerts = page.getByTestId('notification-item').filter({ hasText: title });
  await expect.poll(() => alerts.count()).toBe(expected);
  await alerts.filter({ hasText: about }).click();
}

describe('issue 29: posted trucks (Chromium)', () => {
  for (const [round, vp] of VIEWPORTS.entries()) {
    it(`${vp.name}: post in Wells, NV → live on the board → found near Elko, NV → match alerts → offer → booked`, async () => {
      const viewport = { width: vp.width, height: vp.height };
      const tag = `${vp.name}-${Date.now().toString(36)}`;
      const carrier = await freshUser('carrier', `Basin Haulers ${tag}`);
      const broker = await freshUser('broker', `Ruby Brokerage ${tag}`);
      const c = await openAs(carrier.email, viewport, '/trucks');
      // The broker's Trucks board is open (every truck) before the carrier posts.
      const b = await openAs(broker.email, viewport, '/trucks');
      await b.page.getByRole('heading', { level: 1, name: 'Trucks' }).waitFor();
      await b.page
        .getByTestId('truck-total')
        .filter({ hasText: /\d+ trucks?/ })
        .waitFor();
      await mark(b.page);

      // The carrier posts a truck from My Truck Posts.
      await c.page.getByTestId('truck-posts-empty').waitFor();
      await c.page.getByRole('button', { name: 'Post a Truck' }).click();
      const form = c.page.getByRole('dialog', { name: 'Post a Truck' });
      await form.getByLabel('Empty at (city or ZIP)').fill('Wells, NV');
      await form.getByLabel('Wanted states').fill('UT, ID');
      await form.getByLabel('Rate asked ($/mile)').fill('2.75');
      await form.getByRole('button', { name: 'Post Truck' }).click();
      await c.page.getByText('Truck posted').first().waitFor();
      const mine = c.page.getByTestId('truck-post').filter({ hasText: 'Wells, NV' });
      await mine.waitFor();
      const postId = await mine.getAttribute('data-post-id');
      expect(postId).toMatch(/^[a-f0-9]{24}$/);

      // Live on the broker's open board, without a reload.
      const onBoard = b.page.locator(`[data-testid="truck-post"][data-post-id="${postId}"]`);
      await onBoard.waitFor();
      await notReloaded(b.page);

      // Found 100 miles around Elko, NV.
      await b.page.getByLabel('Near (city or ZIP)').fill('Elko, NV');
      await b.page.getByRole('button', { name: 'Search Trucks' }).click();
      await onBoard.filter({ hasText: 'mi away' }).waitFor();

      // A matching load: Elko, NV → Salt Lake City, UT today, dry van. Both sides are alerted.
      const today = new Date().toISOString().slice(0, 10);
      const posted = await broker.client.post('/api/freight', {
        title: `Elko to Salt Lake ${tag}`,
        originCity: 'Elko',
        originState: 'NV',
        destinationCity: 'Salt Lake City',
        destinationState: 'UT',
        equipmentType: 'dry_van',
        pickupDate: today,
        rate: 1400,
      });
      expect(posted.status, posted.text).toBe(201);
      const load = posted.body as FreightListingDto;
      await c.page.getByTestId('notification-bell').click();
      await c.page
        .getByTestId('notification-item')
        .filter({ hasText: 'A load matches your posted truck' })
        .waitFor();
      await c.page.keyboard.press('Escape');

      // The broker's alert opens the offer of that load to the truck's carrier.
      // (The other viewport's truck, still posted in Wells, matches this load too: its alert names another carrier.)
      // One alert for each viewport's truck posted so far (each run's broker is fresh, each truck stays posted).
      await openAlert(b.page, 'A posted truck matches your load', `Basin Haulers ${tag}`, round + 1);
      await b.page.waitForURL(/\/trucks\?offer=/);
      const offer = b.page.getByRole('dialog', { name: 'Offer a load to this truck' });
      await offer.getByText(`Basin Haulers ${tag}`).waitFor();
      await expect.poll(() => offer.getByRole('combobox').inputValue()).toBe(load.id);
      await expect.poll(() => offer.getByLabel('Rate offered ($, whole load)').inputValue()).toBe('1400');
      await offer.getByLabel('Rate offered ($, whole load)').fill('1500');
      await offer.getByRole('button', { name: 'Offer Load' }).click();
      await b.page.getByText('Load offered').first().waitFor();

      // The carrier accepts it as any counter offer: the load is booked to them.
      await goInApp(c.page, '/freight');
      // Labelled as the poster's offer to the truck, not as a counter to an offer the carrier never made.
      const mineOffer = c.page
        .getByTestId('my-offer')
        .filter({ hasText: 'Offered to your posted truck at $1,500.00' });
      await mineOffer.waitFor();
      await mineOffer.getByRole('button', { name: 'Accept Load' }).click();
      await c.page.getByText('Counter offer accepted successfully').first().waitFor();
      const after = await broker.client.get(`/api/freight/${load.id}`);
      expect(after.body).toMatchObject({ status: 'booked', carrierId: carrier.id, rate: 1500 });

      expect(c.errors).toEqual([]);
      expect(b.errors).toEqual([]);
      await c.page.context().close();
      await b.page.context().close();
    }, 240_000);
  }
});
