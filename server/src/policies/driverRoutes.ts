import type { Actor, Rule } from './types';
import { actsOnLoads, isParty, readsLoads } from './companies';

interface OwnedByDriver {
  driverId: unknown;
  driverCompanyId?: unknown;
}

export const isDriver = (actor: Actor) => actor.userType === 'individual_driver';

/** The routes individual drivers offer. */
export const driverRoutesPolicies = {
  'driverRoute:create': (actor: Actor) => isDriver(actor) && actsOnLoads(actor),
  /** The company's routes with their prices: the reading roles (a company member with the driver role: none). */
  'driverRoute:list': (actor: Actor) => readsLoads(actor),
  'driverRoute:manage': (actor: Actor, route: OwnedByDriver) =>
    isDriver(actor) && actsOnLoads(actor) && isParty(actor, route.driverId, route.driverCompanyId),
} satisfies Record<string, Rule>;
