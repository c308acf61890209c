import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@test/helpers';
import { launchBrowser, signIn, watchPageErrors, type E2EBrowser } from './browser';

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

it('scratch screens', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });

  // Signed-out small shipment
  await page.goto(`${app.url}/small-shipments`);
  await page.getByRole('button', { name: 'Post Shipment' }).click();
  await page.screenshot({ path: '/tmp/ss-errors.png', fullPage: true });
  await page.getByLabel('Shipment Title').fill('Boxes to Austin');
  await page.getByLabel('Item Type').selectOption('package');
  await page.getByLabel('Pickup City').fill('Dallas');
  await page.getByLabel('Pickup State').selectOption('TX');
  await page.getByLabel('Delivery City').fill('Austin');
  await page.getByLabel('Delivery State').selectOption('TX');
  await page.getByLabel('Offer Price ($)').fill('120');
  await page.getByRole('button', { name: 'Post Shipment' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill('customer@test.local');
  await dialog.getByLabel('Password', { exact: true }).fill('Test1234!');
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('banner').waitFor();
  expect(await page.getByLabel('Shipment Title').inputValue()).toBe('Boxes to Austin');
  expect(await page.getByLabel('Detailed Description').inputValue()).toBe('package');
  await page.getByRole('button', { name: 'Post Shipment' }).click();
  await page.getByTestId('my-shipments-card').getByText('Boxes to Austin').waitFor();
  await page.screenshot({ path: '/tmp/ss-dashboard.png', fullPage: true });

  // Driver
  const d = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const dp = await d.newPage();
  const derr = watchPageErrors(dp);
  await signIn(dp, app.url, 'driver@test.local', 'Test1234!');
  await dp.getByRole('link', { name: 'My Routes' }).click();
  await dp.getByRole('button', { name: 'Add Route' }).click();
  const rd = dp.getByRole('dialog');
  await rd.getByLabel('Route Title').fill('Dallas run');
  await rd.getByLabel('Origin City').fill('Dallas');
  await rd.getByLabel('Origin State').selectOption('TX');
  await rd.getByLabel('Destination City').fill('Austin');
  await rd.getByLabel('Destination State').selectOption('TX');
  await rd.getByLabel('Departure Date').fill('2031-05-09');
  await rd.getByLabel('Vehicle Type').selectOption('van');
  await rd.getByRole('button', { name: 'Create Route' }).click();
  await dp.getByTestId('route-match').getByText('Boxes to Austin').waitFor();
  // live
  const c2 = app.client();
  await c2.login('customer@test.local');
  await c2.post('/api/small-shipments', { title: 'Live bike', itemDescription: 'bike', originCity: 'Dallas', originState: 'TX', destinationCity: 'Austin', destinationState: 'TX', offerPrice: 50 });
  await dp.getByTestId('route-match').getByText('Live bike').waitFor();
  await dp.getByTestId('route-match').filter({ hasText: 'Live bike' }).getByRole('button', { name: 'Make Offer' }).click();
  await dp.getByRole('dialog').getByLabel('Your Price ($)').fill('45');
  await dp.getByRole('dialog').getByRole('button', { name: 'Send Offer' }).click();
  await dp.getByText('Your offer $45.00: pending').waitFor();
  await dp.screenshot({ path: '/tmp/ss-routes.png', fullPage: true });
  // customer sees offer live and accepts
  await page.getByTestId('shipment-offer').first().waitFor();
  await page.getByRole('button', { name: 'Accept Offer' }).click();
  await page.getByTestId('my-shipment').filter({ hasText: 'Live bike' }).getByText('Matched').waitFor();
  await dp.getByText('Your offer $45.00: accepted').waitFor();
  await page.screenshot({ path: '/tmp/ss-dashboard2.png', fullPage: true });

  // Air cargo
  const a = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ap = await a.newPage();
  const aerr = watchPageErrors(ap);
  await signIn(ap, app.url, 'aircargo@test.local', 'Test1234!');
  await ap.getByRole('link', { name: 'Air Freight' }).click();
  await ap.getByRole('heading', { name: 'Air Freight Marketplace' }).waitFor();
  await ap.getByRole('button', { name: 'Post Air Shipment' }).first().click();
  const ad = ap.getByRole('dialog');
  await ad.getByLabel('Title').fill('Parts to Tokyo');
  await ad.getByLabel('Origin City').fill('Seattle');
  await ad.getByLabel('Origin State/Region').fill('WA');
  await ad.getByLabel('Destination City').fill('Tokyo');
  await ad.getByLabel('Destination State/Region').fill('Tokyo');
  await ad.getByLabel('Destination Country').selectOption('Japan');
  await ad.getByLabel('Weight Class').selectOption('medium');
  await ad.getByLabel('Weight (lbs)').fill('800');
  await ad.getByLabel('Distance (miles)').fill('4800');
  await ad.getByLabel('Rate ($)').fill('5200');
  await ad.getByRole('button', { name: 'Post Air Shipment' }).click();
  await ap.getByTestId('air-listing').first().waitFor({ timeout: 10000 }).catch(() => undefined);
  await ap.waitForTimeout(1000);
  await ap.screenshot({ path: '/tmp/ss-air.png', fullPage: true });
  await ap.getByRole('button', { name: 'Filters' }).click();
  await ap.screenshot({ path: '/tmp/ss-air-filters.png', fullPage: true });
  await ap.goto(`${app.url}/subscribe`);
  await ap.screenshot({ path: '/tmp/ss-subscribe-active.png', fullPage: true });
  await ap.goto(`${app.url}/mobile`);
  await ap.waitForTimeout(1000);
  await ap.screenshot({ path: '/tmp/ss-mobile.png', fullPage: true });
  await ap.goto(`${app.url}/`);
  await ap.waitForTimeout(800);
  await ap.screenshot({ path: '/tmp/ss-air-dash.png', fullPage: true });
  console.log('errors', errors, derr, aerr);
});
