import { LOCATION_POLL_MS, TEST_ACCOUNT_PASSWORD } from '@freight/shared';
import { seedLoad } from '@freight/server/features/tracking/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@test/helpers';
import { launchBrowser, signIn, watchPageErrors, type E2EBrowser } from './browser';
import { userIdOf } from './roles';

/**
 * Issue 25 point 8: with /socket.io unreachable from the first page load (a proxy that blocks it), the tracking page
 * falls back to polling at once: the carrier's chat message and position reach the shipper without a reload and
 * without a socket ever connecting.
 */
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

describe('polling fallback with /socket.io blocked from the start', () => {
  it("the carrier's chat message and position reach the shipper's tracking page without a socket", async () => {
    const shipperId = await userIdOf('shipper@test.local');
    const carrierId = await userIdOf('carrier@test.local');
    const freightId = await seedLoad({ posterId: shipperId, carrierId, title: 'Blocked socket load' });

    const context = await browser.newContext();
    let socketRequests = 0;
    await context.route('**/socket.io/**', (route) => {
      socketRequests++;
      return route.abort();
    });
    await context.routeWebSocket('**/socket.io/**', (ws) => {
      socketRequests++;
      return ws.close();
    });
    const page = await context.newPage();
    // The page's timers run on Playwright's clock: time flows as usual until the test moves it on past the polls.
    await page.clock.install();
    const errors = watchPageErrors(page);
    await signIn(page, app.url, 'shipper@test.local', TEST_ACCOUNT_PASSWORD, `/tracking/${freightId}`);
    await page.getByRole('heading', { name: /Freight Tracking #/ }).waitFor();
    await page.getByRole('tab', { name: /Chat/ }).click();
    await page.getByText('No messages yet. Say hello!').waitFor();
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 25));

    // The carrier writes and shares a position through the API (its own socket is not the point here).
    const carrier = app.client();
    await carrier.login('carrier@test.local');
    const sent = await carrier.post(`/api/freight/${freightId}/chat/message`, {
      message: 'Loaded, rolling out',
    });
    expect(sent.status).toBe(201);
    const located = await carrier.post(`/api/freight/${freightId}/location`, {
      latitude: 41.8781136,
      longitude: -87.6297982,
    });
    expect(located.status).toBeLessThan(300);

    // Chat polls every 5 s, the position every 30 s: the clock jumps past both, and both arrive on the open page.
    await page.clock.fastForward(LOCATION_POLL_MS);
    await page.getByText('Loaded, rolling out').waitFor({ timeout: 20_000 });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="tracking-map"]')?.getAttribute('data-lat') === '41.8781136',
      undefined,
      { timeout: 45_000 },
    );
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(25); // no reload
    expect(socketRequests).toBeGreaterThan(0); // the socket was tried, and refused
    expect(errors.filter((e) => !/socket\.io|ERR_FAILED|WebSocket/i.test(e))).toEqual([]);
    await context.close();
  }, 120_000);
});
