import { beforeAll, describe, it } from 'vitest';

import { startJourney } from './browser';
import { ROLES, ROLE_TIMEOUT, checkPhoneRole, seedLaptopLeftovers } from './layoutChecks';

/**
 * Issue 14, layout on phones as the driver, the individual customer, the air cargo company and the admin (layout.test.ts has the laptop and signed-out checks; the roles are split so
 * that they run side by side). The screens hold what layout.test.ts's laptop tests leave behind.
 */
const journey = startJourney();
const TYPES = new Set<string>(['individual_driver', 'individual_customer', 'air_cargo', 'admin']);

beforeAll(async () => {
  await seedLaptopLeftovers(journey.app);
});

describe('layout on a laptop and on a phone (issue 14)', () => {
  it.each(ROLES.filter(([userType]) => TYPES.has(userType)))(
    'phones (390 and 360 px) as %s: no sideways scroll, a header of at most 64 px, the drawer holds every link and Logout',
    async (userType, email) => {
      await checkPhoneRole(journey.app, journey.browser, userType, email);
    },
    ROLE_TIMEOUT,
  );
});
