import type { Actor, Rule } from './types';
import { actsOnLoads, isParty } from './companies';

interface OwnedByDriver {
  driverId: unknown;
  driverCompanyId?: unknown;
}

export const isDriver = (actor: Actor) => actor.userType === 'individual_driver';

/** The routes individual drivers offer. */
export const driverRoutesPolicies = {
  'driverRoute:create': (actor: Actor) => isDriver(actor) && actsOnLoads(actor),
  'driverRoute:manage': (actor: Actor, route: OwnedByDriver) =>
    isDriver(actor) && actsOnLoads(actor) && isParty(actor, route.driverId, route.driverCompanyId),
} satisfies Record<string, Rule>;
