// Issue 40 (getting paid), slices 1 and 2, in Chromium: a carrier invoices a delivered load from its tracking page
// (linehaul at the agreed rate plus a detention charge); the shipper's accounting member disputes the detention line;
// the carrier sees the dispute live and corrects the invoice; the payer approves the corrected invoice and marks it
// paid; at the laptop width the payer offers quick pay and the carrier requests it on the approved invoice, seeing the
// net before confirming. The carrier's Invoices page follows every step without a reload. Each person in their own browser context,
// fresh accounts, at 1280x900 and 390x844; the data (accounts, the delivered load) is set up through the API. At the
// phone width, a lumper charge is refused without its receipt, which the carrier uploads from the form.
import { UserModel } from '@freight/server/features/users/model';
import { PNG_BYTES, seedLoad } from '@freight/server/features/tracking/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { BOTH_SIZES, screenshot, startJourney } from './browser';
import { fitProblems } from './layoutChecks';
import { memberOf } from './companies';
import { freshAccount, markNoReload, notReloaded, rolePage, type FreshAccount } from './roles';

const journey = startJourney();

async function verified(userType: 'carrier' | 'shipper', companyName: string): Promise<FreshAccount> {
  const account = await freshAccount(journey.app, userType, { companyName });
  await UserModel.updateOne({ _id: account.user.id }, { $set: { isVerified: true } });
  return account;
}

/** The status badge of the invoice row numbered `number` on the Invoices page. */
const rowStatus = (page: Page, number: string) =>
  page.locator(`[data-testid="invoice-row"][data-number="${number}"]`).getByTestId('invoice-status');

async function openInvoice(page: Page, number: string) {
  await page.getByRole('button', { name: `Open ${number}` }).click();
  const dialog = page.getByRole('dialog', { name: `Invoice ${number}` });
  await dialog.waitFor();
  return dialog;
}

