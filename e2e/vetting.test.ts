// Issue 16, vetting: a carrier enters MC and USDOT numbers; the shipper sees them, with the carrier's approved
// documents, on the booking request before accepting.
import type { FreightListingDto } from '@freight/shared';
import { DocumentModel } from '@freight/server/features/documents/model';
import { describe, expect, it } from 'vitest';
import { signIn, startJourney, watchPageErrors } from './browser';

const journey = startJourney();

describe('carrier vetting (issue 16)', () => {
  it('the MC and USDOT numbers a carrier saves show on the request the shipper reviews, with its documents', async () => {
    const carrier = await (await journey.browser.newContext()).newPage();
    const errors = watchPageErrors(carrier);
    await signIn(carrier, journey.app.url, 'carrier@test.local', 'Test1234!');
    await carrier.getByRole('button', { name: 'Edit MC / USDOT' }).click();
    const dialog = carrier.getByRole('dialog', { name: 'MC and USDOT Numbers' });
    await dialog.getByLabel('MC Number').fill('MC-12A');
    await dialog.getByRole('button', { name: 'Save Numbers' }).click();
    await dialog.getByText('Enter 1 to 8 digits, e.g. MC-123456').waitFor();
    await dialog.getByLabel('MC Number').fill('MC-771234');
    await dialog.getByLabel('USDOT Number').fill('3141592');
    await dialog.getByRole('button', { name: 'Save Numbers' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await carrier.getByText('MC 771234', { exact: true }).waitFor();
    await carrier.getByText('USDOT 3141592', { exact: true }).waitFor();

    const carrierApi = journey.app.client();
    await carrierApi.login('carrier@test.local');
    await DocumentModel.create({
      userId: carrierApi.user!.id,
      documentType: 'insurance',
      fileName: 'insurance.pdf',
      storageKey: 'b'.repeat(32),
      fileSize: 10,
      mimeType: 'application/pdf',
      status: 'approved',
      expirationDate: new Date('2031-05-01T00:00:00Z'),
    });
    const shipperApi = journey.app.client();
    await shipperApi.login('shipper@test.local');
    const posted = await shipperApi.post('/api/freight', {
      title: 'Vetting load',
      originCity: 'Tulsa',
      originState: 'OK',
      destinationCity: 'Wichita',
      destinationState: 'KS',
      rate: 900,
    });
    expect(posted.status).toBe(201);
    const load = posted.body as FreightListingDto;
    const asked = await carrierApi.post(`/api/freight/${load.id}/book`, {});
    expect(asked.status).toBe(201);

    const shipper = await (await journey.browser.newContext()).newPage();
    await signIn(shipper, journey.app.url, 'shipper@test.local', 'Test1234!');
    const request = shipper.getByRole('group').filter({ hasText: 'Vetting load' });
    await request.getByTestId('carrier-authority').filter({ hasText: 'MC 771234 · USDOT 3141592' }).waitFor();
    await request
      .getByTestId('carrier-documents')
      .getByText('Insurance Certificate: expires 5/1/2031')
      .waitFor();
    expect(errors).toEqual([]);
  });
});
