import { notify } from '@freight/server/features/notifications/service';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_USER_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '@test/helpers';
import { launchBrowser, watchPageErrors, type E2EBrowser } from './browser';

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

async function bellCount(page: Page): Promise<string> {
  return (await page.getByTestId('notification-count').textContent())?.trim() ?? '';
}

describe('platform journey (Chromium)', () => {
  it('register → sign in → set up as shipper → dashboard shows company and type → bell gets a pushed notification → log out', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const email = uniqueEmail('e2e');

    // Register from the landing page.
    await page.goto(app.url);
    await page.getByText('Professional Freight Matching Platform').first().waitFor();
    await page.getByRole('button', { name: 'Create Account' }).first().click();
    const register = page.getByRole('dialog');
    await register.getByLabel('First Name').fill('Erin');
    await register.getByLabel('Last Name').fill('Shipwright');
    await register.getByLabel('Email').fill(email);
    // A password that is easy to guess is refused, and the form says why under the field.
    await register.getByLabel('Password', { exact: true }).fill('password');
    await register.getByLabel('Confirm Password').fill('password');
    await register.getByRole('button', { name: 'Create Account' }).click();
    await register
      .getByText(/This password is too easy to guess\. This is a heavily used password\./)
      .waitFor();
    await register.getByLabel('Password', { exact: true }).fill(TEST_USER_PASSWORD);
    await register.getByLabel('Confirm Password').fill(TEST_USER_PASSWORD);
    await register.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Account created successfully! Please sign in.').waitFor();

    // The register modal switched to sign-in; sign in.
    const login = page.getByRole('dialog');
    await login.getByRole('heading', { name: 'Sign In' }).waitFor();
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password', { exact: true }).fill(TEST_USER_PASSWORD);
    await login.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByTestId('welcome-heading').waitFor();

    // Set up as a shipper with a company.
    await page.getByRole('button', { name: 'Change Account Type' }).click();
    await page.getByLabel('Account Type').selectOption('shipper');
    // Before confirming, the form says the verification follows the new type's documents (issue #12).
    const notice = await page.getByTestId('type-change-verification-notice').textContent();
    expect(notice).toContain('Changing your account type resets your verification');
    expect(notice).toContain('Business License, Insurance Certificate');
    await page.getByLabel('Company Name').fill('Blue Harbor Shipping');
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await page.getByTestId('nav-company').filter({ hasText: 'Blue Harbor Shipping' }).waitFor();
    expect(await page.getByTestId('nav-user-type').textContent()).toBe('Shipper');
    expect(await page.getByTestId('welcome-heading').textContent()).toContain('Blue Harbor Shipping');
    await expect(page.getByText('Broker Hub').count()).resolves.toBe(0);

    // The welcome notification is there; a new one pushed by the worker appears without a reload.
    await page.getByTestId('notification-count').waitFor();
    const before = Number(await bellCount(page));
    expect(before).toBeGreaterThanOrEqual(1);
    const me: { id: string } = await page.evaluate(() => fetch('/api/auth/user').then((r) => r.json()));
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    await notify({
      userId: me.id,
      kind: 'general',
      title: 'Your load was booked',
      body: 'Carrier assigned',
      link: '/freight',
    });
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="notification-count"]')?.textContent?.trim() === String(n),
      before + 1,
    );
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42); // no reload happened
    await page.getByTestId('notification-bell').click();
    await page.getByText('Your load was booked').waitFor();

    // Log out.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Sign In' }).first().waitFor();
    const status = await page.evaluate(() => fetch('/api/auth/user').then((r) => r.status));
    expect(status).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the 404 page for an unknown route and the test login page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/no/such/page`);
    await page.getByText('Page Not Found').first().waitFor();
    await page.goto(`${app.url}/simple-login`);
    await page.getByRole('button', { name: 'Carrier' }).click();
    await page.getByText('SUCCESS! Logged in as Carrier - Redirecting...').waitFor();
    await page.getByTestId('welcome-heading').waitFor(); // redirected to / after 1.5 s
    expect(await page.getByTestId('nav-user-type').textContent()).toBe('Carrier');
    await context.close();
  });
});
