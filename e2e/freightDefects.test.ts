// Issue 14, the freight and Broker Hub defects: one journey step per defect.
import type { FreightListingDto, NotificationDto, Page as ApiPage } from '@freight/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually, type TestClient } from '@test/helpers';
import { signIn, watchPageErrors, startJourney } from './browser';

const journey = startJourney();

async function signedInPage(email: string): Promise<{ page: Page; errors: string[] }> {
  const ctx = await journey.browser.newContext();
  const page = await ctx.newPage();
  const errors = watchPageErrors(page);
  await signIn(page, journey.app.url, email, 'Test1234!');
  return { page, errors };
}

async function apiAs(email: string): Promise<TestClient> {
  const c = journey.app.client();
  await c.login(email);
  return c;
}

async function postLoad(c: TestClient, body: Record<string, unknown>): Promise<FreightListingDto> {
  const res = await c.post('/api/freight', { title: 'Defect load', rate: 1000, distance: 500, ...body });
  expect(res.status).toBe(201);
  return res.body as FreightListingDto;
}

async function openBoard(page: Page) {
  await page.getByRole('link', { name: 'Freight', exact: true }).click();
  await page.getByRole('heading', { name: 'Freight Load Board' }).waitFor();
}

/** The carrier's board, open on a load `poster` has just posted from `from` to `to` ([city, state]). */
async function carrierBoardWithLoad(
  poster: TestClient,
  from: [string, string],
  to: [string, string],
  rate = 1000,
) {
  const [originCity, originState] = from;
  const [destinationCity, destinationState] = to;
  const listing = await postLoad(poster, {
    originCity,
    originState,
    destinationCity,
    destinationState,
    rate,
  });
  const carrier = await signedInPage('carrier@test.local');
  await openBoard(carrier.page);
  const card = carrier.page.getByRole('article', {
    name: `Load ${originCity}, ${originState} → ${destinationCity}, ${destinationState}`,
  });
  await card.getByRole('button', { name: 'Request to Book' }).waitFor();
  return { listing, carrier, card };
}

