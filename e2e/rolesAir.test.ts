// Issue 23, item 3: an air shipment is posted, requested, approved and tracked, each air cargo operator in its own
// browser, each seeing the other's change without a reload.
import type { FreightListingDto, Page as ApiPage } from '@freight/shared';
import { UserModel } from '@freight/server/features/users/model';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEST_USER_PASSWORD, type TestClient } from '@test/helpers';
import { signIn, startJourney, watchPageErrors } from './browser';

const journey = startJourney();

/** A fresh air cargo operator: registered, verified (as an admin's document approval would) and on a plan. */
async function freshAirOperator(company: string): Promise<{ api: TestClient; email: string }> {
  const api = journey.app.client();
  const user = await api.registerAndLogin({ userType: 'air_cargo', companyName: company });
  await UserModel.updateOne({ _id: user.id }, { $set: { isVerified: true } });
  const plan = await api.post('/api/subscriptions/activate', { plan: 'air_cargo_basic' });
  expect(plan.status, plan.text).toBe(200);
  return { api, email: user.email };
}

async function browserFor(email: string): Promise<{ page: Page; errors: string[] }> {
  const page = await (await journey.browser.newContext()).newPage();
  const errors = watchPageErrors(page);
  await signIn(page, journey.app.url, email, TEST_USER_PASSWORD);
  return { page, errors };
}

describe('issue 23: air shipments booked end to end', () => {
  it('an operator posts, another requests ("Requested", also after a reload), the poster approves from My Loads, both track and chat live', async () => {
    const stamp = Date.now().toString(36);
    const title = `Turbine parts ${stamp}`;
    const poster = await freshAirOperator(`Skylift Cargo ${stamp}`);
    const requester = await freshAirOperator(`Jetstream Freight ${stamp}`);

    // The poster posts the shipment on the air marketplace.
    const p = await browserFor(poster.email);
    await p.page.getByRole('link', { name: 'Air Freight', exact: true }).click();
    await p.page.getByRole('heading', { name: 'Air Freight Marketplace' }).waitFor();
    await p.page.getByRole('button', { name: 'Post Air Shipment' }).first().click();
    const form = p.page.getByRole('dialog');
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Origin City').fill('Chicago');
    await form.getByLabel('Origin State/Region').fill('IL');
    // Issue 39: the countries of ISO 3166 (Colombia was missing), and no region asked for outside North America.
    await form.getByLabel('Destination City').fill('Bogota');
    await form.getByLabel('Destination Country').selectOption('Colombia');
    const region = form.getByLabel('Destination State/Region');
    expect(await region.evaluate((el) => (el as HTMLInputElement).required)).toBe(false);
    await form.getByLabel('Rate ($)').fill('5400');
    await form.getByRole('button', { name: 'Post Air Shipment' }).click();
    await form.waitFor({ state: 'detached' });
    const ownCard = p.page.getByTestId('air-listing').filter({ hasText: `Skylift Cargo ${stamp}` });
    await ownCard.waitFor();
    await ownCard.getByText('Bogota, Colombia').waitFor();
    // Nobody books their own shipment.
    expect(await ownCard.getByRole('button').count()).toBe(0);
    const mine = (await poster.api.get('/api/freight/my-listings?equipmentType=air_cargo'))
      .body as ApiPage<FreightListingDto>;
    const load = mine.items.find((l) => l.title === title)!;
    expect(load).toBeTruthy();

    // The poster waits on the dashboard: the booking requests card is there for air cargo operators too.
    await p.page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    const requestsCard = p.page.getByRole('region', { name: /Booking Requests/ });
    await requestsCard.waitFor();

    // The second operator books it and is told it is requested, not booked.
    const r = await browserFor(requester.email);
    await r.page.getByRole('link', { name: 'Air Freight', exact: true }).click();
    const card = r.page.getByTestId('air-listing').filter({ hasText: `Skylift Cargo ${stamp}` });
    await card.getByRole('button', { name: 'Book Now' }).click();
    await r.page.getByText('Booking request sent', { exact: false }).first().waitFor();
    expect(await r.page.getByText('Freight booked successfully!').count()).toBe(0);
    await card.getByRole('button', { name: 'Requested' }).waitFor();
    expect(await card.getByRole('button', { name: 'Requested' }).isDisabled()).toBe(true);
    expect(await card.getByRole('button', { name: 'Book Now' }).count()).toBe(0);
    await card.getByText('Available', { exact: true }).waitFor();

    // After a reload the card still says Requested and offers no second Book Now.
    await r.page.reload();
    await card.getByRole('button', { name: 'Requested' }).waitFor();
    expect(await card.getByRole('button', { name: 'Book Now' }).count()).toBe(0);

    // The poster sees the request arrive live on the dashboard, then in My Loads, and approves it there.
    const request = requestsCard.getByTestId('booking-request').filter({ hasText: title });
    await request.waitFor();
    await request.getByText(`Jetstream Freight ${stamp}`).waitFor();
    await p.page.getByRole('link', { name: 'My Loads', exact: true }).click();
    await p.page.getByRole('heading', { name: 'My Loads', level: 1 }).waitFor();
    const myLoadsRequest = p.page.getByTestId('booking-request').filter({ hasText: title });
    await myLoadsRequest.getByRole('button', { name: 'Accept Carrier' }).click();
    await p.page.getByText('Booking request approved successfully').first().waitFor();
    await myLoadsRequest.waitFor({ state: 'detached' });

    // The requester sees it booked without a reload, with the way to the tracking page.
    await card.getByText('Booked', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Requested' }).count()).toBe(0);
    await card.getByRole('link', { name: 'Track' }).click();
    await r.page.waitForURL(`${journey.app.url}/tracking/${load.id}`);

    // The poster follows it from My Loads to the tracking page.
    const row = p.page.getByTestId('workspace-row').filter({ hasText: title });
    await row.getByRole('link', { name: /follow it/ }).click();
    await p.page.waitForURL(`${journey.app.url}/tracking/${load.id}`);

    // Both chat, live.
    for (const page of [p.page, r.page]) await page.getByRole('tab', { name: /Chat/ }).click();
    const input = r.page.getByLabel('Message');
    await input.fill('Cargo cleared customs, loading at 6');
    await input.press('Enter');
    await p.page.getByTestId('chat-messages').getByText('Cargo cleared customs, loading at 6').waitFor();
    await p.page.getByLabel('Message').fill('Great, thanks');
    await p.page.getByRole('button', { name: 'Send', exact: true }).click();
    await r.page.getByTestId('chat-messages').getByText('Great, thanks').waitFor();

    // The load documents are there for both (the rate confirmation once booked).
    for (const page of [p.page, r.page]) {
      await page
        .getByTestId('load-documents')
        .getByRole('link', { name: 'Download Rate Confirmation' })
        .waitFor();
    }
    expect(p.errors).toEqual([]);
    expect(r.errors).toEqual([]);
  });
});
