import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startJourney } from './browser';
import { freshAccount, markNoReload, notReloaded, pdfFile, rolePage } from './roles';

const journey = startJourney();

/** The carrier's Documents page: picks the type, chooses the file, uploads, and waits for the new row. */
async function uploadThroughForm(page: Page, documentType: string): Promise<void> {
  const rows = await page.getByTestId('document-item').count();
  const file = pdfFile(`${documentType}.pdf`);
  await page.getByTestId('document-type-select').selectOption(documentType);
  await page.getByTestId('document-file-input').setInputFiles(file);
  await page.getByTestId('selected-file').filter({ hasText: file.name }).waitFor();
  if (documentType === 'insurance') await page.getByLabel(/^Expiration Date/).fill('2099-06-30');
  await page.getByRole('button', { name: 'Upload Document' }).click();
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="document-item"]').length === n,
    rows + 1,
  );
}

const item = (page: Page, type: string) =>
  page.locator(`[data-testid="document-item"][data-document-type="${type}"]`);

/** Waits until the newest row of this type on the carrier's page shows the status. */
async function statusBecomes(page: Page, type: string, status: string): Promise<void> {
  await item(page, type).first().getByTestId('document-status').filter({ hasText: status }).waitFor();
}

describe('document review, carrier and admin each in their own browser (issue 23)', () => {
  it('a fresh carrier uploads; the admin approves one and rejects one; the carrier sees each live and is verified once all are approved and its USDOT number is given', async () => {
    const { app, browser } = journey;
    const carrierAccount = await freshAccount(app, 'carrier', { companyName: 'Prairie Wind Haulers' });

    // The admin keeps the queue open.
    const admin = await rolePage(
      browser,
      app,
      { email: 'admin@test.local', password: 'Test1234!' },
      {},
      '/admin',
    );
    await admin.page.getByRole('heading', { name: 'Document Verification Queue' }).waitFor();
    await markNoReload(admin.page);

    // The carrier uploads its three documents; the warning says what a carrier needs them for.
    const carrier = await rolePage(browser, app, carrierAccount);
    await carrier.page.getByRole('link', { name: 'Documents', exact: true }).click();
    await carrier.page.getByRole('heading', { name: 'Document Management' }).waitFor();
    expect(await carrier.page.getByTestId('compliance-warning').textContent()).toBe(
      'Complete all required documents to book loads and make offers',
    );
    await markNoReload(carrier.page);
    for (const type of ['dot_authority', 'insurance', 'equipment_cert']) {
      await uploadThroughForm(carrier.page, type);
    }

    // The admin's queue shows the three live, under the carrier's company.
    const row = (type: string) =>
      admin.page
        .locator(`[data-testid="pending-document"][data-document-type="${type}"]`)
        .filter({ hasText: 'Prairie Wind Haulers' });
    for (const type of ['dot_authority', 'insurance', 'equipment_cert']) await row(type).waitFor();

    // Approve one: the carrier sees it live.
    await row('dot_authority').getByRole('button', { name: 'Approve' }).click();
    await row('dot_authority').waitFor({ state: 'detached' });
    await statusBecomes(carrier.page, 'dot_authority', 'Approved');
    await carrier.page.getByTestId('compliance-percent').filter({ hasText: '33% Complete' }).waitFor();

    // Reject one with a reason: the carrier sees the decision and the reason live.
    await row('equipment_cert').getByRole('button', { name: 'Reject' }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByLabel('Rejection Reason').fill('Certificate has expired');
    await dialog.getByRole('button', { name: 'Reject Document' }).click();
    await dialog.waitFor({ state: 'detached' });
    await statusBecomes(carrier.page, 'equipment_cert', 'Rejected');
    expect(
      await item(carrier.page, 'equipment_cert').first().getByTestId('rejection-reason').textContent(),
    ).toBe('Rejection reason: Certificate has expired');
    expect(await carrier.page.getByTestId('compliance-warning').count()).toBe(1);

    // The carrier uploads a new certificate; the admin approves it and the insurance; the carrier is verified live.
    await uploadThroughForm(carrier.page, 'equipment_cert');
    await row('insurance').getByRole('button', { name: 'Approve' }).click();
    await row('insurance').waitFor({ state: 'detached' });
    await row('equipment_cert').getByRole('button', { name: 'Approve' }).click();
    await row('equipment_cert').waitFor({ state: 'detached' });
    await carrier.page.getByTestId('compliance-percent').filter({ hasText: '100% Complete' }).waitFor();
    // Issue 39: the documents are not all; a carrier's USDOT number completes its verification.
    const numbers = carrier.page.getByTestId('compliance-missing-numbers');
    await numbers.filter({ hasText: 'Add your USDOT number' }).waitFor();
    expect(await carrier.page.getByTestId('compliance-warning').count()).toBe(1);
    await numbers.getByRole('button', { name: 'Add USDOT number' }).click();
    const numbersDialog = carrier.page.getByRole('dialog');
    await numbersDialog.getByLabel('USDOT Number').fill('USDOT 2718281');
    await numbersDialog.getByRole('button', { name: 'Save Numbers' }).click();
    await numbersDialog.waitFor({ state: 'detached' });
    await numbers.waitFor({ state: 'detached' });
    await carrier.page.getByTestId('compliance-warning').waitFor({ state: 'detached' });
    await carrier.page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await carrier.page.getByTestId('verified-account-card').waitFor();
    await carrier.page.getByTestId('account-verification').filter({ hasText: 'Verified' }).waitFor();

    expect(await notReloaded(carrier.page)).toBe(true);
    expect(await notReloaded(admin.page)).toBe(true);
    expect(carrier.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });
});
