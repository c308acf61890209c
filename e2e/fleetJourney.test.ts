import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DocumentModel } from '@freight/server/features/documents/model';
import { seedLoad, PNG_BYTES } from '@freight/server/features/tracking/testing';
import { uniqueEmail } from '@test/helpers';
import { goInApp, screenshot, startJourney, type E2EBrowser, watchPageErrors } from './browser';
import { invitationToken, memberOf } from './companies';
import {
  adminApi,
  freshAccount,
  type FreshAccount,
  markNoReload,
  notReloaded,
  rolePage,
  verifiedAccount,
} from './roles';

/**
 * Issue 29, the fleet in Chromium: a carrier owner adds a truck on /fleet and invites a driver from Team; the driver
 * joins and sends the CDL and medical card from their compliance screen; the admin approves them; the dispatcher
 * assigns truck and driver on the tracking page; the shipper sees the unit and the driver's first name live; the
 * driver's phone (390x844) shares from My Trips and the dispatcher's fleet map follows the truck without a reload.
 */
const journey = startJourney();

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const UNIT = 'F-42';

/** A driver's sign-in lands on My Trips, not the dashboard. */
async function driverPage(
  browser: E2EBrowser,
  url: string,
  account: FreshAccount,
  options: BrowserContextOptions,
) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await page.goto(`${url}/?auth=signin`);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/trips$/);
  await page.getByRole('heading', { name: 'My Trips' }).waitFor();
  return { page, errors, context };
}

/** The header keeps one row at 1280 px: neither the navigation nor the header scrolls sideways. */
const headerFits = (page: Page) =>
  page.evaluate(() => {
    const header = document.querySelector('header')!;
    const nav = header.querySelector('nav')!;
    return {
      nav: nav.scrollWidth <= nav.clientWidth,
      header: header.scrollWidth <= header.clientWidth,
      height: header.getBoundingClientRect().height <= 64,
    };
  });
const FITS = { nav: true, header: true, height: true };

const mapTruckLat = (page: Page, lat: number) =>
  page.waitForFunction(
    ([unit, la]) =>
      document.querySelector(`[data-testid="map-truck-${unit}"]`)?.getAttribute('data-lat') === String(la),
    [UNIT, lat] as const,
  );

