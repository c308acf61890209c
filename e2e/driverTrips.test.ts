import { seedLoad } from '@freight/server/features/tracking/testing';
import { assignForTest } from '@freight/server/features/trips/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { FreightListingDto, TrackingFreightDto } from '@freight/shared';
import { LAPTOP, PHONE, screenshot, startJourney, watchPageErrors } from './browser';
import { memberOf } from './companies';
import {
  bookLoadApi,
  flaggedVerifiedAccount,
  freshAccount,
  markNoReload,
  notReloaded,
  rolePage,
  type FreshAccount,
} from './roles';

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
    const { page: shipperPage, errors: shipperErrors } = await rolePage(
      browser,
      app,
      shipper,
      {},
      `/tracking/${loadId}`,
    );
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

  it('issue 39: a shipper posts a stop with a facility, address, appointment and references; the board shows cities only; the driver’s phone shows it all', async () => {
    const { app, browser } = journey;
    const shipper = await flaggedVerifiedAccount(app, 'shipper', { companyName: 'Sierra Foods' });
    const haulier = await flaggedVerifiedAccount(app, 'carrier', { companyName: 'High Desert Freight' });
    const hisDriver = await memberOf(app, haulier, 'carrier', 'driver');
    const pickupDay = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
    const deliveryDay = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const title = 'E2E dock load';

    // The shipper posts from the board, the pickup's details in their collapsible section.
    const { page: shipperPage, errors: shipperErrors } = await rolePage(
      browser,
      app,
      shipper,
      { viewport: LAPTOP },
      '/freight',
    );
    await shipperPage.getByRole('button', { name: 'Post Freight' }).click();
    const form = shipperPage.getByRole('dialog', { name: 'Post New Load' });
    await form.getByLabel('Load Title').fill(title);
    await form.getByLabel('Origin City').fill('Reno');
    await form.getByLabel('Origin State').selectOption('NV');
    await form.getByLabel('Origin ZIP').fill('89502');
    await form.getByLabel('Destination City').fill('Sacramento');
    await form.getByLabel('Destination State').selectOption('CA');
    await form.getByLabel('Rate ($)').fill('1800');
    await form.getByLabel('Pickup Date').fill(pickupDay);
    await form.getByLabel('Delivery Date').fill(deliveryDay);
    await form.getByTestId('pickupStop-toggle').click();
    const pickup = form.getByTestId('pickupStop-details');
    await pickup.getByLabel('Pickup facility name').fill('Sierra Cold Storage');
    await pickup.getByLabel('Pickup street address').fill('1200 Commerce Way');
    await pickup.getByLabel('Pickup appointment').selectOption('window');
    await pickup.getByLabel('Window opens').fill('08:00');
    await pickup.getByLabel('Window closes').fill('10:00');
    await pickup.getByLabel('Pickup dock / door notes').fill('Door 14, check in at the guard shack');
    await pickup.getByLabel('Pickup PU number').fill('PU-4471');
    await pickup.getByLabel('Pickup PO number').fill('PO-88121');
    await pickup.getByLabel('Pickup contact name').fill('Maria Lopez');
    await pickup.getByLabel('Pickup contact phone').fill('(775) 555-0142');
    // A second pickup on the way, between the first pickup and the delivery (numbered as the driver sees it).
    await form.getByRole('button', { name: 'Add a stop between pickup and delivery' }).click();
    const between = form.getByTestId('extra-stop-2');
    await between.getByLabel('Stop 2 type').selectOption('pickup');
    await between.getByLabel('Stop 2 city').fill('Sparks');
    await between.getByLabel('Stop 2 state').selectOption('NV');
    await between.getByLabel('Stop 2 date').fill(pickupDay);
    await between.getByTestId('extraStops.0-toggle').click();
    await between.getByLabel('Stop 2 facility name').fill('Sparks Cross-Dock');
    await between.getByLabel('Stop 2 street address').fill('455 Glendale Ave');
    await screenshot(shipperPage, 'stops-post-load-form', [LAPTOP, PHONE]);
    await form.getByRole('button', { name: 'Post Load' }).click();
    await form.waitFor({ state: 'hidden' });
    const mine = (await shipper.api.get('/api/freight/my-listings')).body as { items: FreightListingDto[] };
    const load = mine.items.find((l) => l.title === title)!;
    expect(load.pickupStop).toMatchObject({ address: '1200 Commerce Way', pickupNumber: 'PU-4471' });
    expect(load.extraStops).toMatchObject([
      {
        kind: 'pickup',
        city: 'Sparks',
        state: 'NV',
        facilityName: 'Sparks Cross-Dock',
        address: '455 Glendale Ave',
      },
    ]);

    // Another carrier on the board: the load, with its cities only.
    const { page: boardPage, errors: boardErrors } = await rolePage(
      browser,
      app,
      haulier,
      { viewport: LAPTOP },
      '/freight',
    );
    const card = boardPage.getByTestId('freight-card').filter({ hasText: title });
    await card.filter({ hasText: 'Reno, NV' }).waitFor();
    expect(await card.getByTestId('extra-stop-count').textContent()).toBe('1 stop in between');
    const boardText = await boardPage.locator('body').innerText();
    for (const detail of [
      '1200 Commerce Way',
      'Sierra Cold Storage',
      'PU-4471',
      'Maria Lopez',
      'Sparks Cross-Dock',
      '455 Glendale Ave',
    ]) {
      expect(boardText).not.toContain(detail);
    }
    await screenshot(boardPage, 'stops-board-cities-only');

    // Booked and assigned: the driver's phone shows the address (a maps link), the appointment and the references.
    await bookLoadApi(shipper, haulier, load.id);
    await assignForTest({ loadId: load.id, driverId: hisDriver.user.id, byId: haulier.user.id });
    const phone = await browser.newContext({ viewport: PHONE });
    const phonePage = await phone.newPage();
    const phoneErrors = watchPageErrors(phonePage);
    await driverSignIn(phonePage, app.url, hisDriver);
    const trip = phonePage.locator(`[data-testid="trip"][data-trip-id="${load.id}"]`);
    const stop = trip.getByTestId('trip-next-stop');
    await stop.filter({ hasText: 'Sierra Cold Storage' }).waitFor();
    const address = stop.getByTestId('stop-address');
    expect(await address.textContent()).toBe('1200 Commerce Way, Reno, NV 89502');
    expect(await address.getAttribute('href')).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('1200 Commerce Way, Reno, NV 89502')}`,
    );
    expect(await stop.getByTestId('stop-appointment').textContent()).toContain('Window 08:00–10:00');
    expect(await stop.getByTestId('stop-references').textContent()).toBe('PU# PU-4471 · PO# PO-88121');
    expect(await stop.getByTestId('stop-contact').getAttribute('href')).toBe('tel:7755550142');
    await stop.getByText('Door 14, check in at the guard shack').waitFor();
    await screenshot(phonePage, 'stops-driver-phone-next-stop');

    // The booked carrier's tracking page shows both stops (the same component as the phone's).
    await boardPage.goto(`${app.url}/tracking/${load.id}`);
    const tracked = boardPage.getByTestId('tracking-stop').filter({ hasText: 'Sierra Cold Storage' });
    await tracked.waitFor();
    expect(await tracked.getByTestId('stop-address').getAttribute('href')).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('1200 Commerce Way, Reno, NV 89502')}`,
    );
    expect(await tracked.getByTestId('stop-contact').getAttribute('href')).toBe('tel:7755550142');
    await boardPage.getByTestId('tracking-stop').filter({ hasText: 'Sacramento, CA' }).waitFor();
    await boardPage
      .getByTestId('tracking-stop')
      .filter({ hasText: 'Stop 2 · Pickup' })
      .filter({ hasText: 'Sparks Cross-Dock' })
      .waitFor();
    await screenshot(boardPage, 'stops-tracking-page');

    // The carrier pins the pickup's dock where its device is (asked first); the page shows it pinned, live.
    await boardPage.context().grantPermissions(['geolocation'], { origin: app.url });
    await boardPage.context().setGeolocation({ latitude: 39.5031, longitude: -119.7812 });
    await tracked.getByTestId('pin-dock').click();
    await boardPage.getByRole('button', { name: 'Pin the dock' }).click();
    await tracked.getByTestId('stop-point').filter({ hasText: 'Dock pinned on the map' }).waitFor();
    // And the stop in between's, by its number.
    const secondPickup = boardPage
      .getByTestId('tracking-stop')
      .filter({ hasText: 'Stop 2 · Pickup' })
      .filter({ hasText: 'Sparks Cross-Dock' });
    await boardPage.context().setGeolocation({ latitude: 39.5352, longitude: -119.7471 });
    await secondPickup.getByTestId('pin-dock').click();
    await boardPage.getByRole('button', { name: 'Pin the dock' }).click();
    await secondPickup.getByTestId('stop-point').filter({ hasText: 'Dock pinned on the map' }).waitFor();
    const pinned = (await haulier.api.get(`/api/freight/${load.id}/tracking`)).body as TrackingFreightDto;
    expect(pinned.pickupStop).toMatchObject({ lat: 39.5031, lng: -119.7812, dockPinned: true });
    expect(pinned.extraStops?.[0]).toMatchObject({ lat: 39.5352, lng: -119.7471, dockPinned: true });

    // Loaded at the first pickup: the driver's next stop is the one in between, live; reported done on the carrier's
    // tracking page, the phone moves on to the delivery.
    for (const kind of ['arrived_pickup', 'loaded']) {
      expect((await haulier.api.post(`/api/freight/${load.id}/stops`, { kind })).status).toBe(201);
    }
    await stop
      .filter({ hasText: 'Next: stop 2 of 3, pickup' })
      .filter({ hasText: 'Sparks Cross-Dock' })
      .waitFor();
    await screenshot(phonePage, 'stops-driver-phone-stop-in-between');
    await boardPage.getByRole('button', { name: 'Report: Done at stop 2 (pickup): Sparks, NV' }).click();
    await stop
      .filter({ hasText: 'Next: stop 3 of 3, delivery' })
      .filter({ hasText: 'Sacramento, CA' })
      .waitFor();

    expect(shipperErrors).toEqual([]);
    expect(boardErrors).toEqual([]);
    expect(phoneErrors).toEqual([]);
    await Promise.all([phone.close(), shipperPage.context().close(), boardPage.context().close()]);
  }, 180_000);
});
