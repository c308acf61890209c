// Issue 23, point 10: the smaller inconsistencies, each seen as the role that met it (fresh accounts).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { eventually } from '@test/helpers';
import { startJourney } from './browser';
import { freshAccount, postLoadApi, rolePage, verifiedAccount } from './roles';

const journey = startJourney();

describe('smaller inconsistencies (issue 23, point 10)', () => {
  it('an Air Cargo Basic subscriber is badged Basic, not Pro; plan pages are titled by the user’s type', async () => {
    const { app, browser } = journey;
    const [air, carrier, broker] = await Promise.all([
      freshAccount(app, 'air_cargo', { companyName: 'Polar Air Cargo Partners' }),
      freshAccount(app, 'carrier'),
      freshAccount(app, 'broker'),
    ]);

    const airPage = await rolePage(browser, app, air, {}, '/subscribe');
    await airPage.page.getByRole('heading', { name: 'Choose Your Air Cargo Plan' }).waitFor();
    const carrierPage = await rolePage(browser, app, carrier, {}, '/subscribe');
    await carrierPage.page.getByRole('heading', { name: 'Choose Your Carrier Plan' }).waitFor();
    const brokerPage = await rolePage(browser, app, broker, {}, '/subscribe');
    await brokerPage.page.getByRole('heading', { name: 'Choose Your Brokerage/Carrier Plan' }).waitFor();

    // Basic activated (the air page reloads on the subscription push): the badge says Basic.
    expect((await air.api.post('/api/subscriptions/activate', { plan: 'air_cargo_basic' })).status).toBe(200);
    await airPage.page.reload();
    await airPage.page.getByRole('heading', { name: "You're All Set!" }).waitFor();
    expect(await airPage.page.getByTestId('nav-plan').textContent()).toBe('Basic');
    expect(await airPage.page.locator('header').getByText('Pro', { exact: true }).count()).toBe(0);
    for (const p of [airPage, carrierPage, brokerPage]) expect(p.errors).toEqual([]);
  });

  it('the landing cards list the documents each type is really asked for', async () => {
    const { app, browser } = journey;
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/`);
    await page.getByRole('article', { name: 'Carrier', exact: true }).getByRole('listitem').first().waitFor();
    const items = (type: string) =>
      page.getByRole('article', { name: type, exact: true }).getByRole('listitem').allTextContents();
    expect(await items('Carrier')).toEqual([
      'DOT Authority',
      'Insurance Certificate',
      'Equipment Certificate',
    ]);
    expect(await items('Shipper')).toEqual(['Business License', 'Insurance Certificate']);
    expect(await items('Broker')).toEqual(['Broker Authority', 'Insurance Certificate']);
    expect(await items('Air Cargo')).toEqual(['Air Freight License', 'Insurance Certificate']);
    expect(await items('Individual Customer')).toEqual([]);
    await page
      .getByRole('article', { name: 'Individual Customer' })
      .getByTestId('no-documents-needed')
      .waitFor();
  });

  it('an individual driver sets up without a company, and is not asked for documents', async () => {
    const { app, browser } = journey;
    const account = await freshAccount(app, 'carrier', { companyName: '' });
    const { page, errors } = await rolePage(browser, app, account);
    await page.getByRole('button', { name: 'Change Account Type' }).click();
    await page.getByLabel('Account Type').selectOption('individual_driver');
    await page.getByLabel('Company Name').fill('');
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    // Saved (the page reloads into the new type).
    await page.getByTestId('nav-user-type').filter({ hasText: 'Individual Driver' }).waitFor();

    // The newest notification tells a driver what a driver needs: the background check, not documents.
    const newest = await eventually(async () => {
      const items = (await account.api.get('/api/notifications')).body.items as Array<{
        title: string;
        body: string;
        link: string;
      }>;
      return items.find((n) => n.link === '/background-check');
    });
    expect(newest.body).toContain('background check');
    expect(newest.body).not.toContain('documents');
    expect(errors).toEqual([]);
  });

  it('rate types by their labels; Broker Hub miles like the board: "2,706 mi (est.)"', async () => {
    const { app, browser } = journey;
    const broker = await verifiedAccount(app, 'broker', { companyName: 'Coast to Coast Brokerage' });
    await postLoadApi(broker, {
      title: 'Cross-country machinery',
      originCity: 'Seattle',
      originState: 'WA',
      destinationCity: 'Miami',
      destinationState: 'FL',
      rateType: 'flat',
    });
    const { page, errors } = await rolePage(browser, app, broker, {}, '/broker');
    const card = page
      .getByRole('article', { name: 'Load Cross-country machinery' })
      .or(page.locator('[data-testid="broker-load"]').filter({ hasText: 'Seattle' }));
    await card.first().waitFor();
    expect(await card.first().textContent()).toMatch(/Distance: \d{1,2},\d{3} mi \(est\.\)/);

    await page.goto(`${app.url}/freight`);
    const boardCard = page.getByRole('article', { name: 'Load Seattle, WA → Miami, FL' });
    await boardCard.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog');
    await details.getByText('Flat Rate', { exact: true }).waitFor();
    expect(await details.getByText('flat', { exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('the web build prints no chunk-size warning: every chunk is within the configured limit', () => {
    const web = path.join(path.dirname(fileURLToPath(import.meta.url)), '../web');
    // The limit as the build reads it (Vite's default is 500 kB); read as text, since the config imports build plugins.
    const configured = /chunkSizeWarningLimit:\s*(\d+)/.exec(
      readFileSync(path.join(web, 'vite.config.ts'), 'utf8'),
    );
    const limitKb = configured ? Number(configured[1]) : 500;
    const assets = path.join(web, 'dist/assets');
    const over = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .filter((f) => statSync(path.join(assets, f)).size / 1000 > limitKb);
    expect(over).toEqual([]);
  });
});
