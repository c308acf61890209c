import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEST_USER_PASSWORD, linkIn, uniqueEmail } from '@test/helpers';
import { BOTH_SIZES, screenshot, signIn, startJourney, watchPageErrors } from './browser';

/**
 * Issue 27 (mail, email verification, password reset, sessions) in Chromium, with a real SMTP server on loopback:
 * the links are the ones in the received messages.
 */
const journey = startJourney({ mailbox: true });

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Signs in through the modal when two-factor sign-in is on: password, then the code step. */
async function signInWithCode(page: Page, email: string, password: string, code: string) {
  await page.goto(`${journey.app.url}/?auth=signin`);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await dialog.getByLabel('Authentication code').fill(code);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await page.getByTestId('welcome-heading').waitFor();
}

describe('issue 27: account security (Chromium, real SMTP)', () => {
  it('register → verify from the email → other device signed in → forgot password → reset from the email → the other device is signed out live; sessions can be ended', async () => {
    const email = uniqueEmail('secure');
    const laptop = await (
      await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    const errors = watchPageErrors(laptop);

    // Register through the modal, then sign in.
    await laptop.goto(`${journey.app.url}/?auth=signin`);
    const dialog = laptop.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create an account' }).click();
    await dialog.getByLabel('First Name').fill('Vera');
    await dialog.getByLabel('Last Name').fill('Fied');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(TEST_USER_PASSWORD);
    await dialog.getByLabel('Confirm Password').fill(TEST_USER_PASSWORD);
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await laptop.getByText('Account created successfully! Please sign in.').waitFor();
    await signIn(laptop, journey.app.url, email, TEST_USER_PASSWORD);

    // Unverified: the banner says what is held back, with Resend.
    const banner = laptop.getByTestId('verify-email-banner');
    await banner.getByText('Verify your email address').waitFor();
    await screenshot(laptop, 'verify-banner', BOTH_SIZES);
    await banner.getByRole('button', { name: 'Resend' }).click();
    await laptop.getByText('We have sent a new verification link').first().waitFor();
    // An unverified user's post is refused by the server with the code the banner stands for.
    const load = {
      title: 'Test load',
      originCity: 'Chicago',
      originState: 'IL',
      destinationCity: 'Dallas',
      destinationState: 'TX',
      rate: 2000,
      distance: 1000,
    };
    const refused = await laptop.evaluate(async (body) => {
      const r = await fetch('/api/freight', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: r.status, body: (await r.json()) as { code: string } };
    }, load);
    expect(refused).toMatchObject({ status: 403, body: { code: 'EMAIL_UNVERIFIED' } });

    // Follow the link in the (first) received message.
    const verifyMail = await journey.box.next(email, /Verify your email/);
    await laptop.goto(linkIn(verifyMail, '/verify-email'));
    await laptop.getByText('Email verified').first().waitFor();
    await banner.waitFor({ state: 'detached' });

    // Two-factor sign-in: scan (read the key), confirm with the app's code, keep the recovery codes.
    await laptop.goto(`${journey.app.url}/account/security`);
    await laptop.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await laptop.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await laptop.getByTestId('totp-secret').textContent())!.trim();
    await screenshot(laptop, 'two-factor-setup', BOTH_SIZES);
    await laptop.getByLabel('Code from the app').fill(await generate({ secret }));
    await laptop.getByRole('button', { name: 'Confirm' }).click();
    await laptop.getByTestId('recovery-codes').waitFor();
    const recovery = (await laptop.getByTestId('recovery-codes').locator('li').allTextContents()).map((c) =>
      c.trim(),
    );
    expect(recovery).toHaveLength(10);
    await screenshot(laptop, 'recovery-codes', BOTH_SIZES);
    await laptop.getByRole('button', { name: 'I saved them' }).click();
    await laptop.getByTestId('two-factor-status').getByText('On').waitFor();

    // Sign out and back in: the password, then the app's code.
    await laptop
      .getByRole('button', { name: /log ?out/i })
      .first()
      .click();
    await laptop.waitForURL((u) => u.pathname === '/');
    await signInWithCode(
      laptop,
      email,
      TEST_USER_PASSWORD,
      await generate({ secret, epoch: nowSeconds() + 30 }),
    );

    // A second device signs in with a recovery code; the laptop's security page lists both.
    const phone = await (
      await journey.browser.newContext({ viewport: { width: 390, height: 844 } })
    ).newPage();
    const phoneErrors = watchPageErrors(phone);
    await signInWithCode(phone, email, TEST_USER_PASSWORD, recovery[0]);
    await laptop.goto(`${journey.app.url}/account/security`);
    await laptop.getByTestId('email-status').getByText('Verified').waitFor();
    await expect.poll(() => laptop.getByTestId('session-row').count(), { timeout: 15_000 }).toBe(2);
    await laptop.getByText('This device').waitFor();
    await screenshot(laptop, 'security', BOTH_SIZES);

    // Forgot password, from a third, signed-out browser.
    const kiosk = await (await journey.browser.newContext()).newPage();
    await kiosk.goto(`${journey.app.url}/?auth=signin`);
    const signInDialog = kiosk.getByRole('dialog');
    await signInDialog.getByLabel('Email').fill(email);
    await signInDialog.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = kiosk.getByRole('dialog', { name: 'Reset Password' });
    expect(await forgot.getByLabel('Email').inputValue()).toBe(email);
    await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
    await forgot.getByText('If an account uses that email').waitFor();
    await screenshot(kiosk, 'forgot', BOTH_SIZES);

    const resetMail = await journey.box.next(email, /Reset your FreightConnect password/);
    const resetLink = linkIn(resetMail, '/reset-password');
    await kiosk.goto(resetLink);
    await kiosk.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await screenshot(kiosk, 'reset', BOTH_SIZES);
    const newPassword = 'Harbor-Gantry-77!';
    await kiosk.getByLabel('New Password', { exact: true }).fill(newPassword);
    await kiosk.getByLabel('Confirm New Password').fill(newPassword);
    await kiosk.getByRole('button', { name: 'Change Password' }).click();
    await kiosk.getByText('Your password is changed').first().waitFor();

    // Both signed-in devices are told, without a reload, that they are signed out.
    await phone.getByText('You are logged out').first().waitFor();
    await laptop.getByText('You are logged out').first().waitFor();

    // The used link is a 400 page now.
    const again = await kiosk.goto(resetLink);
    expect(again?.status()).toBe(400);
    await kiosk.getByText('This link has already been used').waitFor();

    // The new password signs in; the phone signs in again and the laptop ends the phone's session.
    await laptop.waitForURL((u) => u.search.includes('auth=signin'));
    // (Two-factor sign-in stays on after a reset by email.)
    await signInWithCode(laptop, email, newPassword, recovery[1]);
    await signInWithCode(phone, email, newPassword, recovery[2]);
    await laptop.goto(`${journey.app.url}/account/security`);
    await expect.poll(() => laptop.getByTestId('session-row').count(), { timeout: 15_000 }).toBe(2);
    await laptop.getByRole('button', { name: 'End session' }).click();
    await laptop.getByText('Session ended').first().waitFor();
    await phone.getByText('You are logged out').first().waitFor();
    expect(errors).toEqual([]);
    expect(phoneErrors).toEqual([]);
  });

  it('the admin mailbox lists the sent mail; a wrong verification link is a clear 400 page', async () => {
    const page = await (
      await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    const wrong = await page.goto(`${journey.app.url}/verify-email?token=nope`);
    expect(wrong?.status()).toBe(400);
    await page.getByText('This link is not valid').waitFor();
    // The test app's mail goes to this file's SMTP server; what the embedded sink of `npm start` stores is what the
    // mailbox lists, so a message is stored the way that sink stores it.
    const { storeMailboxMessage } = await import('@freight/server/features/mail/mailbox');
    const sample = journey.box.messages[0];
    await storeMailboxMessage(sample);
    await signIn(page, journey.app.url, 'admin@test.local', 'Test1234!', '/admin/mail');
    await page.getByRole('heading', { name: 'Mailbox' }).waitFor();
    await page.getByText(sample.subject).first().waitFor();
    await page.getByRole('button', { name: 'Show message' }).first().click();
    await page.getByTestId('mail-text').first().waitFor();
    await screenshot(page, 'admin-mail', BOTH_SIZES);
  });
});
