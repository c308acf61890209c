import { beforeAll, describe, it } from 'vitest';
import { startJourney } from './browser';
import { ROLES, ROLE_TIMEOUT, checkRoleScreens, seedScreens, type SeededScreens } from './axe';

/**
 * Issue 14, accessibility: axe-core on every screen of the navigation as the carrier, the shipper and the broker, at a laptop's and a phone's size
 * (accessibility.test.ts has the public pages, the dialogs and the keyboard; the roles are split so that they run
 * side by side). SCREENSHOT_DIR=<folder> also saves a screenshot of every screen checked.
 */
const journey = startJourney();
const TYPES = new Set(['carrier', 'shipper', 'broker']);

let seeded: SeededScreens;
beforeAll(async () => {
  seeded = await seedScreens(journey.app);
});

describe('accessibility (issue 14): axe-core finds no serious or critical violation', () => {
  it.each(ROLES.filter(([userType]) => TYPES.has(userType)))(
    'as %s: every screen of the navigation, at 1280×900 and 390×844',
    async (userType, email) => {
      await checkRoleScreens(journey.app, journey.browser, seeded, userType, email);
    },
    ROLE_TIMEOUT,
  );
});
