import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { startJourney, watchPageErrors } from './browser';
import {
  bookLoadApi,
  flaggedVerifiedAccount,
  markNoReload,
  notReloaded,
  postLoadApi,
  trackingHeading,
  type FreshAccount,
} from './roles';

/**
 * Issue 24: a signed-in visitor's dashboard, board and tracking page come drawn by the server with their data, paint
 * before any script, and the browser takes them over (hydration, or a fresh render when the browser's time zone is
 * not the one the server drew dates in) without an error, then follows changes live as before.
 */
const journey = startJourney();

const LAPTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A signed-in browser context for the account: its session cookie, and the browser's time zone if given. */
async function signedInContext(
  account: FreshAccount,
  viewport: { width: number; height: number },
  { javaScriptEnabled = true, zoneCookie = true } = {},
): Promise<BrowserContext> {
  const ctx = await journey.browser.newContext({ viewport, javaScriptEnabled });
  const [name, value] = account.api.cookie.split('=');
  const cookies = [
    { name: name!, value: value!, url: journey.app.url },
    { name: 'fm.signed_in', value: '1', url: journey.app.url },
  ];
  // The zone the journeys' browsers run in (browser.ts), as the app remembers it after a first visit.
  if (zoneCookie) cookies.push({ name: 'fm.tz', value: 'America%2FChicago', url: journey.app.url });
  await ctx.addCookies(cookies);
  return ctx;
}

/** A page whose uncaught errors and console errors (React's hydration mismatches among them) are kept. */
async function watched(ctx: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await ctx.newPage();
  const errors = watchPageErrors(page);
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  // The first heading as the server drew it, kept before any script runs: still in the page once React has it if
  // React took the HTML over (hydrated) instead of drawing it again.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { __drawnHeading?: Element | null }).__drawnHeading =
        document.querySelector('h1');
    });
  });
  return { page, errors };
}

/** React has the page (its root is no longer inert) and the heading the server drew is the one on screen. */
async function takenOver(page: Page): Promise<{ hydrated: boolean }> {
  await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('inert'));
  return page.evaluate(() => ({
    hydrated: (window as unknown as { __drawnHeading?: Element | null }).__drawnHeading?.isConnected === true,
  }));
}

async function bookedLoad(shipper: FreshAccount, carrier: FreshAccount, title: string): Promise<string> {
  const load = await postLoadApi(shipper, { title, originCity: 'Omaha', originState: 'NE' });
  await bookLoadApi(shipper, carrier, load.id);
  return load.id;
}

describe('signed-in pages drawn on the server (issue 24)', () => {
  for (const viewport of [LAPTOP, PHONE]) {
    it(`the dashboard, the board and the tracking page are in the HTML at ${viewport.width}px`, async () => {
      const shipper = await flaggedVerifiedAccount(journey.app, 'shipper', {
        companyName: 'Drawn Shipper Co',
      });
      const carrier = await flaggedVerifiedAccount(journey.app, 'carrier', {
        companyName: 'Drawn Carrier Co',
      });
      const freightId = await bookedLoad(shipper, carrier, `Drawn load ${viewport.width}`);

      const ctx = await signedInContext(carrier, viewport, { javaScriptEnabled: false });
      const page = await ctx.newPage();
      const dashboard = await page.goto(journey.app.url + '/');
      expect(dashboard?.headers()['x-server-rendered']).toBe('1');
      expect(await page.getByTestId('welcome-heading').innerText()).toContain('Drawn Carrier Co');
      // Inert until React has it (no script runs here): a tap before then would be lost.
      expect(await page.locator('#root').getAttribute('inert')).toBe('');

      await page.goto(journey.app.url + '/freight');
      expect(await page.locator('#root').innerText()).toContain('Freight Load Board');

      await page.goto(`${journey.app.url}/tracking/${freightId}`);
      const tracking = await page.locator('#root').innerText();
      expect(tracking).toContain(trackingHeading(freightId));
      expect(tracking).toContain(`Drawn load ${viewport.width}`);
      expect(tracking).toContain('Drawn Shipper Co');
    });
  }

  for (const viewport of [LAPTOP, PHONE]) {
    it(`the browser takes the pages over without an error and follows changes live at ${viewport.width}px`, async () => {
      const shipper = await flaggedVerifiedAccount(journey.app, 'shipper', {
        companyName: 'Live Shipper Co',
      });
      const carrier = await flaggedVerifiedAccount(journey.app, 'carrier', {
        companyName: 'Live Carrier Co',
      });
      const freightId = await bookedLoad(shipper, carrier, `Followed load ${viewport.width}`);

      // The board, hydrated: a load posted meanwhile arrives without a reload.
      const { page, errors } = await watched(await signedInContext(carrier, viewport));
      await page.goto(journey.app.url + '/freight');
      expect(await takenOver(page)).toEqual({ hydrated: true });
      await markNoReload(page);
      const title = `Posted after the page was drawn ${viewport.width}`;
      await postLoadApi(shipper, { title, originCity: 'Lincoln', originState: 'NE' });
      await page.getByText(title).first().waitFor({ timeout: 30_000 });
      expect(await notReloaded(page)).toBe(true);

      // The shipper's tracking page, hydrated: the carrier's position arrives live.
      const shipperView = await watched(await signedInContext(shipper, viewport));
      await shipperView.page.goto(`${journey.app.url}/tracking/${freightId}`);
      expect(await takenOver(shipperView.page)).toEqual({ hydrated: true });
      const moved = await carrier.api.post(`/api/freight/${freightId}/location`, {
        latitude: 41.2565,
        longitude: -95.9345,
      });
      expect(moved.status).toBe(200);
      await shipperView.page.waitForFunction(
        () => document.querySelector('[data-testid="tracking-map"]')?.getAttribute('data-lat') === '41.2565',
        undefined,
        { timeout: 30_000 },
      );

      // A load the visitor takes no part in: drawn as not found, and kept so (not asked again behind a loading state).
      const outsider = await flaggedVerifiedAccount(journey.app, 'broker');
      const outsiderView = await watched(await signedInContext(outsider, viewport));
      await outsiderView.page.goto(`${journey.app.url}/tracking/${freightId}`);
      expect(await takenOver(outsiderView.page)).toEqual({ hydrated: true });
      expect(await outsiderView.page.getByTestId('tracking-not-found').innerText()).toBe('Freight not found');

      // The dashboard without the time zone cookie (a first visit): drawn afresh in the browser's zone, no error.
      const firstVisit = await watched(await signedInContext(carrier, viewport, { zoneCookie: false }));
      await firstVisit.page.goto(journey.app.url + '/');
      await takenOver(firstVisit.page);
      expect(await firstVisit.page.getByTestId('welcome-heading').innerText()).toContain('Live Carrier Co');

      expect(errors).toEqual([]);
      expect(shipperView.errors).toEqual([]);
      expect(firstVisit.errors).toEqual([]);
    });
  }
});
