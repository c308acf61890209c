// Issue 15: a carrier follows their requests, booked loads and offers in My Loads; a shipper sees their posted loads.
import type { FreightListingDto } from '@freight/shared';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '@test/helpers';
import { signIn, startJourney, watchPageErrors } from './browser';

const journey = startJourney();

async function as(email: string): Promise<TestClient> {
  const c = journey.app.client();
  await c.login(email);
  return c;
}

async function post(c: TestClient, originCity: string, originState: string): Promise<FreightListingDto> {
  const res = await c.post('/api/freight', {
    title: `Workspace load from ${originCity}`,
    originCity,
    originState,
    destinationCity: 'Memphis',
    destinationState: 'TN',
    rate: 1900,
  });
  expect(res.status, res.text).toBe(201);
  return res.body as FreightListingDto;
}

describe('My Loads and My Offers (issue 15)', () => {
  it('a carrier follows a booking, a refused request and a rejected offer; a shipper sees the next step of each load', async () => {
    const shipper = await as('shipper@test.local');
    const broker = await as('broker@test.local');
    const carrier = await as('carrier@test.local');
    const booked = await post(shipper, 'Little Rock', 'AR');
    const refused = await post(shipper, 'Jackson', 'MS');
    const offered = await post(broker, 'Tupelo', 'MS');

    const review = async (loadId: string, status: 'approved' | 'rejected') => {
      const req = await carrier.post(`/api/freight/${loadId}/book`, { message: 'Ready' });
      expect(req.status, req.text).toBe(201);
      const res = await shipper.post(`/api/booking-requests/${req.body.request.id}/review`, { status });
      expect(res.status, res.text).toBe(200);
    };
    await review(booked.id, 'approved');
    await review(refused.id, 'rejected');
    const offer = await carrier.post(`/api/freight/${offered.id}/negotiate`, { proposedRate: 1700 });
    expect(offer.status, offer.text).toBe(201);
    const rejected = await broker.post(`/api/negotiations/${offer.body.negotiation.id}/reject`);
    expect(rejected.status, rejected.text).toBe(200);

    const page = await (await journey.browser.newContext()).newPage();
    const errors = watchPageErrors(page);
    await signIn(page, journey.app.url, 'carrier@test.local', 'Test1234!');
    await page.getByRole('link', { name: 'My Loads', exact: true }).click();
    await page.getByRole('heading', { name: 'My Loads', level: 1 }).waitFor();

    const requested = page.getByRole('region', { name: 'Requested' });
    const refusedRow = requested
      .getByTestId('workspace-row')
      .filter({ hasText: 'Jackson, MS → Memphis, TN' });
    await refusedRow.getByText('Not accepted').waitFor();
    await refusedRow.getByRole('link', { name: 'Find another load' }).waitFor();
    const bookedRow = page
      .getByRole('region', { name: 'Booked' })
      .getByTestId('workspace-row')
      .filter({ hasText: 'Little Rock, AR → Memphis, TN' });
    await bookedRow.getByRole('link', { name: 'Start the trip' }).click();
    await page.waitForURL(`${journey.app.url}/tracking/${booked.id}`);

    await page.goBack();
    await page.getByRole('tab', { name: 'My Offers' }).click();
    const offerRow = page.getByTestId('workspace-offer').filter({ hasText: 'Tupelo, MS' });
    await offerRow.getByText('Rejected', { exact: true }).first().waitFor();
    await offerRow
      .getByTestId('negotiation-history')
      .getByText(/\$1,700\.00/)
      .waitFor();

    const shipperPage = await (await journey.browser.newContext()).newPage();
    await signIn(shipperPage, journey.app.url, 'shipper@test.local', 'Test1234!', '/my-loads');
    const bookedForShipper = shipperPage.getByTestId('workspace-row').filter({ hasText: 'Little Rock, AR' });
    await bookedForShipper.getByText('Booked', { exact: true }).waitFor();
    await bookedForShipper.getByRole('link', { name: 'Waiting for pickup: follow it' }).waitFor();
    await shipperPage
      .getByTestId('workspace-row')
      .filter({ hasText: 'Jackson, MS' })
      .getByRole('link', { name: 'Review booking requests and offers' })
      .waitFor();
    expect(errors).toEqual([]);
  });
});
