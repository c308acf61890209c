import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { signIn, startJourney, watchPageErrors } from './browser';
import { freshAccount, postLoadApi, verifiedAccount } from './roles';

/**
 * Issue 24: the public pages arrive prerendered for a signed-out visitor (their first screen is in the HTML, painted
 * before any script runs) and React takes that HTML over without drawing it again; signed-in visitors and addresses
 * with a query string get the app as before.
 */
const journey = startJourney();

const LAPTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A page whose console errors (React's hydration mismatches among them) and uncaught errors are kept. */
async function watchedPage(viewport: { width: number; height: number }, javaScriptEnabled = true) {
  const ctx = await journey.browser.newContext({ viewport, javaScriptEnabled });
  const page = await ctx.newPage();
  const errors = watchPageErrors(page);
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  return { page, errors };
}

/** The first screen, as the server sent it, read with scripts off. */
async function htmlOnly(path: string, viewport = PHONE) {
  const { page } = await watchedPage(viewport, false);
  const res = await page.goto(journey.app.url + path);
  return { page, res };
}

/** React has taken over the page: a click handled by the app (not a full navigation) works. */
async function hydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}

describe('prerendered public pages (issue 24)', () => {
  for (const viewport of [LAPTOP, PHONE]) {
    it(`the landing page, the board and small shipments are in the HTML at ${viewport.width}px`, async () => {
      const landing = await htmlOnly('/', viewport);
      expect(landing.res?.headers()['x-prerendered']).toBe('1');
      const root = landing.page.locator('#root');
      expect(await root.getAttribute('data-prerendered')).toBe('/');
      // Inert until React has it (no script runs here): a tap before then would be lost.
      expect(await root.getAttribute('inert')).toBe('');
      expect(await root.innerText()).toContain('Professional Freight Matching Platform');
      expect(await root.innerText()).not.toContain('Loading...');

      const board = await htmlOnly('/freight', viewport);
      const boardText = await board.page.locator('#root').innerText();
      expect(boardText).toContain('Freight Load Board');
      // The list is not in the HTML: the board says it is loading, not that there is no freight.
      expect(boardText).toContain('Loading freight opportunities...');
      expect(boardText).not.toContain('No Freight Available');
      expect(boardText).not.toContain('Showing 0 of 0');

      const parcels = await htmlOnly('/small-shipments', viewport);
      expect(await parcels.page.locator('#root').getAttribute('data-prerendered')).toBe('/small-shipments');
      expect((await parcels.page.locator('#root').innerText()).length).toBeGreaterThan(50);
    });
  }

  for (const viewport of [LAPTOP, PHONE]) {
    it(`React takes the HTML over without a mismatch and the pages work at ${viewport.width}px`, async () => {
      const shipper = await verifiedAccount(journey.app, 'shipper');
      await postLoadApi(shipper, { title: 'Prerender check', originCity: 'Omaha', originState: 'NE' });

      const { page, errors } = await watchedPage(viewport);
      await page.goto(journey.app.url + '/freight');
      // The list arrives and replaces the loading state; the board's own controls respond.
      await page.getByRole('article').first().waitFor();
      expect(await hydrated(page)).toBe(true);
      expect(await page.locator('#root').getAttribute('inert')).toBeNull();
      await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByRole('form', { name: 'Load board filters' }).waitFor();

      await page.goto(journey.app.url + '/');
      await page.locator('#root[data-prerendered="/"]').waitFor({ state: 'attached' });
      await page.waitForFunction(() => document.readyState === 'complete');
      await expect.poll(() => hydrated(page)).toBe(true);
      // The sign-in dialog opens from the prerendered top bar once React has it.
      await page.getByRole('button', { name: 'Sign In' }).first().click();
      await page.getByRole('dialog').waitFor();

      await page.goto(journey.app.url + '/small-shipments');
      await expect.poll(() => hydrated(page)).toBe(true);
      expect(errors).toEqual([]);
    });
  }

  it('a visitor who keeps the board as a table gets the table, drawn afresh', async () => {
    const { page, errors } = await watchedPage(LAPTOP);
    await page.goto(journey.app.url + '/freight');
    await page.getByRole('button', { name: 'Table' }).click();
    await page.getByTestId('load-table').waitFor();
    await page.reload();
    await page.getByTestId('load-table').waitFor();
    expect(await page.locator('#root').getAttribute('inert')).toBeNull();
    expect(errors).toEqual([]);
  });

  it('signed in, / is the dashboard and no page comes prerendered', async () => {
    const carrier = await freshAccount(journey.app, 'carrier');
    const { page, errors } = await watchedPage(PHONE);
    await signIn(page, journey.app.url, carrier.email, carrier.password);
    for (const path of ['/', '/freight', '/small-shipments']) {
      const res = await page.goto(journey.app.url + path);
      expect(res?.headers()['x-prerendered']).toBeUndefined();
      expect(await page.locator('#root[data-prerendered]').count()).toBe(0);
    }
    await page.goto(journey.app.url + '/');
    await page.getByTestId('welcome-heading').waitFor();
    expect(errors).toEqual([]);
  });

  it('a query string gets the app rendered in the browser (the screen may read it)', async () => {
    const res = await fetch(`${journey.app.url}/?auth=signin`);
    expect(res.headers.get('x-prerendered')).toBeNull();
    expect(await res.text()).not.toContain('data-prerendered');
    const plain = await fetch(`${journey.app.url}/`);
    expect(plain.headers.get('x-prerendered')).toBe('1');
    expect(plain.headers.get('vary') ?? '').toMatch(/Cookie/i);
  });
});
