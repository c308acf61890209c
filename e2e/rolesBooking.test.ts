import { describe, expect, it } from 'vitest';
import { startJourney } from './browser';
import { markNoReload, notReloaded, rolePage, verifiedAccount } from './roles';

const journey = startJourney();

describe('post, request, approve: a fresh shipper and a fresh carrier, each in their own browser (issue 23)', () => {
  it('the shipper posts; the carrier sees it live and requests; the shipper approves from the dashboard; the carrier sees it booked live', async () => {
    const { app, browser } = journey;
    const [shipperAccount, carrierAccount] = await Promise.all([
      verifiedAccount(app, 'shipper', { companyName: 'Harbor Goods Co' }),
      verifiedAccount(app, 'carrier', { companyName: 'Bluegrass Carriers' }),
    ]);
    const route = 'Louisville, KY → Nashville, TN';

    // The carrier watches the board.
    const carrier = await rolePage(browser, app, carrierAccount);
    await carrier.page.getByRole('link', { name: 'Freight', exact: true }).click();
    await carrier.page.getByRole('heading', { name: 'Freight Load Board' }).waitFor();
    await markNoReload(carrier.page);

    // The shipper posts from the board, then keeps its dashboard open.
    const shipper = await rolePage(browser, app, shipperAccount);
    await shipper.page.getByRole('link', { name: 'Freight', exact: true }).click();
    await shipper.page.getByRole('button', { name: 'Post Freight' }).click();
    const form = shipper.page.getByRole('dialog', { name: 'Post New Load' });
    await form.getByLabel('Load Title').fill('Bourbon barrels');
    await form.getByLabel('Origin City').fill('Louisville');
    await form.getByLabel('Origin State').selectOption('KY');
    await form.getByLabel('Destination City').fill('Nashville');
    await form.getByLabel('Destination State').selectOption('TN');
    await form.getByLabel('Rate ($)').fill('850');
    await form.getByRole('button', { name: 'Post Load' }).click();
    await form.waitFor({ state: 'hidden' });
    await shipper.page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await shipper.page.getByRole('heading', { name: 'Carrier Booking Requests' }).waitFor();
    await markNoReload(shipper.page);

    // The carrier's open board shows the load without a reload; the carrier requests it.
    const card = carrier.page.getByRole('article', { name: `Load ${route}` });
    await card.getByText('$850.00').waitFor();
    await card.getByRole('button', { name: 'Request to Book' }).click();
    const dialog = carrier.page.getByRole('dialog', { name: 'Send Booking Request' });
    await dialog.getByLabel('Message to Shipper (Optional)').fill('Two trucks in Louisville today');
    await dialog.getByRole('button', { name: 'Send Booking Request' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The shipper's dashboard shows the request live, with the carrier's company; the shipper approves it.
    const request = shipper.page.getByTestId('booking-request').filter({ hasText: 'Bourbon barrels' });
    await request.getByText('Two trucks in Louisville today').waitFor();
    await request.getByText('Company: Bluegrass Carriers').waitFor();
    await request.getByRole('button', { name: 'Accept Carrier' }).click();
    await request.waitFor({ state: 'detached' });

    // The carrier's card turns Booked with a Track link, live.
    await card.getByTestId('freight-status').filter({ hasText: 'Booked' }).waitFor();
    await card.getByRole('link', { name: 'Track' }).waitFor();
    expect(await card.getByRole('button', { name: 'Request to Book' }).count()).toBe(0);

    expect(await notReloaded(carrier.page)).toBe(true);
    expect(await notReloaded(shipper.page)).toBe(true);
    expect(carrier.errors).toEqual([]);
    expect(shipper.errors).toEqual([]);
  });
});
