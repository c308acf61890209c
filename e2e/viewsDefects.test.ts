import { TEST_ACCOUNT_PASSWORD } from '@freight/shared';
import { airLoadInput, postLoad } from '@freight/server/features/freight/testUtils';
import { seedApprovedBackgroundCheck } from '@freight/server/features/backgroundChecks/testing';
import { seedLoad } from '@freight/server/features/tracking/testing';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_USER_PASSWORD, type TestClient } from '@test/helpers';
import { signIn, startJourney } from './browser';
import { trackRequests } from './axe';
import { scrollToTrackingMap, userIdOf } from './roles';

const journey = startJourney();

/** Uncaught page errors of the step's pages: none expected. */
let pageErrors: string[] = [];
afterEach(() => {
  expect(pageErrors).toEqual([]);
  pageErrors = [];
});

async function signedInPage(
  email: string,
  password = TEST_ACCOUNT_PASSWORD,
  opens: string | null = '/',
): Promise<Page> {
  const page = await (await journey.browser.newContext()).newPage();
  page.on('pageerror', (err) => pageErrors.push(err.message));
  await signIn(page, journey.app.url, email, password, opens);
  return page;
}

async function client(email: string): Promise<TestClient> {
  const c = journey.app.client();
  await c.login(email);
  return c;
}

