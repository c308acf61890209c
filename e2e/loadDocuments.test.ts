import { TEST_ACCOUNT_PASSWORD } from '@freight/shared';
import { seedLoad } from '@freight/server/features/tracking/testing';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, startJourney, watchPageErrors } from './browser';
import { userIdOf } from './roles';

const journey = startJourney();

/** Clicks the card's Rate Confirmation download and answers the saved file's name and first bytes. */
async function downloadRateConfirmation(page: Page): Promise<{ name: string; head: string }> {
  const row = page.getByTestId('load-document-rate_confirmation');
  await row.waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('link', { name: 'Download Rate Confirmation' }).click(),
  ]);
  const file = await download.path();
  return {
    name: download.suggestedFilename(),
    head: (await readFile(file)).subarray(0, 5).toString('latin1'),
  };
}

describe('load documents journey (Chromium)', () => {
  it('both parties download the rate confirmation from the tracking page; it turns ready live', async () => {
    const { app, browser } = journey;
    const shipperId = await userIdOf('shipper@test.local');
    const carrierId = await userIdOf('carrier@test.local');
    // Booked directly (no booking announcement, so no job): the card offers it as being prepared.
    const freightId = await seedLoad({ posterId: shipperId, carrierId, title: 'E2E rate confirmation' });
    const ref = freightId.slice(-6).toUpperCase();

    const shipperPage = await (await browser.newContext({ acceptDownloads: true })).newPage();
    const shipperErrors = watchPageErrors(shipperPage);
    await signIn(shipperPage, app.url, 'shipper@test.local', TEST_ACCOUNT_PASSWORD, `/tracking/${freightId}`);
    const card = shipperPage.getByTestId('load-documents');
    await card.getByRole('heading', { name: 'Load documents' }).waitFor();
    await card.getByText('Preparing').waitFor();
    await expect(card.getByText('Proof of Delivery').count()).resolves.toBe(0);

    const carrierPage = await (await browser.newContext({ acceptDownloads: true })).newPage();
    const carrierErrors = watchPageErrors(carrierPage);
    await signIn(carrierPage, app.url, 'carrier@test.local', TEST_ACCOUNT_PASSWORD, `/tracking/${freightId}`);
    const carrierSaved = await downloadRateConfirmation(carrierPage);
    expect(carrierSaved).toEqual({ name: `rate-confirmation-${ref}.pdf`, head: '%PDF-' });

    // The carrier's download made it: the shipper's open page shows it ready without a reload.
    await card.getByText('Preparing').waitFor({ state: 'detached' });
    await card.getByText(/^PDF · \d+ KB · issued /).waitFor();
    const shipperSaved = await downloadRateConfirmation(shipperPage);
    expect(shipperSaved).toEqual({ name: `rate-confirmation-${ref}.pdf`, head: '%PDF-' });

    // My Loads links the same document.
    await shipperPage.goto(`${app.url}/my-loads`);
    await shipperPage
      .getByTestId('load-document-links')
      .first()
      .getByRole('link', { name: 'Rate Confirmation' })
      .waitFor();
    expect([...shipperErrors, ...carrierErrors]).toEqual([]);
  });
});
