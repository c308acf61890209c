import { isDriver } from './driverRoutes';
import type { Actor, Rule } from './types';
import { actsOnLoads, managesAccount } from './companies';

/** A driver's background check as the rules see it (null: none submitted). */
interface CheckState {
  status: string;
}

/** Background checks of individual drivers (issue 16). */
export const backgroundChecksPolicies = {
  /** Only individual drivers fill in the form (for themselves). */
  'backgroundCheck:submit': (actor: Actor) => isDriver(actor) && managesAccount(actor),
  /** The admins' queue and their decisions. */
  'backgroundCheck:queue': (actor: Actor) => actor.userType === 'admin',
  'backgroundCheck:review': (actor: Actor) => actor.userType === 'admin',
  /** A driver offers on small shipments only once an admin approved their background check. */
  'backgroundCheck:offer': (actor: Actor, check: CheckState | null) =>
    isDriver(actor) && actsOnLoads(actor) && check?.status === 'approved',
} satisfies Record<string, Rule>;
