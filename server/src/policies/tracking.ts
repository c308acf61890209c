import {
  CARRIER_ON_LOAD_STATUSES,
  FREIGHT_TRANSITIONS,
  isLocationUpdatable,
  type FreightStatus,
  type TrackingViewerActions,
} from '@freight/shared';
import type { FreightListing } from '../features/freight/model';
import { drives, hauls, managesLoad, readsLoad, takesPartIn, type LoadRef } from './freight';
import { actsOnLoads, hasRole } from './companies';
import { viewerAssignActions } from './fleet';
import { MONEY_ROLES, invoicesPolicies } from './invoices';
import { loadDocumentsPolicies } from './loadDocuments';
import type { Actor, Rule } from './types';

type Load = LoadRef & Pick<FreightListing, 'userId' | 'carrierId' | 'brokerId' | 'shipperId'>;

/**
 * The booked carrier's people who act on loads, and the load's assigned driver (issue 29; a driver of the company who
 * is not assigned to it is not, and is told the load does not exist).
 */
const isBookedCarrier = (actor: Actor, load: Load) =>
  (actsOnLoads(actor) && hauls(actor, load)) || drives(actor, load);

/**
 * Tracking (SPEC §2 Freight tracking; issue #5): a load's participants are its poster (shipper or broker), its
 * booked carrier and admins. Everyone else is told the load does not exist (404), reads and writes alike.
 */
export const trackingPolicies = {
  /** Read the tracking detail, location, trail, photos and chat; join freight:<id> (`readsLoad`: as `load:read`). */
  'tracking:view': (actor: Actor, load: Load) => readsLoad(actor, load),
  /** Write in the load's chat and upload its photos: its participants only (an admin reads, issue #12). */
  'tracking:write': (actor: Actor, load: Load) =>
    (actsOnLoads(actor) && takesPartIn(actor, load)) || drives(actor, load),
  /**
   * Add a lumper receipt to the load's photos: whoever adds photos, and the hauling company's money roles, who bill
   * the lumper with it (issue 40).
   */
  'tracking:addLumperReceipt': (actor: Actor, load: Load) =>
    readsLoad(actor, load) &&
    ((actsOnLoads(actor) && takesPartIn(actor, load)) ||
      drives(actor, load) ||
      invoicesPolicies['invoice:issue'](actor, load)),
  /**
   * Report the load's location (REST or socket): the assigned driver's phone once a driver is assigned (a dispatcher's
   * position is not the truck's), else the booked carrier.
   */
  'tracking:updateLocation': (actor: Actor, load: Load) =>
    load.assignedDriverId != null ? drives(actor, load) : isBookedCarrier(actor, load),
  /** booked → in_transit and in_transit → delivered: the booked carrier. */
  'tracking:advance': (actor: Actor, load: Load) => isBookedCarrier(actor, load),
  /**
   * Pin a stop's dock on the map (issue 39; the point then serves every later load at that facility): the booked
   * carrier's people who act on loads (its dispatcher) and the assigned driver, who are at or route to the dock.
   */
  'load:pinDock': (actor: Actor, load: Load) => isBookedCarrier(actor, load),
  /**
   * The detention accrued at a load's stops in money (issue 41): the money roles (owners, admins, accounting) of
   * either party, as they see the invoices' amounts, and admins. Everyone who reads the load sees the clock itself
   * (times, dwell, free time); a driver, a dispatcher and a viewer see no amounts.
   */
  'stopClock:readAmounts': (actor: Actor, load: Load) =>
    actor.userType === 'admin' || (hasRole(actor, MONEY_ROLES) && takesPartIn(actor, load)),
} satisfies Record<string, Rule>;

const movesTo = (from: string, to: FreightStatus) =>
  FREIGHT_TRANSITIONS[from as FreightStatus]?.includes(to) ?? false;

/**
 * The actions the viewer may take on a load's tracking page (issue 26, as Outline's presentPolicies): the rules
 * above and the status machine's moves, so the web shows buttons from these and never from the user's type or a
 * list of statuses.
 */
export function viewerTrackingActions(
  actor: Actor,
  load: Load & Pick<FreightListing, 'status'>,
): TrackingViewerActions {
  const carrier = trackingPolicies['tracking:advance'](actor, load);
  const updatable = isLocationUpdatable(load.status);
  return {
    ...(updatable && trackingPolicies['tracking:updateLocation'](actor, load) && { updateLocation: true }),
    ...(carrier && updatable && { reportStops: true }),
    ...(carrier && movesTo(load.status, 'in_transit') && { startTrip: true }),
    ...(carrier && movesTo(load.status, 'delivered') && { markDelivered: true }),
    ...(!carrier &&
      actsOnLoads(actor) &&
      managesLoad(actor, load) &&
      movesTo(load.status, 'cancelled') && { cancel: true }),
    ...(trackingPolicies['tracking:write'](actor, load) && { write: true }),
    ...viewerAssignActions(actor, load),
    ...(loadDocumentsPolicies['loadDocument:view'](actor, load) && { viewDocuments: true }),
    ...(mayPinDock(actor, load) && { pinDock: true }),
  } as TrackingViewerActions;
}

/** Pin a stop's dock: the booked carrier's side, while the load is theirs to run (each stop also needs a street). */
export const mayPinDock = (actor: Actor, load: Load & Pick<FreightListing, 'status'>) =>
  trackingPolicies['load:pinDock'](actor, load) &&
  CARRIER_ON_LOAD_STATUSES.includes(load.status as FreightStatus);
