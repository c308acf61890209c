import { TEST_ACCOUNT_PASSWORD, detentionCents, DEFAULT_ACCESSORIAL_TERMS, formatUsd } from '@freight/shared';
import { resetClock, setClock } from '@freight/server/infra/clock';
import { EXACT_PICKUP, seedLoad } from '@freight/server/features/tracking/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LAPTOP, PHONE, screenshot, signIn, startJourney, watchPageErrors } from './browser';
import { scrollToTrackingMap, userIdOf } from './roles';

const journey = startJourney();

const mapAttr = (page: Page, name: string) =>
  page.evaluate((n) => document.querySelector('[data-testid="tracking-map"]')?.getAttribute(n) ?? null, name);

/** Waits until the map shows the position at this latitude. */
async function markerAtLat(page: Page, lat: number): Promise<void> {
  await page.waitForFunction(
    (la) => document.querySelector('[data-testid="tracking-map"]')?.getAttribute('data-lat') === String(la),
    lat,
  );
}

/** The ETA's miles to go, once the ETA shows them. */
async function etaMiles(page: Page): Promise<number> {
  const eta = page.locator('[data-testid="tracking-eta"][data-miles]');
  await eta.waitFor();
  return Number(await eta.getAttribute('data-miles'));
}

describe('a live trip (issue 16): pins, automatic positions and a live ETA', () => {
  it("the shipper watches the load move while the carrier's phone only has its tracking page open", async () => {
    const { app, browser } = journey;
    const shipperId = await userIdOf('shipper@test.local');
    const carrierId = await userIdOf('carrier@test.local');
    const freightId = await seedLoad({ posterId: shipperId, carrierId, title: 'E2E live trip' }); // Chicago → Dallas

    // The shipper's map shows the pickup and delivery pins before any position; there is no ETA yet.
    const shipperContext = await browser.newContext();
    const shipperPage = await shipperContext.newPage();
    const shipperErrors = watchPageErrors(shipperPage);
    await signIn(shipperPage, app.url, 'shipper@test.local', TEST_ACCOUNT_PASSWORD, `/tracking/${freightId}`);
    // The map loads as the visitor scrolls near it (issue 24).
    await scrollToTrackingMap(shipperPage);
    await shipperPage.locator('[data-testid="tracking-map"] path.tracking-pickup-pin').waitFor();
    await shipperPage.locator('[data-testid="tracking-map"] path.tracking-delivery-pin').waitFor();
    await shipperPage.getByText('Pickup: Chicago, IL').waitFor();
    await shipperPage.getByText('Delivery: Dallas, TX').waitFor();
    await shipperPage.getByText('ETA appears once the carrier shares a location.').waitFor();
    await expect(shipperPage.getByTestId('location-sharing').count()).resolves.toBe(0);
    await shipperPage.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));

    // The carrier's phone (geolocation granted, at the pickup) opens the tracking page and does nothing else.
    const carrierContext = await browser.newContext({
      permissions: ['geolocation'],
      geolocation: { latitude: 41.85, longitude: -87.65 },
      viewport: { width: 390, height: 844 },
    });
    await carrierContext.grantPermissions(['geolocation'], { origin: app.url });
    const carrierPage = await carrierContext.newPage();
    const carrierErrors = watchPageErrors(carrierPage);
    await signIn(carrierPage, app.url, 'carrier@test.local', TEST_ACCOUNT_PASSWORD, `/tracking/${freightId}`);
    await carrierPage.locator('[data-testid="location-sharing"][data-status="sharing"]').waitFor();
    await carrierPage.getByText('Sharing location').waitFor();

    // Without a click, the position reaches the shipper: the marker, the line ahead and an ETA.
    await markerAtLat(shipperPage, 41.85);
    await shipperPage.locator('[data-testid="tracking-map"] path.tracking-marker').waitFor();
    await shipperPage.locator('[data-testid="tracking-map"] path.tracking-route-ahead').waitFor();
    const milesAtPickup = await etaMiles(shipperPage);
    expect(milesAtPickup).toBeGreaterThan(900); // Chicago → Dallas: ~800 miles straight, ×1.2 on the road
    await expect(shipperPage.getByTestId('tracking-eta').textContent()).resolves.toMatch(/^ETA .+ mi to go/);

    // Loaded; the truck drives 250 miles south-west: the shipper's marker follows and the ETA comes closer.
    await carrierPage.getByRole('button', { name: 'Report: Arrived at pickup' }).click();
    await shipperPage.getByTestId('tracking-stops').getByText('Arrived at pickup').waitFor();
    await carrierPage.getByRole('button', { name: 'Report: Loaded' }).click();
    await shipperPage.waitForFunction(
      () => document.querySelector('[data-testid="tracking-status"]')?.textContent === 'In Transit',
    );
    await carrierContext.setGeolocation({ latitude: 38.627, longitude: -90.1994 }); // St. Louis, MO
    await markerAtLat(shipperPage, 38.627);
    await shipperPage.waitForFunction(
      (before) =>
        Number(document.querySelector('[data-testid="tracking-eta"]')?.getAttribute('data-miles')) <
        before - 200,
      milesAtPickup,
    );

    // Stop sharing: the next move is not sent; Share location sends again.
    await carrierPage.getByRole('button', { name: 'Stop sharing' }).click();
    await carrierPage.locator('[data-testid="location-sharing"][data-status="stopped"]').waitFor();
    await carrierContext.setGeolocation({ latitude: 37.209, longitude: -93.2923 }); // Springfield, MO
    await carrierPage.waitForTimeout(3_000); // longer than the 2 s gap a moving truck's fix waits at most
    expect(await mapAttr(shipperPage, 'data-lat')).toBe('38.627');
    await carrierPage.getByRole('button', { name: 'Share location' }).click();
    await markerAtLat(shipperPage, 37.209);

    // /mobile shares as well: the phone leaves the tracking page, and the truck's next position still arrives.
    await carrierPage.goto(`${app.url}/mobile`);
    await carrierPage.locator('[data-testid="trip-sharing"] [data-status="sharing"]').waitFor();
    await carrierContext.setGeolocation({ latitude: 35.4676, longitude: -97.5164 }); // Oklahoma City, OK
    await markerAtLat(shipperPage, 35.4676);

    // Nothing reloaded on the shipper's page, and neither page logged an error.
    expect(await shipperPage.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    expect(shipperErrors).toEqual([]);
    expect(carrierErrors).toEqual([]);
    await carrierContext.close();
    await shipperContext.close();
  });
});

