import { TEST_ACCOUNT_PASSWORD } from '@freight/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { navLinksFor } from '../web/src/features/layout/navLinks';
import { screenshot, signIn, startJourney, watchPageErrors } from './browser';
import {
  LAPTOP,
  PHONE,
  axeViolations,
  open,
  openInApp,
  resized,
  seedScreens,
  type SeededScreens,
} from './axe';
import { ROLES, SMALL_PHONE, checkDrawer, fitProblems, seedLaptopLeftovers, type Role } from './layoutChecks';

/**
 * Issue 14, every signed-in screen of every role in one pass a role (issue 38): signed in once, each screen of the
 * role's navigation is opened and checked at a laptop's size (axe-core: no serious or critical violation), at 390×844
 * (axe-core, and the phone's fit: a header of at most 64 px, no sideways scroll, no cut text) and at 360×740 (the
 * fit); then the phone's drawer. The carrier and the shipper also get their tracking pages, the shipper the poster's load page.
 * accessibility.test.ts has the public pages, the dialogs and the keyboard; layout.test.ts the laptop's layout and
 * the signed-out phone. SCREENSHOT_DIR=<folder> saves a screenshot of every screen checked.
 */
const journey = startJourney();

/** Twenty-odd screens, each checked at three sizes: on a busy machine that outlasts the default minute, and is no hang. */
const SWEEP_TIMEOUT = 300_000;

const SIZES = [
  { name: 'laptop', viewport: LAPTOP, axe: true, fit: false },
  { name: 'phone', viewport: PHONE, axe: true, fit: true },
  { name: 'small-phone', viewport: SMALL_PHONE, axe: false, fit: true },
] as const;

let seeded: SeededScreens;
beforeAll(async () => {
  seeded = await seedScreens(journey.app);
  await seedLaptopLeftovers(journey.app);
});

async function sweepRole(userType: Role[0], email: string): Promise<void> {
  const { app, browser } = journey;
  const page = await (await browser.newContext({ viewport: LAPTOP })).newPage();
  const errors = watchPageErrors(page);
  await signIn(page, app.url, email, TEST_ACCOUNT_PASSWORD);
  const navPaths = navLinksFor(userType).map((l) => l.to);
  const extraPaths: string[] = [];
  if (userType === 'carrier' || userType === 'shipper')
    extraPaths.push('/tracking', `/tracking/${seeded.trackedLoadId}`);
  if (userType === 'shipper') extraPaths.push(`/loads/${seeded.requestedLoadId}`); // the poster's load page (issue 23)

  // Each screen is opened once and looked at in each size in turn, as a window resized (or a phone turned) would show
  // it. The first is loaded; the others are reached inside the app, as a link does (no page load each, and axe-core
  // stays loaded). layout.test.ts loads pages at a phone's size from the start.
  const problems: string[] = [];
  for (const p of [...navPaths, ...extraPaths]) {
    await page.setViewportSize(SIZES[0].viewport);
    await (p === navPaths[0] ? open(page, `${app.url}${p}`) : openInApp(page, p));
    for (const size of SIZES) {
      const label = `${userType} ${size.name} ${p}`;
      if (size !== SIZES[0]) await resized(page, size.viewport);
      if (size.axe) problems.push(...(await axeViolations(page, label)));
      if (size.fit && navPaths.includes(p)) problems.push(...(await fitProblems(page, label)));
      await screenshot(page, label);
    }
  }
  expect(problems).toEqual([]);
  await checkDrawer(page, app, userType);
  expect(errors).toEqual([]);
}

describe('every screen of every role (issue 14): accessible, and fits a phone', () => {
  it.each(ROLES)(
    'as %s: axe-core at 1280×900 and 390×844, the fit at 390 and 360 px, the drawer',
    async (userType, email) => {
      await sweepRole(userType, email);
    },
    SWEEP_TIMEOUT,
  );
});
