import { TEST_ACCOUNT_PASSWORD } from '@freight/shared';
import { seedLoad } from '@freight/server/features/tracking/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@test/helpers';
import { launchBrowser, signIn, watchPageErrors, type E2EBrowser } from './browser';
import { scrollToTrackingMap, userIdOf } from './roles';

let app: TestApp;
let browser: E2EBrowser;
beforeAll(async () => {
  app = await startTestApp({ workers: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** Waits until the map shows the marker at this position. */
async function markerAt(page: Page, lat: number, lng: number): Promise<void> {
  await page.waitForFunction(
    ([la, ln]) => {
      const map = document.querySelector('[data-testid="tracking-map"]');
      return map?.getAttribute('data-lat') === String(la) && map?.getAttribute('data-lng') === String(ln);
    },
    [lat, lng],
  );
  // The marker itself is drawn (an SVG circle), tiles or no tiles, once the map has loaded: it does as the visitor
  // scrolls near it (issue 24).
  await scrollToTrackingMap(page);
  await page.locator('[data-testid="tracking-map"] path.tracking-marker').waitFor();
}

describe('live tracking journey (Chromium, two browser contexts)', () => {
  it("the carrier's location and chat message reach the shipper's open tracking page without a reload", async () => {
    const shipperId = await userIdOf('shipper@test.local');
    const carrierId = await userIdOf('carrier@test.local');
    const freightId = await seedLoad({ posterId: shipperId, carrierId, title: 'E2E steel coils' });

    // The shipper opens the tracking page: booked, no location yet; the chat tab is open.
    const shipperContext = await browser.newContext();
    const shipperPage = await shipperContext.newPage();
    const shipperErrors = watchPageErrors(shipperPage);
    await signIn(shipperPage, app.url, 'shipper@test.local', TEST_ACCOUNT_PASSWORD, `/tracking/${freightId}`);
    await shipperPage
      .getByRole('heading', { name: `Freight Tracking #${freightId.slice(-6).toUpperCase()}` })
      .waitFor();
    expect(await shipperPage.getByTestId('tracking-status').textContent()).toBe('Booked');
    await shipperPage.getByText('Urgent', { exact: true }).waitFor();
    await shipperPage.getByTestId('tracking-no-location').waitFor();
    await expect(shipperPage.getByRole('button', { name: 'Update My Location' }).count()).resolves.toBe(0);
    await shipperPage.getByRole('tab', { name: /Chat/ }).click();
    await shipperPage.getByText('No messages yet. Say hello!').waitFor();
    await shipperPage.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));

    // The carrier, with geolocation granted at a fixed position, reports its location.
    const carrierContext = await browser.newContext({
      permissions: ['geolocation'],
      geolocation: { latitude: 41.8781136, longitude: -87.6297982 },
    });
    await carrierContext.grantPermissions(['geolocation'], { origin: app.url });
    const carrierPage = await carrierContext.newPage();
    const carrierErrors = watchPageErrors(carrierPage);
    await signIn(carrierPage, app.url, 'carrier@test.local', TEST_ACCOUNT_PASSWORD, `/tracking/${freightId}`);
    await carrierPage
      .getByRole('heading', { name: `Freight Tracking #${freightId.slice(-6).toUpperCase()}` })
      .waitFor();
    await carrierPage.getByRole('button', { name: 'Update My Location' }).click();
    await carrierPage.getByText('Location updated').waitFor();

    // The shipper's map shows the marker there; the carrier reports the pickup stops, and Loaded starts the trip.
    await markerAt(shipperPage, 41.8781136, -87.6297982);
    await carrierPage.getByRole('button', { name: 'Report: Arrived at pickup' }).click();
    await carrierPage.getByRole('button', { name: 'Report: Loaded' }).click();
    await shipperPage.getByTestId('tracking-stops').getByText('Loaded').waitFor();
    await shipperPage.waitForFunction(
      () => document.querySelector('[data-testid="tracking-status"]')?.textContent === 'In Transit',
    );

    // The truck moves: the marker on the shipper's page moves with it.
    await carrierContext.setGeolocation({ latitude: 40.7127753, longitude: -74.0059728 });
    await carrierPage.getByRole('button', { name: 'Update My Location' }).click();
    await markerAt(shipperPage, 40.7127753, -74.0059728);
    await markerAt(carrierPage, 40.7127753, -74.0059728);

    // The carrier sends a chat message with Enter; it appears on the shipper's page.
    await carrierPage.getByRole('tab', { name: /Chat/ }).click();
    const input = carrierPage.getByLabel('Message');
    await input.fill('Picked up, ETA 3 pm');
    await input.press('Enter');
    await carrierPage.getByTestId('chat-messages').getByText('Picked up, ETA 3 pm').waitFor();
    await shipperPage.getByTestId('chat-messages').getByText('Picked up, ETA 3 pm').waitFor();
    await expect(shipperPage.getByTestId('chat-message').count()).resolves.toBe(1);
    await expect(carrierPage.getByLabel('Message').inputValue()).resolves.toBe('');

    // The shipper answers; the carrier sees it, once.
    const reply = shipperPage.getByLabel('Message');
    await reply.fill('Thanks!');
    await shipperPage.getByRole('button', { name: 'Send', exact: true }).click();
    await carrierPage.getByTestId('chat-messages').getByText('Thanks!').waitFor();
    await expect(carrierPage.getByTestId('chat-message').count()).resolves.toBe(2);

    // No reload happened on the shipper's page.
    expect(await shipperPage.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
    expect(shipperErrors).toEqual([]);
    expect(carrierErrors).toEqual([]);

    // Someone else (the broker, not on this load) is told it does not exist; the tracked-loads list links to it.
    const otherContext = await browser.newContext();
    const otherPage = await otherContext.newPage();
    await signIn(otherPage, app.url, 'broker@test.local', TEST_ACCOUNT_PASSWORD, `/tracking/${freightId}`);
    await otherPage.getByText('Freight not found').waitFor();

    await shipperPage.goto(`${app.url}/tracking`);
    await shipperPage.getByRole('link', { name: 'Track' }).first().click();
    await shipperPage.waitForURL(`**/tracking/${freightId}`);
    await shipperPage
      .getByRole('heading', { name: `Freight Tracking #${freightId.slice(-6).toUpperCase()}` })
      .waitFor();
  });
});
