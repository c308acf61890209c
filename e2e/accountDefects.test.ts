import { MAX_UPLOAD_BYTES, type UserDto } from '@freight/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEST_USER_PASSWORD, uniqueEmail } from '@test/helpers';
import { signIn, watchPageErrors, startJourney } from './browser';

const journey = startJourney();

async function newPage(): Promise<{ page: Page; errors: string[] }> {
  const page = await (await journey.browser.newContext()).newPage();
  return { page, errors: watchPageErrors(page) };
}

function currentUser(page: Page): Promise<UserDto> {
  return page.evaluate(() => fetch('/api/auth/user').then((r) => r.json() as Promise<UserDto>));
}

/** Fills and sends the register modal that is open on `page`. */
async function register(page: Page, email: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First Name').fill('Casey');
  await dialog.getByLabel('Last Name').fill('Sender');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(TEST_USER_PASSWORD);
  await dialog.getByLabel('Confirm Password').fill(TEST_USER_PASSWORD);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await page.getByText('Account created successfully! Please sign in.').waitFor();
  await dialog.getByRole('heading', { name: 'Sign In' }).waitFor();
}

describe('issue 14: account defects (Chromium)', () => {
  it('#2: "Register as Individual Customer" creates an individual customer', async () => {
    const { page, errors } = await newPage();
    const email = uniqueEmail('customer');
    await page.goto(journey.app.url);
    await page.getByRole('button', { name: 'Register as Individual Customer' }).click();
    expect(await page.getByRole('dialog').getByLabel('Account Type').inputValue()).toBe(
      'individual_customer',
    );
    await register(page, email);
    await signIn(page, journey.app.url, email, TEST_USER_PASSWORD);
    expect((await currentUser(page)).userType).toBe('individual_customer');
    expect(errors).toEqual([]);
  });

  it('#8: a wrong file type or a file over 10 MB is refused with the reason next to the drop area', async () => {
    const { page, errors } = await newPage();
    const carrier = await journey.app.client().registerAndLogin({ userType: 'carrier' });
    await signIn(page, journey.app.url, carrier.email, TEST_USER_PASSWORD, '/documents');
    const fileInput = page.getByTestId('document-file-input');
    const reason = page.getByTestId('document-file-error');

    await fileInput.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await reason.getByText('notes.txt is not a PDF, JPG or PNG file.').waitFor();

    await fileInput.setInputFiles({
      name: 'scan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(MAX_UPLOAD_BYTES + 1, 1),
    });
    await reason.getByText('scan.pdf is larger than 10 MB.').waitFor();

    // A good file clears the reason.
    await fileInput.setInputFiles({
      name: 'ok.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await page.getByTestId('selected-file').getByText('Selected: ok.pdf').waitFor();
    expect(await reason.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('#9: customer and driver dashboards agree that no documents are needed', async () => {
    for (const userType of ['individual_customer', 'individual_driver']) {
      const { page, errors } = await newPage();
      const api = journey.app.client();
      const user = await api.registerAndLogin();
      expect((await api.post('/api/users/setup', { userType, companyName: 'Solo' })).status).toBe(200);
      await signIn(page, journey.app.url, user.email, TEST_USER_PASSWORD);
      const compliance = page.getByTestId('compliance-status');
      await compliance.getByText('Your account type needs no compliance documents.').waitFor();
      expect(await page.getByTestId('compliance-warning').count()).toBe(0);
      const verification = page.getByTestId('account-verification');
      expect(await verification.textContent()).toBe('No documents required');
      expect(errors).toEqual([]);
    }
  });

  it('#12: sign-in pre-fills the registered email and puts Sign In first; plans are confirmed, cancellable, and the gate lists only what a plan adds', async () => {
    const { page, errors } = await newPage();
    const email = uniqueEmail('carrier');

    // After registering, the sign-in modal holds the new email; the main button comes before the test logins.
    await page.goto(journey.app.url);
    await page.getByRole('button', { name: 'Create Account' }).first().click();
    await register(page, email);
    const login = page.getByRole('dialog');
    expect(await login.getByLabel('Email').inputValue()).toBe(email);
    const quickLogin = login.getByRole('group', { name: 'Quick test login' });
    await quickLogin.waitFor();
    const signInBox = await login.getByRole('button', { name: 'Sign In', exact: true }).boundingBox();
    const quickBox = await quickLogin.boundingBox();
    expect(signInBox!.y).toBeLessThan(quickBox!.y);
    await login.getByLabel('Password', { exact: true }).fill(TEST_USER_PASSWORD);
    await login.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByTestId('welcome-heading').waitFor();

    // The gate lists what a plan adds, not what every user already has.
    await page.getByRole('link', { name: 'Air Freight' }).click();
    const gate = page.getByTestId('subscription-gate');
    await gate.getByRole('heading', { name: 'Subscription Required' }).waitFor();
    await gate.getByText('Access to the air freight marketplace').waitFor();
    expect(await gate.getByText('Real-time tracking and chat').count()).toBe(0);

    // Choosing a plan asks for confirmation first; nothing is activated by the first click.
    await gate.getByRole('link', { name: 'View Subscription Plans' }).click();
    await page.getByTestId('plan-carrier_basic').getByRole('button', { name: 'Choose Basic' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('$49 per month').waitFor();
    expect((await currentUser(page)).subscriptionStatus).toBe('inactive');
    const alertText = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await confirm.getByRole('button', { name: 'Activate Carrier Basic' }).click();
    expect(await alertText).toBe('Basic subscription activated successfully!');
    await page.getByRole('heading', { name: "You're All Set!" }).waitFor();

    // Cancel: confirmed, effective at the end of the period (still active, not renewed).
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel at Period End' }).click();
    await page
      .getByTestId('subscription-cancel-notice')
      .getByText(/Canceled: active until /)
      .waitFor();
    const after = await currentUser(page);
    expect(after.subscriptionStatus).toBe('active');
    expect(after.subscriptionCanceledAt).not.toBeNull();
    expect(await page.getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
