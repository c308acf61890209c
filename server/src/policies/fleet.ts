import type { FleetViewerActions } from '@freight/shared';
import { actsOnLoads } from './companies';
import { hauls, type LoadRef } from './freight';
import type { Actor, Rule } from './types';

/** The company whose fleet an actor sees: theirs (an account not in a company yet: its own id, as plan usage). */
export const fleetCompanyOf = (actor: Pick<Actor, 'id' | 'companyId'>) => actor.companyId ?? actor.id;

interface TruckRef {
  companyId: unknown;
}

const isCarrier = (actor: Actor) => actor.userType === 'carrier';
const ownsTruck = (actor: Actor, truck: TruckRef) => String(truck.companyId) === fleetCompanyOf(actor);
/** Loads that have a truck and driver to run them: booked or in transit (reassigning ends at delivery). */
const assignable = (status: unknown) => status === 'booked' || status === 'in_transit';

/**
 * Fleet and dispatch (issue 29): a carrier company's trucks and drivers are seen by all its members and managed by
 * its owners, admins and dispatchers; another company's truck does not exist for anyone else (404). Where the trucks
 * are, live, is for those who dispatch them (issue 50, docs/fleet.md): accounting, viewers and drivers see the lists
 * without positions, and a driver sees their own load's truck on its tracking page as every party to it does.
 */
export const fleetPolicies = {
  'fleet:read': (actor: Actor) => isCarrier(actor),
  'fleet:manage': (actor: Actor) => isCarrier(actor) && actsOnLoads(actor),
  /** The trucks' positions: the fleet map, each truck's last position and the fleet room's live updates. */
  'fleet:watch': (actor: Actor) => isCarrier(actor) && actsOnLoads(actor),
  'truck:read': (actor: Actor, truck: TruckRef) => isCarrier(actor) && ownsTruck(actor, truck),
  'truck:manage': (actor: Actor, truck: TruckRef) =>
    isCarrier(actor) && actsOnLoads(actor) && ownsTruck(actor, truck),
  /** Keep one's own CDL and medical card: a carrier company's drivers. */
  'driver:keepCompliance': (actor: Actor) =>
    isCarrier(actor) && actor.companyRole === 'driver' && Boolean(actor.companyId),
  /** Assign or reassign a load's truck and driver: the booked carrier's load actors, until delivery. */
  'load:assign': (actor: Actor, load: LoadRef & { status?: unknown }) =>
    isCarrier(actor) && actsOnLoads(actor) && hauls(actor, load) && assignable(load.status),
} satisfies Record<string, Rule>;

export function viewerFleetActions(actor: Actor): FleetViewerActions {
  return {
    ...(fleetPolicies['fleet:manage'](actor) && { manage: true as const }),
    ...(fleetPolicies['fleet:watch'](actor) && { watch: true as const }),
  };
}

/** The fleet's part of a load's actions (the tracking page and My Loads show the assign button from it). */
export function viewerAssignActions(actor: Actor, load: LoadRef & { status?: unknown }): { assign?: true } {
  return fleetPolicies['load:assign'](actor, load) ? { assign: true } : {};
}
