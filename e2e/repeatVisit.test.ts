import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startJourney, watchPageErrors } from './browser';

const journey = startJourney();

/**
 * Issue 24: on a phone with a weak signal, the scripts go out compressed and cached for good, and a second visit
 * paints from the service worker's cache.
 */
describe('a repeat visit on a phone', () => {
  it('first visit: compressed, immutable scripts; second visit: the shell from the service worker', async () => {
    const ctx = await journey.browser.newContext({
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'allow',
    });
    const page = await ctx.newPage();
    const errors = watchPageErrors(page);
    const first: Response[] = [];
    page.on('response', (res) => first.push(res));

    const pageResponse = await page.goto(journey.app.url + '/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(pageResponse?.headers()['cache-control']).toBe('no-cache');

    const scripts = first.filter((r) => /\/assets\/[^/]+\.js$/.test(r.url()));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((r) => /\/assets\/index-/.test(r.url()))).toHaveLength(1);
    for (const script of scripts) {
      const headers = await script.allHeaders();
      // Files under 1 KiB have no compressed copy (the encoding would cost more than it saves).
      if (Number(headers['content-length'] ?? Infinity) >= 1024) {
        expect(headers['content-encoding'], script.url()).toMatch(/^(br|gzip)$/);
      }
      expect(headers['cache-control'], script.url()).toBe('public, max-age=31536000, immutable');
    }
    // The font the page needs first: latin only, preloaded.
    const fonts = first.filter((r) => r.url().endsWith('.woff2')).map((r) => r.url());
    expect(fonts.length).toBe(1);
    expect(fonts[0]).toMatch(/inter-latin-wght-normal-/);

    // The worker installs (precaching the shell) and takes control of the page.
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
      timeout: 30_000,
    });

    const second: Response[] = [];
    page.removeAllListeners('response');
    page.on('response', (res) => second.push(res));
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    const shell = second.filter((r) => /\/assets\/[^/]+\.(js|css|woff2)$/.test(r.url()));
    expect(shell.length).toBeGreaterThan(0);
    for (const res of shell) expect(res.fromServiceWorker(), res.url()).toBe(true);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
