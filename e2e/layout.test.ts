import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { UserModel } from '@freight/server/features/users/model';
import { navLinksFor } from '../web/src/features/layout/navLinks';
import { screenshot, signIn, startJourney, watchPageErrors } from './browser';
import { trackRequests } from './axe';
import {
  LAPTOP,
  LONG_BROKER_COMPANY,
  MAX_HEADER_HEIGHT,
  PHONE,
  SMALL_PHONE,
  cutText,
  headerHeight,
  horizontalOverflow,
  mouseClick,
  pageAt,
} from './layoutChecks';
import { bookLoadApi, postLoadApi, verifiedAccount } from './roles';

// Each role's screens on phones are checked in layoutPhonesFreightRoles.test.ts and layoutPhonesOtherRoles.test.ts
// (split so that they run side by side).
const journey = startJourney();

describe('layout on a laptop and on a phone (issue 14)', () => {
  it('1280×720: Post Load and Add Route submit with the mouse, the actions in view', async () => {
    const shipper = await pageAt(journey.app, journey.browser, LAPTOP, 'shipper@test.local', '/freight');
    await shipper.page.getByRole('button', { name: 'Post Freight' }).click();
    const form = shipper.page.getByRole('dialog', { name: 'Post New Load' });
    await form.getByLabel('Load Title').fill('Laptop load');
    await form.getByLabel('Origin City').fill('Wichita');
    await form.getByLabel('Origin State').selectOption('KS');
    await form.getByLabel('Destination City').fill('Denver');
    await form.getByLabel('Destination State').selectOption('CO');
    await form.getByLabel('Rate ($)').fill('1100');
    await mouseClick(shipper.page, form.getByRole('button', { name: 'Post Load' }));
    await shipper.page.getByText('Load posted successfully!').waitFor();
    await form.waitFor({ state: 'hidden' });
    expect(shipper.errors).toEqual([]);

    const driver = await pageAt(journey.app, journey.browser, LAPTOP, 'driver@test.local', '/driver-routes');
    await driver.page.getByRole('button', { name: 'Add Route' }).click();
    const route = driver.page.getByRole('dialog', { name: 'Add Route' });
    await route.getByLabel('Route Title').fill('Laptop run');
    await route.getByLabel('Origin City').fill('Austin');
    await route.getByLabel('Origin State').selectOption('TX');
    await route.getByLabel('Destination City').fill('Dallas');
    await route.getByLabel('Destination State').selectOption('TX');
    await route.getByLabel('Departure Date').fill('2030-05-01');
    await route.getByLabel('Vehicle Type').selectOption({ index: 1 });
    await mouseClick(driver.page, route.getByRole('button', { name: 'Create Route' }));
    await driver.page.getByText('Route created').first().waitFor();
    await route.waitFor({ state: 'hidden' });

    // On a phone the long form scrolls inside the dialog and its actions stay on screen too.
    await driver.page.setViewportSize(PHONE);
    await driver.page.getByRole('button', { name: 'Add Route' }).click();
    await mouseClick(driver.page, route.getByRole('button', { name: 'Cancel' }));
    await route.waitFor({ state: 'hidden' });
    expect(driver.errors).toEqual([]);
  });

  it('1280 px: one header row of at most 64 px for a user with a company and badges', async () => {
    const company = LONG_BROKER_COMPANY;
    await UserModel.updateOne({ email: 'broker@test.local' }, { $set: { companyName: company } });
    const { page } = await pageAt(journey.app, journey.browser, LAPTOP, 'broker@test.local');
    await page.getByTestId('nav-company').filter({ hasText: company }).waitFor();
    await page.getByText('Pro', { exact: true }).first().waitFor();
    expect(await headerHeight(page)).toBeLessThanOrEqual(MAX_HEADER_HEIGHT);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const link of navLinksFor('broker')) {
      expect(await nav.getByRole('link', { name: link.label, exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    const rowFits = await page.evaluate(() => {
      const header = document.querySelector('header')!;
      const nav = header.querySelector('nav')!;
      return { nav: nav.scrollWidth <= nav.clientWidth, header: header.scrollWidth <= header.clientWidth };
    });
    expect(rowFits).toEqual({ nav: true, header: true });
    const { excess, culprits } = await horizontalOverflow(page);
    expect(excess, culprits.join(' | ')).toBeLessThanOrEqual(0);
  });

  it('signed out, the landing page keeps a one-row header on phones; More holds Create Account', async () => {
    const { page, errors } = await pageAt(journey.app, journey.browser, PHONE);
    for (const viewport of [PHONE, SMALL_PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto(`${journey.app.url}/`);
      await page.getByRole('heading', { name: 'Professional Freight Matching Platform' }).waitFor();
      expect(await headerHeight(page)).toBeLessThanOrEqual(MAX_HEADER_HEIGHT);
      const { excess, culprits } = await horizontalOverflow(page);
      expect(excess, culprits.join(' | ')).toBeLessThanOrEqual(0);
    }
    await page.locator('header').getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Create Account' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Create Account' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('signed out, /freight has a header with Sign In, and fits a phone', async () => {
    const { page, errors } = await pageAt(journey.app, journey.browser, SMALL_PHONE);
    await page.goto(`${journey.app.url}/freight`);
    await page.getByRole('heading', { name: 'Freight Load Board' }).waitFor();
    expect(await headerHeight(page)).toBeLessThanOrEqual(MAX_HEADER_HEIGHT);
    const { excess, culprits } = await horizontalOverflow(page);
    expect(excess, culprits.join(' | ')).toBeLessThanOrEqual(0);
    await page.locator('header').getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Sign In' }).waitFor();
    expect(errors).toEqual([]);
  });
  it('390 px (issue 23): fresh carrier and shipper accounts, a long email, a booked load, location blocked and More filters open: no sideways scroll, no cut text', async () => {
    const { app, browser } = journey;
    const email = `dispatch.operations.${Date.now()}@ridgeline-transport-logistics.example.test`;
    const [carrier, shipper] = await Promise.all([
      verifiedAccount(app, 'carrier', { email, companyName: 'Ridgeline Transport and Logistics' }),
      verifiedAccount(app, 'shipper', { companyName: 'Great Plains Grain Cooperative' }),
    ]);
    const load = await postLoadApi(shipper, { title: 'Phone-sized load', commodity: 'Wheat' });
    await bookLoadApi(shipper, carrier, load.id);
    const problems: string[] = [];
    const check = async (page: Page, what: string) => {
      const { excess, culprits } = await horizontalOverflow(page);
      if (excess > 0) problems.push(`${what}: ${excess}px too wide: ${culprits.join(' | ')}`);
      const cut = await cutText(page);
      if (cut.length) problems.push(`${what}: text cut: ${cut.join(' | ')}`);
      await screenshot(page, `phone-${what}`);
    };

    for (const [role, account] of [
      ['carrier', carrier],
      ['shipper', shipper],
    ] as const) {
      // No geolocation permission: the carrier's phone shows 'Location access is blocked…'.
      const ctx = await browser.newContext({ viewport: PHONE });
      const page = await ctx.newPage();
      const errors = watchPageErrors(page);
      const requests = trackRequests(page);
      await signIn(page, app.url, account.email, account.password);
      await page.getByRole('heading', { name: 'Account Information' }).waitFor();
      await check(page, `${role} dashboard`);

      await page.goto(`${app.url}/mobile`);
      await page.locator('main').first().waitFor();
      if (role === 'carrier')
        await page.locator('[data-testid="trip-sharing"] [data-status="denied"]').waitFor();
      await requests.settled();
      await check(page, `${role} mobile`);

      await page.goto(`${app.url}/freight`);
      await page.getByRole('heading', { name: 'Freight Load Board' }).waitFor();
      if (!(await page.getByRole('button', { name: /^More filters/ }).isVisible())) {
        await page.getByRole('button', { name: 'Filters' }).first().click();
      }
      await page.getByRole('button', { name: /^More filters/ }).click();
      await page.getByLabel('Pickup Date To').waitFor();
      await check(page, `${role} freight`);

      await page.goto(`${app.url}/tracking/${load.id}`);
      await page.getByTestId('tracking-status').waitFor();
      if (role === 'carrier')
        await page.locator('[data-testid="location-sharing"][data-status="denied"]').waitFor();
      await requests.settled();
      await check(page, `${role} tracking page`);

      for (const path of ['/documents', '/subscribe', '/tracking']) {
        await page.goto(`${app.url}${path}`);
        await page.locator('main').first().waitFor();
        await requests.settled();
        await check(page, `${role} ${path}`);
      }
      expect(errors).toEqual([]);
      await ctx.close();
    }
    expect(problems).toEqual([]);
  });
});
