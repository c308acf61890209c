import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { UserModel } from '@freight/server/features/users/model';
import { navLinksFor } from '../web/src/features/layout/navLinks';
import { signIn, watchPageErrors, startJourney } from './browser';
import { bookLoadApi, postLoadApi, verifiedAccount } from './roles';

const journey = startJourney();

const LAPTOP = { width: 1280, height: 720 };
const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 360, height: 740 };
const MAX_HEADER_HEIGHT = 64;

async function pageAt(viewport: { width: number; height: number }, email?: string) {
  const ctx = await journey.browser.newContext({ viewport });
  const page = await ctx.newPage();
  const errors = watchPageErrors(page);
  if (email) await signIn(page, journey.app.url, email, 'Test1234!');
  return { page, errors };
}

/** The target's box once an opening animation (a dialog scaling in, a drawer sliding in) has ended. */
async function settledBox(target: Locator) {
  let box = await target.boundingBox();
  for (let tries = 0; tries < 30; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = await target.boundingBox();
    if (next && box && next.x === box.x && next.y === box.y && next.width === box.width) return next;
    box = next;
  }
  return box;
}

/**
 * Clicks like a person with a mouse: the target must already be on screen and on top (no scrolling it into view
 * first, as Playwright's own click would), then the mouse presses its centre.
 */
async function mouseClick(page: Page, target: Locator): Promise<void> {
  await target.waitFor();
  const box = await settledBox(target);
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('target has no box');
  expect(box.y + box.height, 'bottom edge inside the window').toBeLessThanOrEqual(viewport.height);
  expect(box.x + box.width, 'right edge inside the window').toBeLessThanOrEqual(viewport.width);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const onTop = await target.evaluate(
    (el, [px, py]) => {
      const hit = document.elementFromPoint(px, py);
      return hit !== null && (el === hit || el.contains(hit));
    },
    [x, y],
  );
  expect(onTop, 'nothing covers the target').toBe(true);
  await page.mouse.click(x, y);
}

async function headerHeight(page: Page): Promise<number> {
  const header = page.locator('header').first();
  await header.waitFor();
  return (await header.boundingBox())!.height;
}

/** scrollWidth beyond the window, with the elements that stick out to say why. */
async function horizontalOverflow(page: Page): Promise<{ excess: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${el.textContent?.slice(0, 40)}"`,
      );
    return { excess: document.documentElement.scrollWidth - width, culprits };
  });
}

/**
 * Text cut short without an ellipsis: an element holding text whose content is wider than its box while it clips
 * (overflow hidden or clip), or a button whose label does not fit. Truncation on purpose (text-overflow: ellipsis,
 * with the whole text in a title) is not counted.
 */