/** A stop's row on the clock, in a given state. */
const stopRow = (page: Page, sequence: number, state: string) =>
  page.locator(`[data-testid="stop-clock-stop"][data-sequence="${sequence}"][data-state="${state}"]`);

describe('the clock at the stops (issue 41): a truck arrives, stays 3 h 20 m and leaves', () => {
  it('both sides watch the clock live; the poster is warned before the free time ends', async () => {
    const { app, browser } = journey;
    const shipperId = await userIdOf('shipper@test.local');
    const carrierId = await userIdOf('carrier@test.local');
    const freightId = await seedLoad({
      posterId: shipperId,
      carrierId,
      title: 'E2E dock clock',
      exactStops: true,
    });
    const truck = app.client();
    await truck.login('carrier@test.local');
    const at = (latitude: number) =>
      truck.post(`/api/freight/${freightId}/location`, { latitude, longitude: EXACT_PICKUP.lng });

    // The product's clock and both browsers' run from the same instant, hours back (no real waiting).
    const t0 = Date.now() - 5 * 60 * 60_000;
    let t = t0;
    setClock(() => new Date(t));
    const contexts: BrowserContext[] = [];
    const open = async (email: string, viewport: typeof LAPTOP) => {
      const context = await browser.newContext({ viewport });
      await context.clock.install({ time: t0 });
      contexts.push(context);
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await signIn(page, app.url, email, TEST_ACCOUNT_PASSWORD, `/tracking/${freightId}`);
      await page.getByTestId('stop-clock').waitFor();
      return { page, errors };
    };
    const moveTo = async (ms: number) => {
      t = ms;
      for (const context of contexts) await context.clock.setSystemTime(ms);
    };
    try {
      const poster = await open('shipper@test.local', LAPTOP);
      const carrier = await open('carrier@test.local', PHONE);
      await stopRow(poster.page, 1, 'not_arrived').waitFor();

      // The truck enters the pickup's geofence: both clocks start, with the free time left.
      expect((await at(EXACT_PICKUP.lat + 0.001)).status).toBe(200);
      for (const { page } of [poster, carrier]) {
        await stopRow(page, 1, 'on_site').getByTestId('stop-clock-free').waitFor();
        await expect(page.getByTestId('stop-clock-arrived').textContent()).resolves.toMatch(
          /^Arrived \d{1,2}:\d\d [ap]m C[DS]T$/,
        );
      }
      await moveTo(t0 + 65 * 60_000);
      await poster.page.getByTestId('stop-clock-running').getByText('On site 1 h 5 m').waitFor();
      await carrier.page
        .getByTestId('stop-clock-free')
        .getByText(/^Free time left 55 m/)
        .waitFor();
      await screenshot(poster.page, 'stop-clock-on-site-poster', [LAPTOP, PHONE]);
      await screenshot(carrier.page, 'stop-clock-on-site-carrier', [PHONE, LAPTOP]);

      // 15 minutes before the free time ends the truck is still there: the poster is told.
      await moveTo(t0 + 106 * 60_000);
      expect((await at(EXACT_PICKUP.lat + 0.002)).status).toBe(200);
      await poster.page.getByTestId('notification-count').waitFor();
      await poster.page.getByTestId('notification-bell').click();
      await poster.page
        .getByTestId('notification-item')
        .getByText(/^Detention starts at \d{1,2}:\d\d [ap]m C[DS]T at Acme DC$/)
        .first()
        .waitFor();
      await poster.page.keyboard.press('Escape');

      // Past the free time: detention runs on both pages, with its amount for the poster and the carrier's owner.
      await moveTo(t0 + 150 * 60_000);
      for (const { page } of [poster, carrier]) {
        await page
          .getByTestId('stop-clock-detention')
          .getByText(/^Detention since /)
          .waitFor();
      }
      await poster.page
        .getByTestId('stop-clock-amount')
        .getByText(/^Detention so far \$/)
        .waitFor();
      await screenshot(poster.page, 'stop-clock-detention-poster', [LAPTOP]);

      // It leaves 3 h 20 m after it arrived: the departure and the dwell, live on both pages.
      await moveTo(t0 + 200 * 60_000);
      expect((await at(EXACT_PICKUP.lat + 1 / 69)).status).toBe(200);
      const owed = formatUsd(detentionCents(200, DEFAULT_ACCESSORIAL_TERMS) / 100);
      for (const { page } of [poster, carrier]) {
        await stopRow(page, 1, 'departed').getByTestId('stop-clock-dwell').getByText('3 h 20 m').waitFor();
        await page.getByTestId('stop-clock-amount').getByText(`Detention ${owed}`).waitFor();
      }
      await screenshot(poster.page, 'stop-clock-departed-poster', [LAPTOP, PHONE]);
      await screenshot(carrier.page, 'stop-clock-departed-carrier', [PHONE]);
      expect(poster.errors).toEqual([]);
      expect(carrier.errors).toEqual([]);
    } finally {
      resetClock();
      for (const context of contexts) await context.close();
    }
  });
});