describe('issue 29: the fleet (Chromium)', () => {
  it('truck added and driver invited in the UI → compliance approved → assigned → shipper sees them → the fleet map moves', async () => {
    const { app, browser } = journey;
    const owner = await verifiedAccount(app, 'carrier', { companyName: 'Granite Freight Lines' });
    const shipper = await freshAccount(app, 'shipper', { companyName: 'Harbor Goods' });
    const { page: ownerPage, errors: ownerErrors } = await rolePage(
      browser,
      app,
      owner,
      { viewport: DESKTOP },
      '/fleet',
    );

    // The owner adds a flatbed on /fleet.
    await ownerPage.getByText('No trucks yet.').waitFor();
    expect(await headerFits(ownerPage)).toEqual(FITS);
    await ownerPage.getByLabel('Unit number').fill(UNIT);
    await ownerPage.getByLabel('Kind').selectOption('flatbed');
    await ownerPage.getByLabel('Length (ft)').fill('48');
    await ownerPage.getByLabel('Plate').first().fill('GRN4242');
    await ownerPage.getByLabel('Plate state').selectOption('IL');
    await ownerPage.getByLabel('VIN').fill('1M8GDM9AXKP042788');
    await ownerPage.getByTestId('truck-add').click();
    const truckCard = ownerPage.getByTestId(`truck-${UNIT}`);
    await truckCard.getByTestId('truck-status').filter({ hasText: 'Available' }).waitFor();
    await screenshot(ownerPage, 'desktop-1-trucks');

    // The owner invites a driver from Team; the driver registers with the invited email and joins by the link.
    await goInApp(ownerPage, '/team');
    const driverEmail = uniqueEmail('driver');
    await ownerPage.getByTestId('invite-email').fill(driverEmail);
    await ownerPage.getByTestId('invite-role').locator('select').selectOption('driver');
    await ownerPage.getByTestId('invite-send').click();
    const linkInput = ownerPage.getByTestId('invitation-link');
    await linkInput.waitFor();
    const link = await linkInput.inputValue();
    const driver = await freshAccount(app, 'carrier', {
      email: driverEmail,
      firstName: 'Rosa',
      companyName: 'Rosa Solo',
    });
    const joined = await driver.api.post(`/api/company/invitations/${invitationToken(link)}/accept`);
    expect(joined.status, joined.text).toBe(200);
    const dispatcher = await memberOf(app, owner, 'carrier', 'dispatcher');

    // The driver sends the CDL and the medical card from their compliance screen.
    const { page: driverDesk, errors: driverDeskErrors } = await driverPage(browser, app.url, driver, {
      viewport: DESKTOP,
    });
    // My Trips is the driver's only menu entry; it links to the compliance screen.
    await driverDesk.getByRole('link', { name: 'Your CDL and medical card' }).click();
    await driverDesk.waitForURL(/\/fleet$/);
    const compliance = driverDesk.getByTestId('driver-compliance');
    await compliance.getByTestId('my-compliance').waitFor();
    await compliance.getByLabel('CDL number').fill('R7654321');
    await compliance.getByLabel('CDL state').selectOption('IL');
    await compliance.getByLabel('CDL class').selectOption('A');
    await compliance.getByLabel('CDL expires on').fill('2030-05-31');
    await compliance
      .getByTestId('cdl-file')
      .setInputFiles({ name: 'cdl.png', mimeType: 'image/png', buffer: PNG_BYTES });
    await compliance.getByRole('button', { name: 'Send CDL' }).click();
    await driverDesk.getByText('CDL sent for review').first().waitFor();
    await compliance.getByLabel('Medical card expires on').fill('2029-12-31');
    await compliance
      .getByTestId('medical-file')
      .setInputFiles({ name: 'medical.png', mimeType: 'image/png', buffer: PNG_BYTES });
    await compliance.getByRole('button', { name: 'Send medical card' }).click();
    await driverDesk.getByText('Medical card sent for review').first().waitFor();
    // Where the trucks are is for those who dispatch them (issue 50): the driver's fleet screen has no map.
    await driverDesk.getByTestId('positions-hidden').waitFor();
    expect(await driverDesk.getByRole('tab', { name: 'Map' }).count()).toBe(0);
    await compliance.getByTestId('my-compliance').filter({ hasText: 'Not assignable yet' }).waitFor();
    await screenshot(driverDesk, 'desktop-2-driver-compliance');

    // The admin approves both.
    const admin = await adminApi(app);
    const docs = await DocumentModel.find({ userId: driver.user.id }).lean();
    expect(docs.length).toBe(2);
    for (const doc of docs) {
      const res = await admin.post(`/api/admin/documents/${String(doc._id)}/review`, { status: 'approved' });
      expect(res.status, res.text).toBe(200);
    }
    // The driver's screen turns without a reload (issue 39).
    await compliance.getByTestId('my-compliance').filter({ hasText: 'You can be assigned' }).waitFor();
    await driverDesk.context().close();

    // The owner's Drivers tab shows her assignable.
    await goInApp(ownerPage, '/fleet');
    await ownerPage.getByRole('tab', { name: 'Drivers' }).click();
    await ownerPage.getByTestId(`driver-${driver.user.id}`).getByText('Assignable').waitFor();
    await screenshot(ownerPage, 'desktop-3-drivers');

    // A load booked to the company; the shipper follows it.
    const loadId = await seedLoad({
      posterId: shipper.user.id,
      carrierId: owner.user.id,
      title: 'E2E fleet load',
    });
    const { page: shipperPage, errors: shipperErrors } = await rolePage(
      browser,
      app,
      shipper,
      { viewport: DESKTOP },
      `/tracking/${loadId}`,
    );
    await shipperPage.locator('[data-testid="tracking-map"]').waitFor();
    await markNoReload(shipperPage);
    expect(await headerFits(shipperPage)).toEqual(FITS);

    // The owner's My Loads row offers the assignment too, and shows it live once made.
    await goInApp(ownerPage, '/my-loads');
    const ownerRow = ownerPage.getByTestId('row-assignment');
    await ownerRow.filter({ hasText: 'No truck and driver yet' }).waitFor();
    await ownerRow.getByTestId('assign-open').waitFor();
    await markNoReload(ownerPage);

    // The dispatcher assigns truck and driver in the dialog on the tracking page.
    const { page: dispatchPage, errors: dispatchErrors } = await rolePage(
      browser,
      app,
      dispatcher,
      { viewport: DESKTOP },
      `/tracking/${loadId}`,
    );
    await dispatchPage.getByTestId('assign-open').click();
    const dialog = dispatchPage.getByRole('dialog');
    await dialog
      .getByRole('option', { name: new RegExp(`Unit ${UNIT} · Flatbed`) })
      .waitFor({ state: 'attached' });
    await dialog.getByRole('option', { name: /Rosa/ }).waitFor({ state: 'attached' });
    await dialog.getByLabel('Truck', { exact: true }).selectOption({
      label: (await dialog.getByRole('option', { name: new RegExp(`Unit ${UNIT}`) }).textContent())!,
    });
    await dialog
      .getByLabel('Driver', { exact: true })
      .selectOption({ label: (await dialog.getByRole('option', { name: /Rosa/ }).textContent())! });
    await screenshot(dispatchPage, 'desktop-4-assign-dialog');
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await dispatchPage
      .getByTestId('assigned-truck')
      .filter({ hasText: `Unit ${UNIT}` })
      .waitFor();

    // The shipper sees the unit and the driver's first name without a reload.
    await shipperPage
      .getByTestId('assigned-truck')
      .filter({ hasText: `Unit ${UNIT}` })
      .waitFor();
    await shipperPage.getByTestId('assigned-driver').filter({ hasText: 'Rosa' }).waitFor();
    expect(await notReloaded(shipperPage)).toBe(true);
    await ownerRow.filter({ hasText: `Unit ${UNIT} · Rosa` }).waitFor();
    await ownerRow.getByRole('button', { name: 'Reassign' }).waitFor();
    expect(await notReloaded(ownerPage)).toBe(true);
    await screenshot(ownerPage, 'desktop-5-my-loads-assigned');

    // The dispatcher opens the fleet map.
    await goInApp(dispatchPage, '/fleet');
    await dispatchPage.getByRole('tab', { name: 'Map' }).click();
    await dispatchPage.getByText('No truck has shared a position yet').waitFor();
    await markNoReload(dispatchPage);

    // The driver's phone opens on My Trips and shares from the trip.
    const {
      page: phonePage,
      errors: phoneErrors,
      context: phone,
    } = await driverPage(browser, app.url, driver, {
      viewport: PHONE,
      permissions: ['geolocation'],
      geolocation: { latitude: 41.85, longitude: -87.65 },
    });
    const trip = phonePage.locator(`[data-testid="trip"][data-trip-id="${loadId}"]`);
    await trip.getByText(`Truck ${UNIT}`).waitFor();
    await screenshot(phonePage, 'phone-5-my-trips');
    await trip.getByRole('link', { name: 'Open trip' }).click();
    await phonePage.locator('[data-testid="location-sharing"][data-status="sharing"]').waitFor();

    // The fleet map shows the truck there, then moving, without a reload.
    await mapTruckLat(dispatchPage, 41.85);
    await phone.setGeolocation({ latitude: 41.5, longitude: -87.9 });
    await mapTruckLat(dispatchPage, 41.5);
    expect(await notReloaded(dispatchPage)).toBe(true);
    await screenshot(dispatchPage, 'desktop-6-fleet-map');
    await dispatchPage.getByTestId(`map-truck-${UNIT}`).filter({ hasText: 'On a load' }).waitFor();
    expect(await dispatchPage.getByTestId(`map-truck-${UNIT}`).textContent()).not.toContain('on a load');
    for (const tab of ['Trucks', 'Drivers']) {
      await dispatchPage.getByRole('tab', { name: tab }).click();
      await screenshot(dispatchPage, `desktop-7-${tab.toLowerCase()}`);
    }
    // The same three tabs on a phone.
    await dispatchPage.setViewportSize(PHONE);
    for (const tab of ['Trucks', 'Drivers', 'Map']) {
      await dispatchPage.getByRole('tab', { name: tab }).click();
      await screenshot(dispatchPage, `phone-8-${tab.toLowerCase()}`);
      const overflow = await dispatchPage.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${tab} overflows at 390 px`).toBeLessThanOrEqual(0);
    }

    expect(ownerErrors).toEqual([]);
    expect(driverDeskErrors).toEqual([]);
    expect(shipperErrors).toEqual([]);
    expect(dispatchErrors).toEqual([]);
    expect(phoneErrors).toEqual([]);
    await phone.close();
  }, 180_000);
});
