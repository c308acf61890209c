import { TEST_ACCOUNT_PASSWORD } from '@freight/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_USER_PASSWORD } from '@test/helpers';
import { screenshot, signIn, startJourney, watchPageErrors } from './browser';
import { LAPTOP, PHONE, VIEWPORTS, axeViolations, checkScreens, open, seedScreens } from './axe';

/**
 * Issue 14, accessibility: axe-core on the public pages and the dialogs, at a laptop's and a phone's size; keyboard
 * reachability, visible focus, and dialogs that trap and return focus. Each role's screens are checked in
 * accessibilityFreightRoles.test.ts and accessibilityOtherRoles.test.ts (split so that they run side by side).
 * SCREENSHOT_DIR=<folder> also saves a screenshot of every screen checked (for a person to look at).
 */
const journey = startJourney();

beforeAll(async () => {
  await seedScreens(journey.app);
});

describe('accessibility (issue 14): axe-core finds no serious or critical violation', () => {
  it('signed out: the public pages and the sign-in and register dialogs', async () => {
    const page = await (await journey.browser.newContext()).newPage();
    const errors = watchPageErrors(page);
    const problems = await checkScreens(page, journey.app.url, 'visitor', [
      '/',
      '/freight',
      '/small-shipments',
      '/subscribe',
      '/simple-login',
    ]);
    for (const [size, viewport] of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await open(page, `${journey.app.url}/?auth=signin`);
      await page.getByRole('dialog').waitFor();
      problems.push(...(await axeViolations(page, `visitor ${size} sign-in dialog`, { modalOpen: true })));
      await screenshot(page, `visitor-${size}-signin-dialog`);
      await open(page, `${journey.app.url}/`);
      await page
        .getByRole('button', { name: /^Register as/ })
        .first()
        .click();
      await page.getByRole('dialog').waitFor();
      problems.push(...(await axeViolations(page, `visitor ${size} register dialog`, { modalOpen: true })));
      await screenshot(page, `visitor-${size}-register-dialog`);
    }
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('the working dialogs and views: Post Load, the board table and filters, Add Route, the phone drawer', async () => {
    const problems: string[] = [];
    const shipper = await (await journey.browser.newContext({ viewport: LAPTOP })).newPage();
    await signIn(shipper, journey.app.url, 'shipper@test.local', TEST_ACCOUNT_PASSWORD, null);
    await open(shipper, `${journey.app.url}/freight`);
    await shipper.getByRole('button', { name: 'Post Freight' }).click();
    await shipper.getByRole('dialog', { name: 'Post New Load' }).waitFor();
    problems.push(...(await axeViolations(shipper, 'shipper Post Load dialog', { modalOpen: true })));
    await screenshot(shipper, 'shipper-laptop-post-load-dialog');
    await shipper.keyboard.press('Escape');
    // The board as a table, with every search field open (issue 15).
    await shipper.getByRole('button', { name: 'Table' }).click();
    await shipper.getByRole('table', { name: 'Loads' }).waitFor();
    await shipper.getByRole('button', { name: 'Filters' }).click();
    await shipper.getByRole('button', { name: /More filters/ }).click();
    await shipper.getByLabel('Deadhead Radius').waitFor();
    problems.push(...(await axeViolations(shipper, 'shipper board table with every filter')));
    await screenshot(shipper, 'shipper-laptop-board-table');
    await shipper.setViewportSize(PHONE);
    await shipper.getByRole('list', { name: 'Loads' }).waitFor();
    problems.push(...(await axeViolations(shipper, 'shipper board compact list on a phone')));
    await screenshot(shipper, 'shipper-phone-board-list');

    const driver = await (await journey.browser.newContext({ viewport: PHONE })).newPage();
    await signIn(driver, journey.app.url, 'driver@test.local', TEST_ACCOUNT_PASSWORD, null);
    await open(driver, `${journey.app.url}/driver-routes`);
    await driver.getByRole('button', { name: 'Add Route' }).click();
    await driver.getByRole('dialog', { name: 'Add Route' }).waitFor();
    problems.push(...(await axeViolations(driver, 'driver Add Route dialog', { modalOpen: true })));
    await screenshot(driver, 'driver-phone-add-route-dialog');
    await driver.keyboard.press('Escape');
    await driver.getByRole('button', { name: 'Open navigation' }).click();
    await driver.getByRole('dialog', { name: 'Menu' }).waitFor();
    problems.push(...(await axeViolations(driver, 'driver navigation drawer', { modalOpen: true })));
    await driver.keyboard.press('Escape');

    // A driver without a background check: its form, with every inline error showing (issue 16).
    const newDriver = journey.app.client();
    const { email } = await newDriver.registerAndLogin({ userType: 'carrier' });
    await newDriver.post('/api/users/setup', { userType: 'individual_driver', companyName: 'New Driver' });
    const unchecked = await (await journey.browser.newContext({ viewport: LAPTOP })).newPage();
    await signIn(unchecked, journey.app.url, email, TEST_USER_PASSWORD, null);
    await open(unchecked, `${journey.app.url}/background-check`);
    await unchecked.getByRole('button', { name: 'Submit Background Check' }).click();
    await unchecked.getByText('You must consent to the background check').waitFor();
    problems.push(...(await axeViolations(unchecked, 'driver background check form with errors')));
    await screenshot(unchecked, 'driver-laptop-background-check-errors');
    expect(problems).toEqual([]);
  });
});

/** What the focused element is, and whether it shows a focus ring (an outline or a box shadow). */
async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    const ring =
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    return {
      name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40),
      tag: el.tagName.toLowerCase(),
      ring,
      inDialog: Boolean(el.closest('[role="dialog"]')),
    };
  });
}

