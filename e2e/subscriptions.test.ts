import { QUEUES } from '@freight/shared';
import { UserModel } from '@freight/server/features/users/model';
import { getQueue } from '@freight/server/queues';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_USER_PASSWORD, startTestApp, type TestApp } from '@test/helpers';
import { launchBrowser, signIn, watchPageErrors, type E2EBrowser } from './browser';

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

describe('subscription journey (Chromium)', () => {
  it('a carrier without a plan sees the gate on /air-freight → activates Pro → the marketplace opens, the nav shows Pro; expiry locks it live', async () => {
    const api = app.client();
    const carrier = await api.registerAndLogin({ userType: 'carrier', companyName: 'Gate Test Trucking' });

    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, app.url, carrier.email, TEST_USER_PASSWORD);

    // Gated: no plan yet.
    await page.getByRole('link', { name: 'Air Freight' }).click();
    await page.getByRole('heading', { name: 'Subscription Required' }).waitFor();
    expect(await page.getByTestId('gate-current-plan').textContent()).toBe('No active plan');
    await expect(page.getByRole('heading', { name: 'Air Freight Marketplace' }).count()).resolves.toBe(0);
    await expect(
      page.getByTestId('subscription-gate').getByText('Pro', { exact: true }).count(),
    ).resolves.toBe(0);

    // The plan picker: carrier plans, Pro marked Most Popular.
    await page.getByRole('link', { name: 'View Subscription Plans' }).click();
    await page.getByRole('heading', { name: 'Choose Your Carrier Plan' }).waitFor();
    await page.getByRole('heading', { name: 'Carrier Basic' }).waitFor();
    await page.getByTestId('plan-carrier_pro').getByText('Most Popular').waitFor();
    await page.getByText('No setup fees \u2022 Cancel anytime \u2022 14-day money back guarantee').waitFor();

    // Activate Pro: the alert of SPEC §7 call 29, then a reload into the active view.
    const alertText = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await page.getByTestId('plan-carrier_pro').getByRole('button', { name: 'Choose Pro' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Activate Carrier Pro' }).click();
    expect(await alertText).toBe('Pro subscription activated successfully!');
    await page.getByRole('heading', { name: "You're All Set!" }).waitFor();
    expect(await page.getByTestId('active-plan-name').textContent()).toBe('Carrier Pro');
    await page.getByRole('button', { name: 'Billing & Payments' }).click();
    await page.getByTestId('billing-summary').getByText('$99 per month').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).first().click();

    // The marketplace opens and the nav shows Pro.
    await page.getByRole('link', { name: 'Air Freight' }).click();
    await page.getByRole('heading', { name: 'Air Freight Marketplace' }).waitFor();
    await page.getByRole('banner').getByText('Pro', { exact: true }).waitFor();
    await expect(page.getByRole('heading', { name: 'Subscription Required' }).count()).resolves.toBe(0);

    // Expiry: the job (run as of a time past the expiry) pushes subscription:changed; the open page locks
    // without a reload and the Pro badge goes.
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
    const stored = await UserModel.findById(carrier.id).lean();
    expect(stored?.subscriptionPlan).toBe('carrier_pro');
    await getQueue(QUEUES.subscriptionExpiry).add('expire-subscriptions', {
      now: new Date(stored!.subscriptionExpiresAt!.getTime() + 1000).toISOString(),
    });
    await page.getByRole('heading', { name: 'Subscription Required' }).waitFor();
    await expect(page.getByRole('banner').getByText('Pro', { exact: true }).count()).resolves.toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);

    // Activation from elsewhere (another tab, the API) unlocks the open page live.
    const activated = await api.post('/api/subscriptions/activate', { plan: 'carrier_basic' });
    expect(activated.status).toBe(200);
    await page.getByRole('heading', { name: 'Air Freight Marketplace' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('/subscribe signed out asks to log in', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/subscribe`);
    await page.getByRole('heading', { name: 'Please log in to view subscription plans' }).waitFor();
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    await context.close();
  });

  it('installable shell: the manifest and icons load, the service worker takes control and the app opens offline', async () => {
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto(app.url);
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href;
      if (!href) return null;
      const m = await (await fetch(href)).json();
      const icons = await Promise.all(
        (m.icons as Array<{ src: string }>).map(async (i) =>
          (await fetch(i.src)).headers.get('content-type'),
        ),
      );
      return { name: m.name, display: m.display, startUrl: m.start_url, icons };
    });
    expect(manifest).toEqual({
      name: 'FreightConnect',
      display: 'standalone',
      startUrl: '/',
      icons: ['image/png', 'image/png', 'image/png'],
    });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await context.setOffline(true);
    await page.goto(`${app.url}/small-shipments`);
    await page.getByRole('heading', { name: 'Post Small Shipment' }).waitFor();
    await context.close();
  });
});
