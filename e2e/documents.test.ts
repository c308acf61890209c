import { UserModel } from '@freight/server/features/users/model';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngClaiming, realPng } from '@test/fixtures/images';
import { startTestApp, type TestApp } from '@test/helpers';
import { launchBrowser, signIn, watchPageErrors, type E2EBrowser } from './browser';
import { markNoReload, notReloaded } from './roles';

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

const PASSWORD = 'Test1234!';
const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    `%PDF-1.4\n% ${name}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  ),
});
const png = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from(realPng(8, 8)),
});

async function uploadDocument(
  page: Page,
  documentType: string,
  file: ReturnType<typeof pdf>,
  expirationDate?: string,
): Promise<void> {
  const submit = page.getByRole('button', { name: 'Upload Document' });
  await page.getByTestId('document-type-select').selectOption(documentType);
  expect(await submit.isDisabled()).toBe(true); // no file yet
  await page.getByTestId('document-file-input').setInputFiles(file);
  await page.getByTestId('selected-file').filter({ hasText: file.name }).waitFor();
  if (expirationDate) await page.getByLabel(/^Expiration Date/).fill(expirationDate);
  expect(await submit.isEnabled()).toBe(true);
  await submit.click();
  await page.locator(`[data-testid="document-item"][data-document-type="${documentType}"]`).waitFor();
  await page.getByText('Document uploaded successfully!').waitFor();
}

function statusOf(page: Page, documentType: string) {
  return page
    .locator(`[data-testid="document-item"][data-document-type="${documentType}"]`)
    .getByTestId('document-status');
}

describe('compliance documents journey (Chromium, two browser contexts)', () => {
  it('carrier uploads three → admin queue shows them live → admin approves two, rejects one → carrier sees 67% live', async () => {
    // The admin opens the verification queue first and keeps it open.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const adminErrors = watchPageErrors(admin);
    await signIn(admin, app.url, 'admin@test.local', PASSWORD);
    await admin.getByRole('link', { name: 'Admin', exact: true }).click();
    await admin.getByRole('heading', { name: 'Document Verification Queue' }).waitFor();
    await admin.getByText('No Pending Documents').waitFor();
    await admin.getByText('All documents have been reviewed.').waitFor();
    await markNoReload(admin);

    // The carrier opens Documents and uploads three documents.
    const carrierContext = await browser.newContext();
    const carrier = await carrierContext.newPage();
    const carrierErrors = watchPageErrors(carrier);
    await signIn(carrier, app.url, 'carrier@test.local', PASSWORD);
    await carrier.getByRole('link', { name: 'Documents', exact: true }).click();
    await carrier.getByRole('heading', { name: 'Document Management' }).waitFor();
    await carrier.getByText('Upload and manage your compliance documents').waitFor();
    await carrier.getByText('No documents uploaded yet').waitFor();
    await carrier.getByText('Upload your first document to get started').waitFor();
    expect(await carrier.getByTestId('compliance-percent').textContent()).toBe('0% Complete');
    // The picker offers the carrier's types only.
    const options = await carrier.getByTestId('document-type-select').locator('option').allTextContents();
    expect(options.filter((o) => o !== 'Select document type')).toEqual([
      'DOT Authority',
      'Insurance Certificate',
      'Equipment Certificate',
    ]);
    await markNoReload(carrier);

    // An image bomb (a PNG header claiming 60000×60000 pixels) is refused with its reason by the drop area (issue 50).
    await carrier.getByTestId('document-type-select').selectOption('equipment_cert');
    await carrier.getByTestId('document-file-input').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.from(pngClaiming(60_000, 60_000)),
    });
    await carrier.getByRole('button', { name: 'Upload Document' }).click();
    await carrier
      .getByTestId('document-file-error')
      .getByText('The image is 60000×60000 pixels; images of at most 40 megapixels are accepted.')
      .waitFor();
    expect(await carrier.getByTestId('document-item').count()).toBe(0);

    await uploadDocument(carrier, 'dot_authority', pdf('dot-authority.pdf'), '2099-12-31');
    await uploadDocument(carrier, 'insurance', pdf('insurance.pdf'), '2099-06-30');
    await uploadDocument(carrier, 'equipment_cert', png('equipment.png'));
    expect(await carrier.getByTestId('document-item').count()).toBe(3);
    // The counter follows the uploads' pushes: wait for it rather than read it once.
    await carrier.getByTestId('compliance-submitted').getByText('3', { exact: true }).waitFor();
    for (const t of ['dot_authority', 'insurance', 'equipment_cert']) {
      expect(await statusOf(carrier, t).textContent()).toBe('Pending');
    }
    await carrier
      .locator('[data-testid="document-item"][data-document-type="dot_authority"]')
      .getByText('Expires: 12/31/2099')
      .waitFor();

    // The admin's open queue shows all three without a reload, with company and type.
    await admin.waitForFunction(
      () => document.querySelectorAll('[data-testid="pending-document"]').length === 3,
    );
    expect(await notReloaded(admin)).toBe(true);
    expect(await admin.getByTestId('summary-pending').getByText('3').count()).toBe(1);
    const rows = admin.getByTestId('pending-document');
    expect(await rows.first().getByText('Test Carrier LLC').count()).toBe(1);
    expect(await rows.first().getByText('Carrier', { exact: true }).count()).toBe(1);
    expect(await rows.first().getByText('Pending Review').count()).toBe(1);
    const row = (type: string) =>
      admin.locator(`[data-testid="pending-document"][data-document-type="${type}"]`);

    // View Document opens the decrypted file in a new tab.
    const viewLink = row('dot_authority').getByRole('link', { name: 'View Document' });
    expect(await viewLink.getAttribute('target')).toBe('_blank');
    const href = (await viewLink.getAttribute('href'))!;
    expect(href).toMatch(/^\/api\/documents\/[0-9a-f]{24}\/download$/);
    const download = await admin.request.get(`${app.url}${href}`);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('application/pdf');
    expect(download.headers()['content-disposition']).toContain('dot-authority.pdf');
    expect((await download.body()).equals(pdf('dot-authority.pdf').buffer)).toBe(true);

    // Approve two.
    await row('dot_authority').getByRole('button', { name: 'Approve' }).click();
    await row('dot_authority').waitFor({ state: 'detached' });
    await row('insurance').getByRole('button', { name: 'Approve' }).click();
    await row('insurance').waitFor({ state: 'detached' });

    // Reject one: the dialog's button stays disabled while the reason is blank.
    await row('equipment_cert').getByRole('button', { name: 'Reject' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Reject Document' }).waitFor();
    const rejectButton = dialog.getByRole('button', { name: 'Reject Document' });
    expect(await rejectButton.isDisabled()).toBe(true);
    await dialog.getByLabel('Rejection Reason').fill('   ');
    expect(await rejectButton.isDisabled()).toBe(true);
    await dialog.getByLabel('Rejection Reason').fill('Certificate is illegible');
    expect(await rejectButton.isEnabled()).toBe(true);
    await rejectButton.click();
    await dialog.waitFor({ state: 'detached' });
    await admin.getByText('No Pending Documents').waitFor();
    expect(await admin.getByTestId('summary-pending').getByText('0').count()).toBe(1);
    await admin.getByTestId('summary-approved').getByText('2', { exact: true }).waitFor();
    await admin.getByTestId('summary-rejected').getByText('1', { exact: true }).waitFor();

    // The carrier's open Documents page shows the three statuses and 67% without a reload.
    await carrier.waitForFunction(
      () => document.querySelector('[data-testid="compliance-percent"]')?.textContent === '67% Complete',
    );
    expect(await statusOf(carrier, 'dot_authority').textContent()).toBe('Approved');
    expect(await statusOf(carrier, 'insurance').textContent()).toBe('Approved');
    await carrier.waitForFunction(
      () =>
        document.querySelector(
          '[data-testid="document-item"][data-document-type="equipment_cert"] [data-testid="document-status"]',
        )?.textContent === 'Rejected',
    );
    expect(
      await carrier
        .locator('[data-testid="document-item"][data-document-type="equipment_cert"]')
        .getByTestId('rejection-reason')
        .textContent(),
    ).toBe('Rejection reason: Certificate is illegible');
    expect(await carrier.getByTestId('compliance-approved').getByText('2').count()).toBe(1);
    // Two of three approved: the seeded carrier is no longer verified, and is told so.
    await carrier.getByTestId('compliance-warning').waitFor();
    expect(await carrier.getByTestId('compliance-warning').textContent()).toBe(
      'Complete all required documents to book loads and make offers',
    );
    expect(await notReloaded(carrier)).toBe(true);

    // The dashboard (client-side navigation) agrees: 67%, and no Verified Account card.
    await carrier.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await carrier.getByTestId('welcome-heading').waitFor();
    await carrier.getByTestId('compliance-percent').filter({ hasText: '67% Complete' }).waitFor();
    expect(await carrier.getByTestId('verified-account-card').count()).toBe(0);
    expect(await notReloaded(carrier)).toBe(true);

    expect(adminErrors).toEqual([]);
    expect(carrierErrors).toEqual([]);
  });

  it('sends a user without a type to / with the setup toast, and a non-admin away from /admin', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, app.url, 'shipper@test.local', PASSWORD);
    // The Verified Account card shows for a verified user.
    await page.getByTestId('verified-account-card').waitFor();
    await page.goto(`${app.url}/admin`);
    await page.getByText('Admin access required to view this page.').first().waitFor();
    await page.getByTestId('welcome-heading').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await UserModel.updateOne({ email: 'shipper@test.local' }, { $set: { userType: null } });
    await page.goto(`${app.url}/documents`);
    await page.getByText('Please complete your account setup first.').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
