import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seedApprovedBackgroundCheck } from '@freight/server/features/backgroundChecks/testing';
import { eventually, TEST_USER_PASSWORD, uniqueEmail } from '@test/helpers';
import { BOTH_SIZES, screenshot, signIn, startJourney, watchPageErrors } from './browser';
import { markNoReload, notReloaded } from './roles';

const journey = startJourney();

/** axe-core's serious and critical findings on the page as it is now (as e2e/accessibility.test.ts checks). */
async function seriousA11yProblems(page: Page, label: string): Promise<string[]> {
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    }),
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} ${v.help}: ${v.nodes.map((n) => n.html.slice(0, 80)).join(' | ')}`);
}

// The smallest valid PNG (1×1).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PICKUP = '742 Evergreen Terrace, Reno, NV 89501';
const DELIVERY = '1600 Sunset Blvd, Sparks, NV 89431';

/** A fresh account of this type, registered through the API and set up as the user would. */
async function freshUser(
  type: 'individual_customer' | 'individual_driver',
  names: { firstName: string; lastName: string; phoneNumber: string },
) {
  const api = journey.app.client();
  const email = uniqueEmail(type);
  await api.registerAndLogin({ email, userType: 'carrier', ...names });
  const setup = await api.post('/api/users/setup', {
    userType: type,
    companyName: `${names.firstName} ${names.lastName}`,
    phoneNumber: names.phoneNumber,
  });
  expect(setup.status, setup.text).toBe(200);
  return { api, email, id: api.user!.id };
}

describe('a small shipment, whole for the customer and the driver (issue 23 item 4)', () => {
  it('post, offer, accept, then both sides work the matched shipment: addresses, contacts, chat, picked up, delivered', async () => {
    const customer = await freshUser('individual_customer', {
      firstName: 'Carla',
      lastName: 'Customer',
      phoneNumber: '775-555-0111',
    });
    const driver = await freshUser('individual_driver', {
      firstName: 'Dario',
      lastName: 'Driver',
      phoneNumber: '775-555-0222',
    });
    await seedApprovedBackgroundCheck(driver.id); // as an admin's approval leaves it
    const route = await driver.api.post('/api/driver-routes', {
      title: 'Reno to Sparks run',
      originCity: 'Reno',
      originState: 'NV',
      destinationCity: 'Sparks',
      destinationState: 'NV',
      departureDate: '2031-05-09',
      vehicleType: 'pickup_truck',
      pricingType: 'per_mile',
    });
    expect(route.status, route.text).toBe(201);

    const c = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const d = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const cErrors = watchPageErrors(c);
    const dErrors = watchPageErrors(d);
    await signIn(c, journey.app.url, customer.email, TEST_USER_PASSWORD);
    // The driver has My Routes open while the customer posts.
    await signIn(d, journey.app.url, driver.email, TEST_USER_PASSWORD, '/driver-routes');
    await d.getByTestId('driver-route').filter({ hasText: 'Reno to Sparks run' }).waitFor();
    await markNoReload(d);

    // 1. The customer posts through the form.
    await c.goto(`${journey.app.url}/small-shipments`);
    await c.getByLabel('Shipment Title').fill('Oak dresser to Sparks');
    await c.getByLabel('Detailed Description').fill('Oak dresser, 3 drawers, wrapped');
    await c.getByLabel('Pickup City').fill('Reno');
    await c.getByLabel('Pickup State').selectOption('NV');
    await c.getByLabel('Pickup Address (Optional)').fill(PICKUP);
    await c.getByLabel('Delivery City').fill('Sparks');
    await c.getByLabel('Delivery State').selectOption('NV');
    await c.getByLabel('Delivery Address (Optional)').fill(DELIVERY);
    await c.getByLabel('Offer Price ($)').fill('90');
    await c.getByRole('button', { name: 'Post Shipment' }).click();
    await c.getByText('Shipment Posted!').first().waitFor();

    // 2. The driver sees it under the route (live, city and state only) and offers.
    const match = d.getByTestId('route-match').filter({ hasText: 'Oak dresser to Sparks' });
    await match.waitFor();
    expect(await match.textContent()).not.toContain('Evergreen');
    await match.getByRole('button', { name: 'Make Offer' }).click();
    const dialog = d.getByRole('dialog', { name: 'Make an Offer' });
    await dialog.getByLabel('Your Price ($)').fill('85');
    await dialog.getByRole('button', { name: 'Send Offer' }).click();
    await dialog.waitFor({ state: 'detached' });

    // 3. The customer accepts it from My Shipments on /small-shipments (live: no reload).
    await c.goto(`${journey.app.url}/small-shipments`);
    await markNoReload(c);
    const mine = c.getByTestId('my-shipment').filter({ hasText: 'Oak dresser to Sparks' });
    const offer = mine.getByTestId('shipment-offer').filter({ hasText: '$85.00' });
    await offer.getByRole('button', { name: 'Accept Offer' }).click();
    await mine.getByText('Matched', { exact: true }).waitFor();
    await screenshot(c, 'my-shipments', BOTH_SIZES);

    // 4. The driver's My Routes lists the matched shipment, live, with a link to its workspace.
    const carrying = d.getByTestId('matched-shipment').filter({ hasText: 'Oak dresser to Sparks' });
    await carrying.waitFor();
    expect(await notReloaded(d)).toBe(true);
    await screenshot(d, 'my-routes', BOTH_SIZES);
    await carrying.getByRole('link', { name: 'Open shipment' }).click();
    await d.getByRole('heading', { name: 'Oak dresser to Sparks', level: 1 }).waitFor();
    const shipmentId = new URL(d.url()).pathname.split('/').pop()!;
    expect(d.url()).toContain(`/small-shipments/${shipmentId}`);

    // The matched driver sees both addresses and the customer's contact.
    const dAddresses = d.getByTestId('shipment-addresses');
    await dAddresses.getByText(PICKUP).waitFor();
    await dAddresses.getByText(DELIVERY).waitFor();
    const dContact = d.getByTestId('shipment-contact');
    await dContact.getByText('Carla Customer').waitFor();
    await dContact.getByText('775-555-0111').waitFor();
    await dContact.getByText(customer.email).waitFor();

    // The customer opens it from My Shipments and sees the driver's contact.
    await mine.getByRole('link', { name: 'Open shipment' }).click();
    await c.getByRole('heading', { name: 'Oak dresser to Sparks', level: 1 }).waitFor();
    await markNoReload(c);
    const cContact = c.getByTestId('shipment-contact');
    await cContact.getByText('Dario Driver').waitFor();
    await cContact.getByText('775-555-0222').waitFor();
    await cContact.getByText(driver.email).waitFor();
    await markNoReload(d);

    // 5. Chat both ways, live.
    await c.getByLabel('Message').fill('Hi Dario, the dresser is in the garage.');
    await c.getByRole('button', { name: 'Send' }).click();
    await d
      .getByTestId('shipment-chat-message')
      .filter({ hasText: 'the dresser is in the garage' })
      .waitFor();
    await d.getByLabel('Message').fill('Great, I will be there at 9.');
    await d.getByRole('button', { name: 'Send' }).click();
    await c.getByTestId('shipment-chat-message').filter({ hasText: 'I will be there at 9' }).waitFor();

    // A photo from the driver reaches the customer live.
    await d
      .getByLabel('Photo file')
      .setInputFiles({ name: 'dresser.png', mimeType: 'image/png', buffer: PNG });
    await c.getByTestId('shipment-photos').getByText('Dario Driver', { exact: false }).waitFor();
    expect(await c.getByTestId('shipment-photos').getByRole('img').count()).toBe(1);

    // 6. The driver reports Picked up, then Delivered; the customer follows each live.
    expect(await c.getByRole('button', { name: 'Report Picked Up' }).count()).toBe(0);
    await d.getByRole('button', { name: 'Report Picked Up' }).click();
    await d
      .getByRole('dialog', { name: 'Report picked up?' })
      .getByRole('button', { name: 'Report Picked Up' })
      .click();
    await c.getByTestId('shipment-status').filter({ hasText: 'Picked up' }).waitFor();
    await c.getByTestId('shipment-step-picked_up').filter({ hasText: 'Reported' }).waitFor();
    await d.getByRole('button', { name: 'Report Delivered' }).click();
    await d
      .getByRole('dialog', { name: 'Report delivered?' })
      .getByRole('button', { name: 'Report Delivered' })
      .click();
    await c.getByTestId('shipment-status').filter({ hasText: 'Delivered' }).waitFor();
    await c.getByTestId('shipment-step-delivered').filter({ hasText: 'Reported' }).waitFor();
    expect(await d.getByRole('button', { name: /Report/ }).count()).toBe(0);
    expect(await notReloaded(c)).toBe(true);
    expect(await notReloaded(d)).toBe(true);
    await screenshot(c, 'workspace-customer', BOTH_SIZES);
    await screenshot(d, 'workspace-driver', BOTH_SIZES);

    // The workspace reads well with assistive technology, for both sides, on a laptop and a phone.
    const problems: string[] = [];
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      for (const [page, who] of [
        [c, 'customer'],
        [d, 'driver'],
      ] as const) {
        await page.setViewportSize(viewport);
        problems.push(...(await seriousA11yProblems(page, `${who} ${viewport.width}`)));
      }
    }
    expect(problems).toEqual([]);

    // The customer was notified of each report, and the notification links to the workspace.
    const notified = await eventually(async () => {
      const notes = await customer.api.get('/api/notifications');
      const items = notes.body.items as Array<{ title: string; link: string | null }>;
      const found = items.filter((n) => n.link === `/small-shipments/${shipmentId}`).map((n) => n.title);
      return found.length >= 2 ? found : null;
    });
    expect(notified.sort()).toEqual(['Delivered: Oak dresser to Sparks', 'Picked up: Oak dresser to Sparks']);
    // The driver's acceptance notification opens the workspace too.
    const driverNotes = await driver.api.get('/api/notifications');
    const accepted = (driverNotes.body.items as Array<{ title: string; link: string | null }>).find(
      (n) => n.title === 'Your offer was accepted',
    );
    expect(accepted?.link).toBe(`/small-shipments/${shipmentId}`);
    expect(cErrors).toEqual([]);
    expect(dErrors).toEqual([]);
  }, 300_000);
});
