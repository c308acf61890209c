// Shared by the layout journeys (issue 14): the sizes, a signed-in page per role, the checks of a screen's fit, and
// the phone check of one role's screens and drawer. The journeys are split by role group so that they run side by
// side.
import { DRIVER_VEHICLE_TYPES } from '@freight/shared';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

import { postLoad } from '@freight/server/features/freight/testUtils';
import { UserModel } from '@freight/server/features/users/model';
import type { TestApp } from '@test/helpers';
import { navLinksFor } from '../web/src/features/layout/navLinks';
import { signIn, watchPageErrors, type E2EBrowser } from './browser';

export const LAPTOP = { width: 1280, height: 720 };
export const PHONE = { width: 390, height: 844 };
export const SMALL_PHONE = { width: 360, height: 740 };
export const MAX_HEADER_HEIGHT = 64;
/** A company name as long as real ones run (the seeded one is short enough to hide the wrap). */
export const LONG_BROKER_COMPANY = 'Great Lakes Freight Brokerage Services LLC';

/**
 * One role's check loads about twenty screens in full (and checks each): on a busy machine that outlasts the default
 * minute of a test, and it is no hang.
 */
export const ROLE_TIMEOUT = 180_000;

export const ROLES = [
  ['carrier', 'carrier@test.local'],
  ['shipper', 'shipper@test.local'],
  ['broker', 'broker@test.local'],
  ['individual_driver', 'driver@test.local'],
  ['individual_customer', 'customer@test.local'],
  ['air_cargo', 'aircargo@test.local'],
  ['admin', 'admin@test.local'],
] as const;
export type Role = (typeof ROLES)[number];

/** A new browser context's page at this size, signed in as `email` when given. */
export async function pageAt(
  app: TestApp,
  browser: E2EBrowser,
  viewport: { width: number; height: number },
  email?: string,
) {
  const ctx = await browser.newContext({ viewport });
  const page = await ctx.newPage();
  const errors = watchPageErrors(page);
  if (email) await signIn(page, app.url, email, 'Test1234!');
  return { page, errors };
}

/**
 * What layout.test.ts's laptop tests leave behind, for the phone checks in the other layout files to see the same
 * screens: the shipper's load and the driver's route posted through the forms, and the broker's long company name.
 */
export async function seedLaptopLeftovers(app: TestApp): Promise<void> {
  const shipper = app.client();
  await shipper.login('shipper@test.local');
  await postLoad(shipper, {
    title: 'Laptop load',
    originCity: 'Wichita',
    originState: 'KS',
    destinationCity: 'Denver',
    destinationState: 'CO',
    rate: 1100,
    distance: undefined,
  });
  const driver = app.client();
  await driver.login('driver@test.local');
  const route = await driver.post('/api/driver-routes', {
    title: 'Laptop run',
    originCity: 'Austin',
    originState: 'TX',
    destinationCity: 'Dallas',
    destinationState: 'TX',
    departureDate: '2030-05-01',
    vehicleType: DRIVER_VEHICLE_TYPES[0],
  });
  expect(route.status).toBe(201);
  await UserModel.updateOne({ email: 'broker@test.local' }, { $set: { companyName: LONG_BROKER_COMPANY } });
}

/** The target's box once an opening animation (a dialog scaling in, a drawer sliding in) has ended. */
export async function settledBox(target: Locator) {
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
export async function mouseClick(page: Page, target: Locator): Promise<void> {
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

export async function headerHeight(page: Page): Promise<number> {
  const header = page.locator('header').first();
  await header.waitFor();
  return (await header.boundingBox())!.height;
}

/** scrollWidth beyond the window, with the elements that stick out to say why. */
export async function horizontalOverflow(page: Page): Promise<{ excess: number; culprits: string[] }> {
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
export async function cutText(page: Page): Promise<string[]> {
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

/**
 * Phones (390 and 360 px) as one role: no sideways scroll, a header of at most 64 px and no cut text on every screen
 * of its navigation; the drawer holds every link and Logout, and a link navigates and closes it.
 */
export async function checkPhoneRole(
  app: TestApp,
  browser: E2EBrowser,
  userType: Role[0],
  email: string,
): Promise<void> {
  const { page, errors } = await pageAt(app, browser, PHONE, email);
  const links = navLinksFor(userType);
  const problems: string[] = [];
  for (const viewport of [PHONE, SMALL_PHONE]) {
    await page.setViewportSize(viewport);
    for (const link of links) {
      await page.goto(`${app.url}${link.to}`);
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
  await page.goto(`${app.url}/`);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  for (const link of links) await drawer.getByRole('link', { name: link.label, exact: true }).waitFor();
  await drawer.getByTestId('nav-user-type').waitFor();
  await drawer.getByRole('button', { name: 'Logout' }).waitFor();
  const last = links[links.length - 1]!;
  await drawer.getByRole('link', { name: last.label, exact: true }).click();
  await page.waitForURL(`${app.url}${last.to}`);
  await drawer.waitFor({ state: 'hidden' });
  if (userType === 'carrier') {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await mouseClick(page, drawer.getByRole('button', { name: 'Logout' }));
    await page.getByRole('button', { name: 'Sign In' }).first().waitFor();
  }
  expect(errors).toEqual([]);
}
