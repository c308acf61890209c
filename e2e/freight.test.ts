import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

async function signedInPage(email: string): Promise<{ page: Page; errors: string[] }> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const errors = watchPageErrors(page);
  await signIn(page, app.url, email, 'Test1234!');
  return { page, errors };
}

describe('freight marketplace journey', () => {
  it('shipper posts → carrier sees it live → requests with a message → shipper accepts live → carrier sees Booked with Track', async () => {
    const route = 'Omaha, NE → Tulsa, OK';
    const carrier = await signedInPage('carrier@test.local');
    await carrier.page.getByRole('link', { name: 'Freight', exact: true }).click();
    await carrier.page.getByRole('heading', { name: 'Freight Load Board' }).waitFor();
    await carrier.page.getByText('No Freight Available').waitFor();

    const shipper = await signedInPage('shipper@test.local');
    await shipper.page.getByRole('link', { name: 'Freight', exact: true }).click();
    await shipper.page.getByRole('button', { name: 'Post Freight' }).click();
    const form = shipper.page.getByRole('dialog', { name: 'Post New Load' });
    await form.getByLabel('Load Title').fill('Omaha grain');
    await form.getByLabel('Origin City').fill('Omaha');
    await form.getByLabel('Origin State').selectOption('NE');
    await form.getByLabel('Destination City').fill('Tulsa');
    await form.getByLabel('Destination State').selectOption('OK');
    await form.getByLabel('Rate ($)').fill('1250.50');
    await form.getByLabel('Weight (lbs)').fill('40000');
    await form.getByLabel('Commodity').fill('Grain');
    await form.getByRole('button', { name: 'Post Load' }).click();
    await form.waitFor({ state: 'hidden' });
    await shipper.page.getByRole('article', { name: `Load ${route}` }).waitFor();
    // The shipper's dashboard is open before the carrier asks.
    await shipper.page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await shipper.page.getByRole('heading', { name: 'Carrier Booking Requests' }).waitFor();

    // The carrier's open board shows the new load without a reload.
    const card = carrier.page.getByRole('article', { name: `Load ${route}` });
    await card.waitFor();
    await card.getByText('$1,250.50').waitFor();
    // View Details shows the whole listing.
    await card.getByRole('button', { name: 'View Details' }).click();
    const details = carrier.page.getByRole('dialog');
    await details.getByText('Posted by').waitFor();
    expect(await details.getByText('$1,250.50').count()).toBeGreaterThan(0);
    await details.getByRole('button', { name: 'Close', exact: true }).first().click();
    await details.waitFor({ state: 'detached' });
    await card.getByRole('button', { name: 'Request to Book' }).click();
    const dialog = carrier.page.getByRole('dialog', { name: 'Send Booking Request' });
    await dialog.getByLabel('Message to Shipper (Optional)').fill('Reefer nearby, can load tomorrow');
    await dialog.getByRole('button', { name: 'Send Booking Request' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The shipper's dashboard shows the request without a reload.
    const request = shipper.page.getByTestId('booking-request').filter({ hasText: 'Omaha grain' });
    await request.getByText('Reefer nearby, can load tomorrow').waitFor();
    expect(await request.getByText('Company: Test Carrier LLC').count()).toBe(1);
    expect(await shipper.page.getByTestId('booking-requests-count').textContent()).toBe('1');
    await request.getByRole('button', { name: 'Accept Carrier' }).click();
    await request.waitFor({ state: 'detached' });

    // The carrier's card shows Booked with a Track link, without a reload.
    await card.getByTestId('freight-status').filter({ hasText: 'Booked' }).waitFor();
    const track = card.getByRole('link', { name: 'Track' });
    await track.waitFor();
    // A booked load is on the board of those who take part in it only (here: the carrier it is booked to).
    const carrierApi = app.client();
    await carrierApi.login('carrier@test.local');
    const listing = (await carrierApi.get('/api/freight?originCity=omaha')).body.items[0];
    expect(await track.getAttribute('href')).toBe(`/tracking/${listing.id}`);
    expect(await card.getByRole('button', { name: 'Make Offer' }).count()).toBe(0);
    expect(carrier.errors).toEqual([]);
    expect(shipper.errors).toEqual([]);
  });

  it('signed-out visitors see the board and are asked to sign in to book', async () => {
    const shipper = app.client();
    await shipper.login('shipper@test.local');
    await shipper.post('/api/freight', {
      originCity: 'Reno',
      originState: 'NV',
      destinationCity: 'Boise',
      destinationState: 'ID',
      rate: 900,
    });
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto(`${app.url}/freight`);
    const card = page.getByRole('article', { name: 'Load Reno, NV → Boise, ID' });
    await card.getByRole('button', { name: 'Sign In to Book' }).click();
    await page.getByText('Please sign in to book freight loads').waitFor();
    // Issue 23: the sign-in dialog opens on the board itself (SPEC §2 sent the visitor to /, losing the load).
    await page.getByRole('dialog', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/freight');
  });

  it('Broker Hub: post a load, see stats, accept a carrier offer live, invite a shipper who accepts', async () => {
    const broker = await signedInPage('broker@test.local');
    await broker.page.getByRole('link', { name: 'Broker Hub' }).click();
    await broker.page.getByText('Test Brokerage - DAT-Style Loadboard').waitFor();
    await broker.page.getByRole('button', { name: 'Post New Load' }).click();
    const form = broker.page.getByRole('dialog', { name: 'Post New Load' });
    await form.getByLabel('Origin City').fill('Savannah');
    await form.getByLabel('Origin State').selectOption('GA');
    await form.getByLabel('Destination City').fill('Orlando');
    await form.getByLabel('Destination State').selectOption('FL');
    await form.getByLabel('Rate ($)').fill('900');
    await form.getByRole('button', { name: 'Post Load' }).click();
    await form.waitFor({ state: 'hidden' });
    const myLoad = broker.page.getByTestId('broker-load').filter({ hasText: 'Savannah, GA → Orlando, FL' });
    await myLoad.waitFor();
    expect(await broker.page.getByTestId('stat-Active Loads').textContent()).toBe('1');

    const carrier = app.client();
    await carrier.login('carrier@test.local');
    const listing = (await app.client().get('/api/freight?originCity=savannah')).body.items[0];
    await broker.page.getByRole('tab', { name: 'Rate Negotiations' }).click();
    await broker.page.getByText('Rate negotiations will appear here when carriers make offers.').waitFor();
    const offered = await carrier.post(`/api/freight/${listing.id}/negotiate`, { proposedRate: 850 });
    expect(offered.status).toBe(201);
    const offer = broker.page
      .getByTestId('negotiation')
      .filter({ hasText: 'Test Carrier LLC offered $850.00' });
    await offer.waitFor();
    await offer.getByRole('button', { name: 'Accept' }).click();
    await broker.page.getByText('Negotiation accepted successfully!', { exact: true }).waitFor();
    await offer.getByText('Accepted').waitFor();

    await broker.page.getByRole('tab', { name: 'Shipper Relationships' }).click();
    await broker.page.getByRole('button', { name: 'Add Shipper Relationship' }).click();
    const dialog = broker.page.getByRole('dialog', { name: 'Add Shipper Relationship' });
    await dialog.getByLabel('Shipper Email').fill('shipper@test.local');
    await dialog.getByLabel('Credit Limit ($)').fill('50000');
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    // An invitation (issue #12): pending, with only the email typed, until the shipper accepts it.
    await broker.page.getByTestId('shipper-invitation').filter({ hasText: 'shipper@test.local' }).waitFor();
    expect(await broker.page.getByTestId('shipper-relationship').count()).toBe(0);
    expect(await broker.page.getByText('Test Shipper Inc').count()).toBe(0);

    // The shipper sees it on the dashboard and accepts; the broker's hub shows the relationship live.
    const shipper = await signedInPage('shipper@test.local');
    const invitation = shipper.page.getByTestId('broker-invitation').filter({ hasText: 'Test Brokerage' });
    await invitation.getByRole('button', { name: 'Accept' }).click();
    await shipper.page.getByText('Test Brokerage is now your broker.').waitFor();
    await invitation.waitFor({ state: 'detached' });
    await broker.page.getByTestId('shipper-relationship').filter({ hasText: 'Test Shipper Inc' }).waitFor();
    expect(await broker.page.getByTestId('shipper-invitation').count()).toBe(0);
    expect(await broker.page.getByTestId('stat-Active Shippers').textContent()).toBe('1');
    expect(broker.errors).toEqual([]);
    expect(shipper.errors).toEqual([]);
  });
});
