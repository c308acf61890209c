// Shared by the layout journeys (issue 14): the sizes, a signed-in page per role, the checks of a screen's fit and the
// phone's drawer (screenSweep.test.ts runs them on every role's screens).
import { DRIVER_VEHICLE_TYPES } from '@freight/shared';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

import { postLoad } from '@freight/server/features/freight/testUtils';
import { UserModel } from '@freight/server/features/users/model';
import type { TestApp } from '@test/helpers';
import { navLinksFor } from '../web/src/features/layout/navLinks';
import { openInApp } from './axe';
import { signIn, watchPageErrors, type E2EBrowser } from './browser';

export const LAPTOP = { width: 1280, height: 720 };
export const PHONE = { width: 390, height: 844 };
export const SMALL_PHONE = { width: 360, height: 740 };
export const MAX_HEADER_HEIGHT = 64;
/** A company name as long as real ones run (the seeded one is short enough to hide the wrap). */
export const LONG_BROKER_COMPANY = 'Great Lakes Freight Brokerage Services LLC';

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

/** A new browser context's page at this size, signed in as `email` when given, on the dashboard or at `opens`. */
export async function pageAt(
  app: TestApp,
  browser: E2EBrowser,
  viewport: { width: number; height: number },
  email?: string,
  opens = '/',
) {
  const ctx = await browser.newContext({ viewport });
  const page = await ctx.newPage();
  const errors = watchPageErrors(page);
  if (email) await signIn(page, app.url, email, 'Test1234!', opens);
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

/** A screen's fit on a phone: a header of at most 64 px, no sideways scroll and no cut text; one line a fault. */
export async function fitProblems(page: Page, label: string): Promise<string[]> {
  const problems: string[] = [];
  const height = await headerHeight(page);
  if (height > MAX_HEADER_HEIGHT) problems.push(`${label}: header ${height}px`);
  const { excess, culprits } = await horizontalOverflow(page);
  if (excess > 0) problems.push(`${label}: ${excess}px too wide: ${culprits.join(' | ')}`);
  const cut = await cutText(page);
  if (cut.length) problems.push(`${label}: text cut: ${cut.join(' | ')}`);
  return problems;
}

/**
 * The phone's navigation drawer as one role, on a page of the app signed in as that role: every link, the user's
 * summary and Logout; a link navigates and closes it; the carrier also logs out from it with a mouse. The dashboard is
 * reached inside the app, as a link does (the screen sweep has just loaded the app: no second page load).
 */
export async function checkDrawer(page: Page, app: TestApp, userType: Role[0]): Promise<void> {
  const links = navLinksFor(userType);
  await page.setViewportSize(PHONE);
  await openInApp(page, '/');
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
}