describe('keyboard (issue 14)', () => {
  it('reaches Post Freight by Tab with a visible focus ring, the dialog traps focus, Escape returns it', async () => {
    const page = await (await journey.browser.newContext({ viewport: LAPTOP })).newPage();
    await signIn(page, journey.app.url, 'shipper@test.local', TEST_ACCOUNT_PASSWORD, null);
    await open(page, `${journey.app.url}/freight`);
    await page.locator('body').click({ position: { x: 1, y: 1 } });

    // Tab through the page until Post Freight has the focus; every stop on the way shows a ring.
    const withoutRing: string[] = [];
    let reached = false;
    for (let i = 0; i < 60 && !reached; i++) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      if (!now) continue;
      if (!now.ring) withoutRing.push(`${now.tag} "${now.name}"`);
      reached = now.name === 'Post Freight';
    }
    expect(reached, 'Post Freight reachable by Tab').toBe(true);
    expect(withoutRing).toEqual([]);

    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Post New Load' });
    await dialog.waitFor();
    await page.waitForFunction(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
    // Focus stays inside the dialog however far one tabs, forwards and backwards.
    const escaped: string[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press(i < 30 ? 'Tab' : 'Shift+Tab');
      const now = await focused(page);
      if (!now?.inDialog) escaped.push(`${i}: ${now?.tag ?? 'body'} "${now?.name ?? ''}"`);
    }
    expect(escaped).toEqual([]);
    // A field is filled from the keyboard, then Escape closes and focus returns to the button that opened it.
    await dialog.getByLabel('Load Title').focus();
    await page.keyboard.type('Keyboard load');
    expect(await dialog.getByLabel('Load Title').inputValue()).toBe('Keyboard load');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Post Freight');
  });

  it('on a phone the navigation drawer opens from the keyboard, traps focus and returns it', async () => {
    const page = await (await journey.browser.newContext({ viewport: PHONE })).newPage();
    await signIn(page, journey.app.url, 'carrier@test.local', TEST_ACCOUNT_PASSWORD);
    const opener = page.getByRole('button', { name: 'Open navigation' });
    await opener.focus();
    expect((await focused(page))?.ring).toBe(true);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      expect((await focused(page))?.inDialog).toBe(true);
    }
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('aria-label') === 'Open navigation',
    );
  });
});