describe('issue 14: views', () => {
  it('5. Air Min/Max Rate ($/kg) filters on the rate per kg of the weight, and counts against every listing', async () => {
    const air = await client('aircargo@test.local');
    const shipments = [
      // 2,000 lbs = 907 kg: $7.06/kg; the others are far cheaper or dearer per kg.
      { title: 'Pharma pallets', rate: 6400, weight: 2000 },
      { title: 'Machine parts', rate: 1000, weight: 10000 },
      { title: 'Watches', rate: 500, weight: 10 },
    ];
    for (const s of shipments) {
      const res = await air.post(
        '/api/freight',
        airLoadInput({ title: s.title, rate: s.rate, weight: s.weight }),
      );
      expect(res.status, res.text).toBe(201);
    }
    const page = await signedInPage('aircargo@test.local', TEST_ACCOUNT_PASSWORD, '/air-freight');
    await page.getByText('Showing 3 of 3 air shipments').waitFor();
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Min Rate ($/kg)').fill('5');
    await page.getByLabel('Max Rate ($/kg)').fill('8');
    await page.getByRole('button', { name: /Search/ }).click();
    await page.getByText('Showing 1 of 3 air shipments').waitFor();
    await page.getByTestId('air-listing').filter({ hasText: '$6,400.00' }).waitFor();
    expect(await page.getByTestId('air-listing').count()).toBe(1);
    await page.close();
  });

  it('10. An accepted negotiation keeps the posted rate and shows its offers and counters', async () => {
    const broker = await client('broker@test.local');
    const carrier = await client('carrier@test.local');
    const load = await postLoad(broker, { title: 'Negotiated lane', originCity: 'Macon', rate: 2100 });
    const offered = await carrier.post(`/api/freight/${load.id}/negotiate`, { proposedRate: 2250 });
    expect(offered.status).toBe(201);
    const id = offered.body.negotiation.id as string;
    expect((await broker.post(`/api/negotiations/${id}/counter`, { counterRate: 2200 })).status).toBe(200);
    expect((await carrier.post(`/api/negotiations/${id}/accept-counter`, { version: 2 })).status).toBe(200);

    const page = await signedInPage('broker@test.local');
    await page.getByRole('link', { name: 'Broker Hub' }).click();
    await page.getByRole('tab', { name: 'Rate Negotiations' }).click();
    const card = page.getByTestId('negotiation').filter({ hasText: 'Negotiated lane' });
    await card.getByText('posted rate $2,100.00').waitFor();
    const history = card.getByTestId('negotiation-history');
    expect(await history.getByRole('listitem').allTextContents()).toEqual([
      // Each round names its side (issue 39: the thread): the carrier's company, and the viewer as "You".
      expect.stringMatching(/^Test Carrier LLC offered \$2,250\.00 · /),
      expect.stringMatching(/^You countered \$2,200\.00 · /),
      'Agreed at $2,200.00',
    ]);
    await page.close();
  });

  it('11. Tracking and the chat popover show a short reference and the route', async () => {
    const shipperId = await userIdOf('shipper@test.local');
    const carrierId = await userIdOf('carrier@test.local');
    const freightId = await seedLoad({ posterId: shipperId, carrierId, title: 'Reference check' });
    const reference = `#${freightId.slice(-6).toUpperCase()}`;
    const carrier = await client('carrier@test.local');
    expect(
      (await carrier.post(`/api/freight/${freightId}/chat/message`, { message: 'On my way' })).status,
    ).toBe(201);

    const page = await signedInPage('shipper@test.local');
    await page.getByTestId('chat-unread').click();
    const link = page.getByRole('link', { name: `Load ${reference}` });
    await link.waitFor({ timeout: 15_000 });
    await page
      .getByText(`Load ${reference} · Chicago, IL → Dallas, TX: 1 unread`)
      .waitFor({ timeout: 10_000 });
    await link.click();
    await page.getByRole('heading', { name: `Freight Tracking ${reference}`, exact: true }).waitFor();
    expect(await page.getByTestId('tracking-route').textContent()).toBe('Chicago, IL → Dallas, TX');
    expect(await page.getByText(freightId).count()).toBe(0);
    await page.close();
  }, 120_000);

  it('11. A matched small shipment shows the agreed price, not the asking one', async () => {
    const customer = journey.app.client();
    const { email } = await customer.registerAndLogin({ userType: 'carrier' });
    await customer.post('/api/users/setup', { userType: 'individual_customer', companyName: 'Me' });
    const posted = await customer.post('/api/small-shipments', {
      title: 'Armchair',
      itemDescription: 'One armchair',
      originCity: 'Austin',
      originState: 'TX',
      destinationCity: 'Waco',
      destinationState: 'TX',
      offerPrice: '225.50',
    });
    expect(posted.status, posted.text).toBe(201);
    const driver = journey.app.client();
    await driver.registerAndLogin({ userType: 'carrier' });
    await driver.post('/api/users/setup', { userType: 'individual_driver', companyName: 'Driver Co' });
    await seedApprovedBackgroundCheck(driver.user!.id); // offers need one (issue 16)
    const offer = await driver.post(`/api/small-shipments/${posted.body.id}/offers`, { price: '180' });
    expect((await customer.post(`/api/shipment-offers/${offer.body.id}/accept`, { version: 1 })).status).toBe(
      200,
    );

    const customerPage = await signedInPage(email, TEST_USER_PASSWORD);
    // My Shipments is a dashboard card (signing in lands there).
    await customerPage
      .getByTestId('shipment-price')
      .filter({ hasText: '$180.00 agreed (asked $225.50)' })
      .waitFor();
    await customerPage.close();
  }, 120_000);

  it('14. Without map tiles the tracking map draws the offline basemap, with no failed tile requests', async () => {
    const shipperId = await userIdOf('shipper@test.local');
    const carrierId = await userIdOf('carrier@test.local');
    const freightId = await seedLoad({ posterId: shipperId, carrierId, title: 'Basemap check' });
    const carrier = await client('carrier@test.local');
    expect(
      (await carrier.post(`/api/freight/${freightId}/location`, { latitude: 32.7767, longitude: -96.797 }))
        .status,
    ).toBe(200);

    // The test browser has no network beyond loopback: the configured tile server cannot answer.
    const page = await signedInPage('shipper@test.local');
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    await page.goto(`${journey.app.url}/tracking/${freightId}`);
    // The map loads as the visitor scrolls near it (issue 24).
    await scrollToTrackingMap(page);
    const map = page.locator('[data-testid="tracking-map"][data-basemap="offline"]');
    await map.waitFor();
    // US state outlines are drawn: on one canvas in the basemap's pane, with pixels of the outlines' colour on it.
    await page.waitForFunction(() => {
      const canvas = document.querySelector<HTMLCanvasElement>(
        '[data-testid="tracking-map"] .leaflet-offline-basemap-pane canvas',
      );
      const pixels = canvas?.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
      if (!pixels) return false;
      let outline = 0;
      // #94a3b8, the outlines' stroke (anti-aliased edges come close to it).
      for (let i = 0; i < pixels.length; i += 4)
        if (
          Math.abs(pixels[i]! - 0x94) < 12 &&
          Math.abs(pixels[i + 1]! - 0xa3) < 12 &&
          Math.abs(pixels[i + 2]! - 0xb8) < 12
        )
          outline++;
      return outline > 200;
    });
    expect(await page.locator('[data-testid="tracking-map"] img.leaflet-tile').count()).toBe(0);
    // At most the one probe tile fails, not a screenful.
    expect(consoleErrors.filter((e) => !e.includes('401')).length).toBeLessThanOrEqual(1);

    // Signed-out public pages log no console error: without a session the app does not ask for the user (SPEC §7).
    const publicPage = await (await journey.browser.newContext()).newPage();
    const requests = trackRequests(publicPage);
    const publicErrors: string[] = [];
    publicPage.on('console', (m) => {
      if (m.type() === 'error') publicErrors.push(`${publicPage.url()}: ${m.text()}`);
    });
    for (const path of ['/freight', '/small-shipments', '/subscribe', '/']) {
      await publicPage.goto(`${journey.app.url}${path}`);
      await publicPage.locator('h1').first().waitFor();
      await requests.settled();
    }
    expect(publicErrors).toEqual([]);
    await publicPage.close();
    await page.close();
  });
});