async function cutText(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((el) => {
        if (!el.offsetParent && getComputedStyle(el).position !== 'fixed') return false;
        const hasText = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent?.trim());
        if (!hasText) return false;
        const style = getComputedStyle(el);
        // Truncated on purpose, or visually hidden for screen readers (1 px wide).
        if (style.textOverflow === 'ellipsis' || el.clientWidth <= 2) return false;
        const clips = ['hidden', 'clip'].includes(style.overflowX) || el.tagName === 'BUTTON';
        if (clips && el.scrollWidth > el.clientWidth + 1) return true;
        // Partly outside an ancestor that clips it (a map label at the map's edge).
        const box = el.getBoundingClientRect();
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          if (!['hidden', 'clip'].includes(getComputedStyle(a).overflowX)) continue;
          const frame = a.getBoundingClientRect();
          const overlaps = box.right > frame.left && box.left < frame.right;
          return overlaps && (box.left < frame.left - 1 || box.right > frame.right + 1);
        }
        return false;
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()} "${el.textContent?.trim().slice(0, 60)}"`),
  );
}

describe('layout on a laptop and on a phone (issue 14)', () => {
  it('1280×720: Post Load and Add Route submit with the mouse, the actions in view', async () => {
    const shipper = await pageAt(LAPTOP, 'shipper@test.local');
    await shipper.page.goto(`${journey.app.url}/freight`);
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

    const driver = await pageAt(LAPTOP, 'driver@test.local');
    await driver.page.goto(`${journey.app.url}/driver-routes`);
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
    // A company name as long as real ones run (the seeded one is short enough to hide the wrap).
    const company = 'Great Lakes Freight Brokerage Services LLC';
    await UserModel.updateOne({ email: 'broker@test.local' }, { $set: { companyName: company } });
    const { page } = await pageAt(LAPTOP, 'broker@test.local');
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

  const roles = [
    ['carrier', 'carrier@test.local'],
    ['shipper', 'shipper@test.local'],
    ['broker', 'broker@test.local'],
    ['individual_driver', 'driver@test.local'],
    ['individual_customer', 'customer@test.local'],
    ['air_cargo', 'aircargo@test.local'],
    ['admin', 'admin@test.local'],
  ] as const;

  it.each(roles)(
    'phones (390 and 360 px) as %s: no sideways scroll, a header of at most 64 px, the drawer holds every link and Logout',
    async (userType, email) => {
      const { page, errors } = await pageAt(PHONE, email);
      const links = navLinksFor(userType);
      const problems: string[] = [];
      for (const viewport of [PHONE, SMALL_PHONE]) {
        await page.setViewportSize(viewport);
        for (const link of links) {
          await page.goto(`${journey.app.url}${link.to}`);
          await page.locator('main').first().waitFor();
          await page.waitForLoadState('networkidle');
          const height = await headerHeight(page);
          if (height > MAX_HEADER_HEIGHT) problems.push(`${viewport.width}px ${link.to}: header ${height}px`);
          const { excess, culprits } = await horizontalOverflow(page);
          if (excess > 0)
            problems.push(`${viewport.width}px ${link.to}: ${excess}px too wide: ${culprits.join(' | ')}`);
          const cut = await cutText(page);
          if (cut.length) problems.push(`${viewport.width}px ${link.to}: text cut: ${cut.join(' | ')}`);
        }
      }
      expect(problems).toEqual([]);

      // The drawer: every link, the user's summary and Logout; a link navigates and closes it.
      await page.goto(`${journey.app.url}/`);
      await page.getByRole('button', { name: 'Open navigation' }).click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      for (const link of links) await drawer.getByRole('link', { name: link.label, exact: true }).waitFor();
      await drawer.getByTestId('nav-user-type').waitFor();
      await drawer.getByRole('button', { name: 'Logout' }).waitFor();
      const last = links[links.length - 1]!;
      await drawer.getByRole('link', { name: last.label, exact: true }).click();
      await page.waitForURL(`${journey.app.url}${last.to}`);
      await drawer.waitFor({ state: 'hidden' });
      if (userType === 'carrier') {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await mouseClick(page, drawer.getByRole('button', { name: 'Logout' }));
        await page.getByRole('button', { name: 'Sign In' }).first().waitFor();
      }
      expect(errors).toEqual([]);
    },
  );

  it('signed out, the landing page keeps a one-row header on phones; More holds Create Account', async () => {
    const { page, errors } = await pageAt(PHONE);
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
    const { page, errors } = await pageAt(SMALL_PHONE);
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
      if (process.env.SHOTS_DIR) {
        await page.screenshot({
          path: `${process.env.SHOTS_DIR}/phone-${what.replace(/\W+/g, '_')}.png`,
          fullPage: true,
        });
      }
    };

    for (const [role, account] of [
      ['carrier', carrier],
      ['shipper', shipper],
    ] as const) {
      // No geolocation permission: the carrier's phone shows 'Location access is blocked…'.
      const ctx = await browser.newContext({ viewport: PHONE });
      const page = await ctx.newPage();
      const errors = watchPageErrors(page);
      await signIn(page, app.url, account.email, account.password);
      await page.getByRole('heading', { name: 'Account Information' }).waitFor();
      await check(page, `${role} dashboard`);

      await page.goto(`${app.url}/mobile`);
      await page.locator('main').first().waitFor();
      if (role === 'carrier')
        await page.locator('[data-testid="trip-sharing"] [data-status="denied"]').waitFor();
      await page.waitForLoadState('networkidle');
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
      await page.waitForLoadState('networkidle');
      await check(page, `${role} tracking page`);

      for (const path of ['/documents', '/subscribe', '/tracking']) {
        await page.goto(`${app.url}${path}`);
        await page.locator('main').first().waitFor();
        await page.waitForLoadState('networkidle');
        await check(page, `${role} ${path}`);
      }
      expect(errors).toEqual([]);
      await ctx.close();
    }
    expect(problems).toEqual([]);
  });
});