describe('issue 40: invoices (Chromium)', () => {
  for (const viewport of BOTH_SIZES) {
    it(`${viewport.width}px: invoice a delivered load → dispute a line → correct → approve → paid, live to the carrier`, async () => {
      const tag = Date.now().toString(36);
      const carrier = await verified('carrier', `Juniper Haulers ${tag}`);
      const shipper = await verified('shipper', `Cascade Foods ${tag}`);
      const accounting = await memberOf(journey.app, shipper, 'shipper', 'accounting');
      const loadId = await seedLoad({
        posterId: shipper.user.id,
        carrierId: carrier.user.id,
        status: 'delivered',
        title: `Steel coils ${tag}`,
      });

      // The carrier invoices the load from its tracking page: the linehaul is the agreed rate, detention is added.
      const c = await rolePage(journey.browser, journey.app, carrier, { viewport }, `/tracking/${loadId}`);
      const card = c.page.getByTestId('load-invoice');
      await card.getByRole('button', { name: 'Create invoice' }).click();
      const create = c.page.getByRole('dialog', { name: 'Create invoice' });
      await expect.poll(() => create.getByLabel('Linehaul (USD)').inputValue()).toBe('2850.50');
      await create.getByRole('button', { name: 'Add a charge' }).click();
      await create.getByLabel('Description').fill('2 hours at the receiver');
      await create.getByLabel('Amount (USD)').fill('100');
      await create.getByTestId('invoice-form-total').filter({ hasText: '$2,950.50' }).waitFor();
      await screenshot(c.page, `invoices-create-${viewport.width}`);
      await create.getByRole('button', { name: 'Send invoice' }).click();
      await card.getByText(/INV-000001 · \$2,950\.50/).waitFor();

      // The carrier's Invoices page stays open from here on: every later step reaches it live.
      // From the menu's Invoices entry (an account page, beside Team), at both widths.
      await c.page.getByRole('button', { name: 'Open navigation' }).click();
      await c.page.getByTestId('nav-invoices').click();
      await c.page.waitForURL(/\/invoices$/);
      await rowStatus(c.page, 'INV-000001').filter({ hasText: 'Submitted' }).waitFor();
      await c.page.getByTestId('aging-current').filter({ hasText: '$2,950.50' }).waitFor();
      await markNoReload(c.page);
      expect(await axeViolations(c.page, 'Invoices')).toEqual([]);
      expect(await fitProblems(c.page, 'Invoices')).toEqual([]);

      // The shipper's accounting member disputes the detention line.
      const s = await rolePage(
        journey.browser,
        journey.app,
        accounting,
        { viewport },
        '/invoices?tab=received',
      );
      const received = await openInvoice(s.page, 'INV-000001');
      expect(await axeViolations(s.page, 'Invoice', { modalOpen: true })).toEqual([]);
      await received.getByRole('button', { name: 'Dispute' }).click();
      const dispute = s.page.getByRole('dialog', { name: 'Dispute invoice INV-000001' });
      await dispute.getByRole('button', { name: 'Send dispute' }).click();
      await dispute.getByRole('alert').filter({ hasText: 'Choose at least one line to dispute.' }).waitFor();
      await dispute.getByText('Detention: 2 hours at the receiver ($100.00)').click();
      await dispute
        .getByLabel('Reason for 2 hours at the receiver')
        .fill('No in and out times on the bill of lading');
      await dispute.getByRole('button', { name: 'Send dispute' }).click();
      await received.getByTestId('invoice-status').filter({ hasText: 'Disputed' }).waitFor();

      // Live to the carrier, who reads the reason and corrects the invoice without the detention.
      await rowStatus(c.page, 'INV-000001').filter({ hasText: 'Disputed' }).waitFor();
      const mine = await openInvoice(c.page, 'INV-000001');
      await mine
        .getByTestId('invoice-line-dispute')
        .filter({ hasText: 'No in and out times on the bill of lading' })
        .waitFor();
      await mine.getByRole('button', { name: 'Correct invoice' }).click();
      const correct = c.page.getByRole('dialog', { name: 'Correct invoice INV-000001' });
      await correct.getByRole('button', { name: 'Remove extra charge 1' }).click();
      await correct.getByTestId('invoice-form-total').filter({ hasText: '$2,850.50' }).waitFor();
      await correct.getByRole('button', { name: 'Send corrected invoice' }).click();
      await mine.getByTestId('invoice-status').filter({ hasText: 'Replaced' }).waitFor();
      await mine.getByRole('button', { name: 'Close' }).last().click();
      await rowStatus(c.page, 'INV-000002').filter({ hasText: 'Submitted' }).waitFor();

      // The payer approves the corrected invoice, then marks it paid (after confirming).
      await received.getByRole('button', { name: 'Close' }).last().click();
      const quickPay = viewport.width === BOTH_SIZES[0]!.width;
      if (quickPay) {
        const terms = s.page.getByTestId('quick-pay-terms');
        await terms.getByRole('button', { name: 'Offer quick pay' }).click();
        await terms.getByLabel('Fee (%)').fill('2.5');
        await terms.getByLabel('Paid within (days)').fill('7');
        await terms.getByRole('button', { name: 'Save quick pay' }).click();
        await terms.getByText('Quick pay you offer: paid within 7 days for a 2.5 % fee.').waitFor();
      }
      const corrected = await openInvoice(s.page, 'INV-000002');
      await corrected.getByTestId('invoice-total').filter({ hasText: '$2,850.50' }).waitFor();
      await corrected.getByRole('button', { name: 'Approve' }).click();
      await corrected.getByTestId('invoice-status').filter({ hasText: 'Approved' }).waitFor();
      await rowStatus(c.page, 'INV-000002').filter({ hasText: 'Approved' }).waitFor();

      if (quickPay) {
        // The carrier requests quick pay and sees the net before confirming: $2,850.50 less 2.5 % ($71.26).
        const approved = await openInvoice(c.page, 'INV-000002');
        await approved.getByRole('button', { name: 'Request quick pay' }).click();
        const ask = c.page.getByRole('dialog', { name: 'Request quick pay on INV-000002?' });
        await ask
          .getByText(
            /pays you \$2,779\.24 within 7 days: the total \$2,850\.50 less a 2\.5 % fee of \$71\.26/,
          )
          .waitFor();
        await screenshot(c.page, `invoices-quick-pay-${viewport.width}`);
        await ask.getByRole('button', { name: 'Request $2,779.24' }).click();
        await approved.getByTestId('invoice-quick-pay').filter({ hasText: 'net $2,779.24' }).waitFor();
        await approved.getByRole('button', { name: 'Close' }).last().click();
        // Live on the payer's open invoice.
        await corrected.getByTestId('invoice-quick-pay').filter({ hasText: 'Quick pay requested' }).waitFor();
      }

      await corrected.getByRole('button', { name: 'Mark paid' }).click();
      const pay = s.page.getByRole('dialog', { name: 'Mark INV-000002 paid' });
      await pay.getByLabel('Payment reference').fill('ACH 20931');
      await pay.getByRole('button', { name: 'Continue' }).click();
      await s.page
        .getByRole('dialog', { name: 'Mark INV-000002 paid?' })
        .getByRole('button', { name: 'Mark Paid' })
        .click();
      await corrected.getByTestId('invoice-status').filter({ hasText: 'Paid' }).waitFor();

      await rowStatus(c.page, 'INV-000002').filter({ hasText: 'Paid' }).waitFor();
      await screenshot(c.page, `invoices-carrier-paid-${viewport.width}`);
      // Nothing open is left to age.
      await c.page.getByTestId('aging-current').filter({ hasText: '$0.00' }).waitFor();
      expect(await notReloaded(c.page)).toBe(true);

      expect(c.errors).toEqual([]);
      expect(s.errors).toEqual([]);
      await c.page.context().close();
      await s.page.context().close();
    });
  }

  it('390px: a lumper charge needs its receipt; uploaded from the invoice form, the payer opens it', async () => {
    const viewport = BOTH_SIZES[1]!;
    const tag = Date.now().toString(36);
    const carrier = await verified('carrier', `Basin Freight ${tag}`);
    const shipper = await verified('shipper', `Orchard Goods ${tag}`);
    const loadId = await seedLoad({
      posterId: shipper.user.id,
      carrierId: carrier.user.id,
      status: 'delivered',
      title: `Apples ${tag}`,
    });
    const c = await rolePage(journey.browser, journey.app, carrier, { viewport }, `/tracking/${loadId}`);
    await c.page.getByTestId('load-invoice').getByRole('button', { name: 'Create invoice' }).click();
    const create = c.page.getByRole('dialog', { name: 'Create invoice' });
    await create.getByRole('button', { name: 'Add a charge' }).click();
    await create.getByLabel('Kind').selectOption({ label: 'Lumper' });
    await create.getByLabel('Description').fill('Unloading at the DC');
    await create.getByLabel('Amount (USD)').fill('75');
    await create.getByRole('button', { name: 'Send invoice' }).click();
    await create.getByText('Attach the lumper receipt', { exact: true }).waitFor();
    await create.getByText('No lumper receipt on this load yet: upload it.').waitFor();
    await create
      .getByLabel('Upload the lumper receipt for extra charge 1')
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG_BYTES });
    // The uploaded receipt is chosen.
    await expect
      .poll(() => create.getByLabel('Lumper receipt', { exact: true }).inputValue())
      .toMatch(/^[0-9a-f]{24}$/);
    await create.getByText('Attach the lumper receipt', { exact: true }).waitFor({ state: 'detached' });
    await screenshot(c.page, `invoices-lumper-${viewport.width}`);
    expect(await fitProblems(c.page, 'Create invoice with a lumper receipt')).toEqual([]);
    await create.getByRole('button', { name: 'Send invoice' }).click();
    await c.page
      .getByTestId('load-invoice')
      .getByText(/INV-000001 · \$2,925\.50/)
      .waitFor();

    const s = await rolePage(journey.browser, journey.app, shipper, { viewport }, '/invoices?tab=received');
    const received = await openInvoice(s.page, 'INV-000001');
    const receipt = received.getByTestId('invoice-line-receipt');
    const url = await receipt.getAttribute('href');
    expect(url).toMatch(new RegExp(`^/api/freight/${loadId}/photos/[0-9a-f]{24}/file$`));
    const file = await s.page.request.get(new URL(url!, s.page.url()).href);
    expect([file.status(), file.headers()['content-type']]).toEqual([200, 'image/png']);

    // The payer's dispatcher reads the status only: no amounts, no receipt, no moves. The carrier's viewer has no
    // Invoices at all.
    const [dispatcher, viewer] = await Promise.all([
      memberOf(journey.app, shipper, 'shipper', 'dispatcher'),
      memberOf(journey.app, carrier, 'carrier', 'viewer'),
    ]);
    const d = await rolePage(
      journey.browser,
      journey.app,
      dispatcher,
      { viewport },
      '/invoices?tab=received',
    );
    const statusOnly = await openInvoice(d.page, 'INV-000001');
    await statusOnly.getByTestId('invoice-status').filter({ hasText: 'Submitted' }).waitFor();
    await statusOnly
      .getByTestId('invoice-total')
      .filter({ hasText: 'Shown to owners, admins and accounting' })
      .waitFor();
    expect(await statusOnly.getByTestId('invoice-line-receipt').count()).toBe(0);
    expect(await statusOnly.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await screenshot(d.page, `invoices-dispatcher-${viewport.width}`);
    const v = await rolePage(journey.browser, journey.app, viewer, { viewport }, `/tracking/${loadId}`);
    await v.page.getByRole('button', { name: 'Open navigation' }).click();
    await v.page.getByTestId('nav-team').waitFor();
    expect(await v.page.getByTestId('nav-invoices').count()).toBe(0);
    expect(await v.page.getByTestId('load-invoice').count()).toBe(0);

    for (const role of [c, s, d, v]) {
      expect(role.errors).toEqual([]);
      await role.page.context().close();
    }
  });
});
