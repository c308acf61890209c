import type { Actor, Rule } from './types';

interface OwnedByDriver {
  driverId: unknown;
}

export const isDriver = (actor: Actor) => actor.userType === 'individual_driver';

/** The routes individual drivers offer. */
export const driverRoutesPolicies = {
  'driverRoute:create': (actor: Actor) => isDriver(actor),
  'driverRoute:manage': (actor: Actor, route: OwnedByDriver) =>
    isDriver(actor) && String(route.driverId) === actor.id,
} satisfies Record<string, Rule>;