describe('issue 14: freight and Broker Hub defects', () => {
  it('4: Post Load offers every board equipment type, and a Reefer filter finds refrigerated loads', async () => {
    const shipperApi = await apiAs('shipper@test.local');
    // The old posting name: stored and shown as a reefer.
    const cold = await postLoad(shipperApi, {
      originCity: 'Fargo',
      originState: 'ND',
      destinationCity: 'Duluth',
      destinationState: 'MN',
      equipmentType: 'refrigerated',
    });
    expect(cold.equipmentType).toBe('reefer');

    const shipper = await signedInPage('shipper@test.local');
    await openBoard(shipper.page);
    await shipper.page.getByRole('button', { name: 'Post Freight' }).click();
    const form = shipper.page.getByRole('dialog', { name: 'Post New Load' });
    const equipment = form.getByLabel('Equipment Type');
    await equipment.waitFor(); // the dialog's code loads when it first opens (issue 24)
    const options = await equipment.locator('option').allTextContents();
    for (const label of ['Reefer', 'Step Deck', 'Lowboy', 'Tanker', 'Container', 'Box Truck', 'Power Only']) {
      expect(options).toContain(label);
    }
    expect(options).not.toContain('Refrigerated');
    await form.getByLabel('Origin City').fill('Bismarck');
    await form.getByLabel('Origin State').selectOption('ND');
    await form.getByLabel('Destination City').fill('Pierre');
    await form.getByLabel('Destination State').selectOption('SD');
    await equipment.selectOption({ label: 'Step Deck' });
    await form.getByRole('button', { name: 'Post Load' }).click();
    await form.waitFor({ state: 'hidden' });
    await shipper.page
      .getByRole('article', { name: 'Load Bismarck, ND → Pierre, SD' })
      .getByText('Step Deck')
      .waitFor();

    const carrier = await signedInPage('carrier@test.local');
    await openBoard(carrier.page);
    await carrier.page.getByRole('button', { name: 'Filters' }).click();
    const filters = carrier.page.getByRole('form', { name: 'Load board filters' });
    await filters.getByLabel('Equipment Type').selectOption({ label: 'Reefer' });
    await filters.getByRole('button', { name: /^Search/ }).click();
    const card = carrier.page.getByRole('article', { name: 'Load Fargo, ND → Duluth, MN' });
    await card.getByText('Reefer').waitFor();
    await carrier.page
      .getByTestId('showing-count')
      .filter({ hasText: /^Showing 1 of / })
      .waitFor();
    expect(shipper.errors).toEqual([]);
    expect(carrier.errors).toEqual([]);
  });

  it('6: Broker Hub Remove asks first; keeping the load keeps it', async () => {
    const brokerApi = await apiAs('broker@test.local');
    await postLoad(brokerApi, {
      originCity: 'Macon',
      originState: 'GA',
      destinationCity: 'Mobile',
      destinationState: 'AL',
    });
    const broker = await signedInPage('broker@test.local');
    await broker.page.getByRole('link', { name: 'Broker Hub' }).click();
    const load = broker.page.getByTestId('broker-load').filter({ hasText: 'Macon, GA → Mobile, AL' });
    await load.getByRole('button', { name: 'Remove' }).click();
    const ask = broker.page.getByRole('dialog', { name: 'Remove this load?' });
    await ask.getByText('This cannot be undone.').waitFor();
    await ask.getByRole('button', { name: 'Keep Load' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await load.getByText('Available').count()).toBe(1);

    await load.getByRole('button', { name: 'Remove' }).click();
    await ask.getByRole('button', { name: 'Remove Load' }).click();
    await broker.page.getByText('Load removed successfully!').waitFor();
    await load.getByRole('button', { name: 'Remove' }).waitFor({ state: 'detached' });
    expect(broker.errors).toEqual([]);
  });

  it("7: a second Request to Book shows the server's reason and the card shows Requested", async () => {
    const shipperApi = await apiAs('shipper@test.local');
    const { listing, carrier, card } = await carrierBoardWithLoad(
      shipperApi,
      ['Provo', 'UT'],
      ['Ogden', 'UT'],
    );
    // The same carrier asks from elsewhere (another tab, the phone) while this board is open.
    const carrierApi = await apiAs('carrier@test.local');
    expect((await carrierApi.post(`/api/freight/${listing.id}/book`, { message: 'first' })).status).toBe(201);

    await card.getByRole('button', { name: 'Request to Book' }).click();
    const dialog = carrier.page.getByRole('dialog', { name: 'Send Booking Request' });
    await dialog.getByRole('button', { name: 'Send Booking Request' }).click();
    await carrier.page.getByText('You already have a pending booking request for this load').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByRole('button', { name: 'Requested' }).waitFor();
    expect(await card.getByRole('button', { name: 'Requested' }).isDisabled()).toBe(true);

    // After a reload the card still says so.
    await carrier.page.reload();
    await card.getByRole('button', { name: 'Requested' }).waitFor();
    expect(carrier.errors).toEqual([]);
  });

  it('11: notifications print money as $2,250.00, and a booked card has no Request to Book', async () => {
    const brokerApi = await apiAs('broker@test.local');
    const { listing, carrier, card } = await carrierBoardWithLoad(
      brokerApi,
      ['Yuma', 'AZ'],
      ['Tucson', 'AZ'],
      2400,
    );

    const carrierApi = await apiAs('carrier@test.local');
    // One carrier's offers fold into the broker's unread notification (issue 25): read the earlier ones first.
    expect((await brokerApi.post('/api/notifications/read-all', {})).status).toBe(200);
    const offer = await carrierApi.post(`/api/freight/${listing.id}/negotiate`, { proposedRate: 2250 });
    expect(offer.status).toBe(201);
    const bodies = async (c: TestClient) =>
      ((await c.get('/api/notifications')).body as ApiPage<NotificationDto>).items.map((n) => n.body);
    await eventually(async () =>
      (await bodies(brokerApi)).includes('Test Carrier LLC offered $2,250.00 for Defect load.'),
    );
    const accepted = await brokerApi.post(`/api/negotiations/${offer.body.negotiation.id}/accept`, {
      version: offer.body.negotiation.version,
    });
    expect(accepted.status).toBe(200);
    await eventually(async () =>
      (await bodies(carrierApi)).includes(
        'Your offer of $2,250.00 on Defect load was accepted: the load is booked to you.',
      ),
    );

    await card.getByTestId('freight-status').filter({ hasText: 'Booked' }).waitFor();
    expect(await card.getByRole('button', { name: 'Request to Book' }).count()).toBe(0);
    expect(carrier.errors).toEqual([]);
  });

  it('15: Post Load marks its four required fields with *', async () => {
    const shipper = await signedInPage('shipper@test.local');
    await openBoard(shipper.page);
    await shipper.page.getByRole('button', { name: 'Post Freight' }).click();
    const form = shipper.page.getByRole('dialog', { name: 'Post New Load' });
    // The mark sits beside its label (aria-hidden): the label text stays the field's name.
    const marked = form.locator('label:has(+ [aria-hidden="true"])');
    await marked.first().waitFor();
    expect(await marked.allTextContents()).toEqual([
      'Origin City',
      'Origin State',
      'Destination City',
      'Destination State',
    ]);
    expect(await form.locator('label + [aria-hidden="true"]').allTextContents()).toEqual([
      '*',
      '*',
      '*',
      '*',
    ]);
    expect(shipper.errors).toEqual([]);
  });
});
