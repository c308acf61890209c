import { seedLoad } from '@freight/server/features/tracking/testing';
import { assignForTest } from '@freight/server/features/trips/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startJourney, watchPageErrors } from './browser';
import { memberOf } from './companies';
import { freshAccount, markNoReload, notReloaded, rolePage, type FreshAccount } from './roles';

/**
 * Issue 29, the driver's phone in Chromium: a carrier's driver signs in and lands on My Trips, the trip assigned to
 * them appears live, they open it, share their position and report Loaded while the shipper watches; the phone
 * loses its signal, moves, gets it back, and the shipper's trail fills in the missed points in order, without a
 * reload. Then My Trips once at 1280x900.
 */
const journey = startJourney();

async function driverSignIn(page: Page, url: string, account: FreshAccount) {
  await page.goto(`${url}/?auth=signin`);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/trips$/);
  await page.getByRole('heading', { name: 'My Trips' }).waitFor();
}

const trailOf = (page: Page) =>
  page.evaluate(
    () => document.querySelector('[data-testid="tracking-map"]')?.getAttribute('data-trail') ?? '',
  );

const markerAtLat = (page: Page, lat: number) =>
  page.waitForFunction(
    (la) => document.querySelector('[data-testid="tracking-map"]')?.getAttribute('data-lat') === String(la),
    lat,
  );

let owner: FreshAccount;
let driver: FreshAccount;
let loadId: string;

describe('issue 29: the driver’s phone (Chromium)', () => {
  it('390x844: My Trips, live assignment, sharing, Loaded, and positions kept offline fill the shipper’s trail in order', async () => {
    const { app, browser } = journey;
    owner = await freshAccount(app, 'carrier', { companyName: 'Prairie Haulers' });
    driver = await memberOf(app, owner, 'carrier', 'driver');
    const shipper = await freshAccount(app, 'shipper', { companyName: 'Lakeside Goods' });
    loadId = await seedLoad({
      posterId: shipper.user.id,
      carrierId: owner.user.id,
      title: 'E2E driver trip',
    });

    // The shipper follows the load on its tracking page.
    const { page: shipperPage, errors: shipperErrors } = await rolePage(browser, app, shipper);
    await shipperPage.goto(`${app.url}/tracking/${loadId}`);
    await shipperPage.locator('[data-testid="tracking-map"]').waitFor();
    await markNoReload(shipperPage);

    // The driver's phone, at the pickup: signing in opens My Trips, empty until the dispatcher assigns the load.
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'allow',
      permissions: ['geolocation'],
      geolocation: { latitude: 41.85, longitude: -87.65 },
    });
    await phone.grantPermissions(['geolocation'], { origin: app.url });
    const phonePage = await phone.newPage();
    const phoneErrors = watchPageErrors(phonePage);
    await driverSignIn(phonePage, app.url, driver);
    await phonePage.getByTestId('no-trips').waitFor();
    await markNoReload(phonePage);
    await assignForTest({ loadId, driverId: driver.user.id, byId: owner.user.id, truckUnit: 'U-17' });
    const trip = phonePage.locator(`[data-testid="trip"][data-trip-id="${loadId}"]`);
    await trip.waitFor();
    expect(await notReloaded(phonePage)).toBe(true);
    await trip.getByTestId('trip-next-stop').filter({ hasText: 'Chicago, IL' }).waitFor();
    const navigate = trip.getByRole('link', { name: 'Navigate to pickup' });
    expect(await navigate.getAttribute('href')).toMatch(
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/,
    );
    await trip.getByText('Truck U-17').waitFor();

    // Open the trip: sharing starts by itself and the shipper sees the position live.
    await trip.getByRole('link', { name: 'Open trip' }).click();
    await phonePage.waitForURL(new RegExp(`/tracking/${loadId}$`));
    await phonePage.locator('[data-testid="location-sharing"][data-status="sharing"]').waitFor();
    await markerAtLat(shipperPage, 41.85);
    await phonePage.getByRole('button', { name: 'Report: Arrived at pickup' }).click();
    await shipperPage.getByTestId('tracking-stops').getByText('Arrived at pickup').waitFor();
    await phonePage.getByRole('button', { name: 'Report: Loaded' }).click();
    await shipperPage.waitForFunction(
      () => document.querySelector('[data-testid="tracking-status"]')?.textContent === 'In Transit',
    );

    // No signal: three positions down the road are kept on the phone; the shipper sees none of them.
    await phone.setOffline(true);
    const offlineStops = [
      { latitude: 41.5, longitude: -87.9 },
      { latitude: 41.1, longitude: -88.3 },
      { latitude: 40.7, longitude: -88.8 },
    ];
    for (const [i, spot] of offlineStops.entries()) {
      await phone.setGeolocation(spot);
      await phonePage
        .getByTestId('positions-kept')
        .filter({ hasText: `${i + 1} position` })
        .waitFor();
    }
    expect(await trailOf(shipperPage)).toBe('41.85,-87.65');

    // The signal returns: the kept positions reach the shipper's trail in the order they were taken.
    await phone.setOffline(false);
    const expected = ['41.85,-87.65', ...offlineStops.map((s) => `${s.latitude},${s.longitude}`)].join(' ');
    await shipperPage.waitForFunction(
      (want) => document.querySelector('[data-testid="tracking-map"]')?.getAttribute('data-trail') === want,
      expected,
    );
    await markerAtLat(shipperPage, 40.7);
    await phonePage.getByTestId('positions-kept').waitFor({ state: 'detached' });
    expect(await notReloaded(shipperPage)).toBe(true);
    expect(shipperErrors).toEqual([]);
    expect(phoneErrors).toEqual([]);
    await phone.close();
    await shipperPage.context().close();
  }, 180_000);

  it('1280x900: My Trips lists the trip with its next stop, and the navigation offers My Trips only', async () => {
    const { app, browser } = journey;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await driverSignIn(page, app.url, driver);
    const trip = page.locator(`[data-testid="trip"][data-trip-id="${loadId}"]`);
    await trip.getByTestId('trip-next-stop').filter({ hasText: 'Dallas, TX' }).waitFor();
    await trip.getByRole('link', { name: 'Navigate to delivery' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link').allTextContents()).resolves.toEqual(['My Trips']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
