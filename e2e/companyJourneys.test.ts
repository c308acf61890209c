import { describe, expect, it } from 'vitest';
import { TEST_USER_PASSWORD, uniqueEmail } from '@test/helpers';
import { goInApp, screenshot, startJourney, watchPageErrors } from './browser';
import { memberOf } from './companies';
import { markNoReload, notReloaded, postLoadApi, rolePage, verifiedAccount } from './roles';

/**
 * Issue 28, the company journeys in Chromium, fresh accounts, one browser context per person, each seeing the
 * other's change without a reload:
 *  (a) a broker owner invites a dispatcher from the Team page; the dispatcher joins from the link with a name and a
 *      password and posts a load at once; the owner's Broker Hub shows the load live.
 *  (b) a carrier's dispatcher requests to book a load posted by shipper member A; shipper member B (joined by
 *      invitation) approves it from the dashboard; the carrier's owner sees it booked live on My Loads.
 */
const journey = startJourney();

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

describe('issue 28: company journeys (Chromium)', () => {
  for (const vp of VIEWPORTS) {
    const viewport = { width: vp.width, height: vp.height };

    it(`${vp.name}: broker owner invites; the dispatcher joins from the link and posts; the owner sees the load live`, async () => {
      const { app, browser } = journey;
      const company = `Pioneer Brokerage ${vp.name}`;
      const ownerAccount = await verifiedAccount(app, 'broker', { companyName: company });
      const owner = await rolePage(browser, app, ownerAccount, { viewport });

      // The owner reaches the Team page: on a phone from the drawer's Team link.
      if (vp.name === 'phone') {
        await owner.page.getByRole('button', { name: 'Open navigation' }).click();
        await owner.page.getByTestId('nav-team').click();
        await owner.page.waitForURL(/\/team$/);
      } else await goInApp(owner.page, '/team');
      const dispatcherEmail = uniqueEmail('dispatcher');
      await owner.page.getByTestId('invite-email').fill(dispatcherEmail);
      await owner.page.getByTestId('invite-role').locator('select').selectOption('dispatcher');
      await owner.page.getByTestId('invite-send').click();
      const linkInput = owner.page.getByTestId('invitation-link');
      await linkInput.waitFor();
      const link = await linkInput.inputValue();

      // The owner keeps the Broker Hub's load list open (client-side navigation: no reload).
      await goInApp(owner.page, '/broker');
      await owner.page.getByRole('heading', { name: 'Broker Hub' }).waitFor();
      await markNoReload(owner.page);

      // The dispatcher joins from the link with a name and a password only (issue 39), signed in at once.
      const dPage = await (await browser.newContext({ viewport })).newPage();
      const dErrors = watchPageErrors(dPage);
      await dPage.goto(link);
      await dPage
        .getByTestId('join-heading')
        .filter({ hasText: `Join ${company}` })
        .waitFor();
      const join = dPage.getByTestId('join-form');
      await join.getByLabel('First Name').fill('Dana');
      await join.getByLabel('Last Name').fill('Ruiz');
      await join.getByLabel('Password', { exact: true }).fill(TEST_USER_PASSWORD);
      await join.getByLabel('Confirm Password').fill(TEST_USER_PASSWORD);
      await join.getByRole('button', { name: 'Create account and join' }).click();
      await dPage.waitForURL(/\/team$/);
      await dPage.getByTestId('team-your-role').filter({ hasText: 'Dispatcher' }).waitFor();

      // The dispatcher posts at once (the invitation proved the email), from the Broker Hub (a broker posts there;
      // the board's Post Freight is a shipper's).
      await goInApp(dPage, '/broker');
      await dPage.getByRole('heading', { name: 'Broker Hub' }).waitFor();
      await dPage.getByRole('button', { name: 'Post New Load' }).click();
      const title = `Copper coil ${vp.name}`;
      const form = dPage.getByRole('dialog', { name: 'Post New Load' });
      await form.getByLabel('Load Title').fill(title);
      await form.getByLabel('Origin City').fill('Omaha');
      await form.getByLabel('Origin State').selectOption('NE');
      await form.getByLabel('Destination City').fill('Denver');
      await form.getByLabel('Destination State').selectOption('CO');
      await form.getByLabel('Rate ($)').fill('1900');
      await form.getByRole('button', { name: 'Post Load' }).click();
      await form.waitFor({ state: 'hidden' });
      await dPage.getByTestId('broker-load').filter({ hasText: 'Omaha, NE → Denver, CO' }).waitFor();
      await screenshot(dPage, `${vp.name}-a1-dispatcher-posted`);

      // The owner's open Broker Hub lists the company's new load, live.
      const row = owner.page.getByTestId('broker-load').filter({ hasText: 'Omaha, NE → Denver, CO' });
      await row.waitFor({ timeout: 15_000 });
      expect(await notReloaded(owner.page)).toBe(true);
      await screenshot(owner.page, `${vp.name}-a2-owner-sees-load`);

      expect(owner.errors).toEqual([]);
      expect(dErrors).toEqual([]);
    }, 240_000);

    it(`${vp.name}: a carrier's dispatcher requests; the shipper's second member approves; the carrier's owner sees it live`, async () => {
      const { app, browser } = journey;
      const [shipperA, carrierOwnerAccount] = await Promise.all([
        verifiedAccount(app, 'shipper', { companyName: `Prairie Mills ${vp.name}` }),
        verifiedAccount(app, 'carrier', { companyName: `Redline Haulers ${vp.name}` }),
      ]);
      const [shipperB, carrierDispatcher] = await Promise.all([
        memberOf(app, shipperA, 'shipper'),
        memberOf(app, carrierOwnerAccount, 'carrier'),
      ]);
      const title = `Flour pallets ${vp.name}`;
      const route = 'Wichita, KS → Tulsa, OK';
      await postLoadApi(shipperA, {
        title,
        originCity: 'Wichita',
        originState: 'KS',
        destinationCity: 'Tulsa',
        destinationState: 'OK',
        rate: 1150,
      });

      // The carrier's owner keeps My Loads open.
      const carrierOwner = await rolePage(browser, app, carrierOwnerAccount, { viewport }, '/my-loads');
      await carrierOwner.page.getByRole('heading', { name: 'My Loads' }).waitFor();
      await markNoReload(carrierOwner.page);

      // Shipper member B keeps the dashboard open.
      const shipper = await rolePage(browser, app, shipperB, { viewport });
      await shipper.page.getByRole('heading', { name: 'Carrier Booking Requests' }).waitFor();
      await markNoReload(shipper.page);

      // The carrier's dispatcher requests from the board.
      const dispatcher = await rolePage(browser, app, carrierDispatcher, { viewport }, '/freight');
      const card = dispatcher.page.getByRole('article', { name: `Load ${route}` });
      await card.getByRole('button', { name: 'Request to Book' }).click();
      const dialog = dispatcher.page.getByRole('dialog', { name: 'Send Booking Request' });
      await dialog.getByLabel('Message to Shipper (Optional)').fill('Reefer free in Wichita');
      await dialog.getByRole('button', { name: 'Send Booking Request' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await markNoReload(dispatcher.page);

      // Member B sees the request live, with the carrier's company, and approves it.
      const request = shipper.page.getByTestId('booking-request').filter({ hasText: title });
      await request.getByText('Reefer free in Wichita').waitFor({ timeout: 15_000 });
      await request.getByText(`Company: Redline Haulers ${vp.name}`).waitFor();
      await screenshot(shipper.page, `${vp.name}-b1-member-b-request`);
      await request.getByRole('button', { name: 'Accept Carrier' }).click();
      await request.waitFor({ state: 'detached' });

      // The carrier's owner sees the booking in My Loads, live; the dispatcher's card turns Booked.
      const booked = carrierOwner.page.getByRole('region', { name: 'Booked' });
      await booked.getByTestId('workspace-row').filter({ hasText: 'Wichita' }).waitFor({ timeout: 15_000 });
      await card.getByTestId('freight-status').filter({ hasText: 'Booked' }).waitFor();
      await screenshot(carrierOwner.page, `${vp.name}-b2-carrier-owner-sees-booking`);
      await screenshot(dispatcher.page, `${vp.name}-b3-dispatcher-booked`);

      expect(await notReloaded(carrierOwner.page)).toBe(true);
      expect(await notReloaded(shipper.page)).toBe(true);
      expect(await notReloaded(dispatcher.page)).toBe(true);
      expect(carrierOwner.errors).toEqual([]);
      expect(shipper.errors).toEqual([]);
      expect(dispatcher.errors).toEqual([]);
    }, 240_000);
  }
});
