// Shared by the accessibility journeys (issue 14): axe-core on a screen, the screens of a visitor at both sizes, and
// the data that puts something on every screen (screenSweep.test.ts sweeps the signed-in roles).
import { airLoadInput, postLoad } from '@freight/server/features/freight/testUtils';
import { seedLoad } from '@freight/server/features/tracking/testing';
import { UserModel } from '@freight/server/features/users/model';
import axe from 'axe-core';
import type { Page, Request } from 'playwright-core';
import { LAPTOP, PHONE, goInApp, pageTakenOver, screenshot } from './browser';
import { expect } from 'vitest';
import type { TestApp } from '@test/helpers';

export { LAPTOP, PHONE };
export const VIEWPORTS = [
  ['laptop', LAPTOP],
  ['phone', PHONE],
] as const;
/** The impacts that fail the check (axe: minor, moderate, serious, critical). */
const FAILING = new Set(['serious', 'critical']);

/** The serious and critical violations on the page as it is now, one line each with where they are. */
export async function axeViolations(
  page: Page,
  label: string,
  opts: { modalOpen?: boolean } = {},
): Promise<string[]> {
  // Colours are measured at rest: the pointer off every control (a hovered button is lighter), and once opening
  // animations (a dialog fading in) have ended.
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  // page.evaluate runs outside the page's Content-Security-Policy (an injected <script> would be refused).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(
    (modalOpen) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
        resultTypes: ['violations'],
        // An open modal hides the page behind it with aria-hidden while trapping focus in itself, so the page's
        // controls are out of reach: the keyboard tests prove the trap instead of this rule.
        rules: modalOpen ? { 'aria-hidden-focus': { enabled: false } } : {},
      }),
    Boolean(opts.modalOpen),
  );
  return results.violations
    .filter((v) => FAILING.has(v.impact ?? ''))
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.html.slice(0, 100)} ${(n.failureSummary ?? '').split('\n')[1] ?? ''}`)
          .join(' | ')}`,
    );
}

/** Opens a path and waits until the page has drawn its data (no requests in flight, spinners gone). */
export async function open(page: Page, url: string): Promise<void> {
  const requests = trackRequests(page);
  await page.goto(url);
  await page.locator('h1').first().waitFor();
  await pageTakenOver(page);
  await requests.settled();
  await spinnersGone(page);
}

/**
 * Goes to a path inside the app without loading the page again, as a link does (the router follows the history's
 * change), and waits as `open` does. The signed-in sweep goes from screen to screen this way: a page load costs the
 * browser about a second of work and loses axe-core, which is loaded into the page once.
 */
export async function openInApp(page: Page, pathname: string): Promise<void> {
  const requests = trackRequests(page);
  await goInApp(page, pathname);
  await requests.settled();
  await spinnersGone(page);
}

/** No loading spinner left on the page. */
async function spinnersGone(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.chakra-spinner'), undefined, {
    timeout: 10_000,
  });
}

const tracked = new WeakMap<Page, { settled(): Promise<void> }>();

/**
 * The page's requests in flight, counted from Playwright's events. `settled()` resolves once none is in flight
 * across two frames: React starts a screen's data requests in the effects of the render that drew it, so a frame
 * later they are in flight. It replaces `networkidle`, which waits for half a second of silence every time (half
 * of a screen's opening).
 */
export function trackRequests(page: Page): { settled(): Promise<void> } {
  let known = tracked.get(page);
  if (known) return known;
  const inFlight = new Set<Request>();
  page.on('request', (r) => inFlight.add(r));
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  const nextFrames = () =>
    page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
  known = {
    async settled() {
      for (;;) {
        await expect.poll(() => inFlight.size, { interval: 25 }).toBe(0);
        await nextFrames();
        if (inFlight.size === 0) return;
      }
    },
  };
  tracked.set(page, known);
  return known;
}

/**
 * The violations on each of these paths, at a laptop's size and then a phone's, each screen opened once and looked
 * at in each size in turn, as a resized window shows it: the first path is loaded, the others are reached inside the
 * app (no page load each, and axe-core stays loaded).
 */
export async function checkScreens(
  page: Page,
  baseUrl: string,
  who: string,
  paths: string[],
): Promise<string[]> {
  const problems: string[] = [];
  for (const [i, p] of paths.entries()) {
    await page.setViewportSize(VIEWPORTS[0][1]);
    await (i === 0 ? open(page, `${baseUrl}${p}`) : openInApp(page, p));
    for (const [size, viewport] of VIEWPORTS) {
      if (viewport !== VIEWPORTS[0][1]) await resized(page, viewport);
      problems.push(...(await axeViolations(page, `${who} ${size} ${p}`)));
      await screenshot(page, `${who}-${size}-${p}`);
    }
  }
  return problems;
}

/** The page at a new size once React has drawn it there (a breakpoint's change re-renders on the next frames). */
export async function resized(page: Page, viewport: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(viewport);
  await page.evaluate(
    () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)))),
  );
  await spinnersGone(page);
}

export interface SeededScreens {
  /** A load booked by the test carrier from the test shipper, with a driver's route (the tracking page). */
  trackedLoadId: string;
  /** The test shipper's open load with the test carrier's booking request on it. */
  requestedLoadId: string;
}

/**
 * Something on every screen: open loads (one with a booking request), a booked load, an air listing, a small
 * shipment and a driver's route.
 */
export async function seedScreens(app: TestApp): Promise<SeededScreens> {
  const id = async (email: string) => String((await UserModel.findOne({ email }).lean())!._id);
  const client = async (email: string) => {
    const c = app.client();
    await c.login(email);
    return c;
  };
  const shipper = await client('shipper@test.local');
  const open = await postLoad(shipper, { title: 'Produce to Dallas', equipmentType: 'reefer' });
  await postLoad(shipper, { title: 'Steel to Denver', destinationCity: 'Denver', destinationState: 'CO' });
  const carrier = await client('carrier@test.local');
  expect(
    (await carrier.post(`/api/freight/${open.id}/book`, { message: 'Ready Monday' })).status,
  ).toBeLessThan(300);
  const trackedLoadId = await seedLoad({
    posterId: await id('shipper@test.local'),
    carrierId: await id('carrier@test.local'),
  });
  const air = await client('aircargo@test.local');
  await postLoad(air, airLoadInput({ title: 'Pharma pallets', weight: 2000 }));
  return { trackedLoadId, requestedLoadId: open.id };
}
