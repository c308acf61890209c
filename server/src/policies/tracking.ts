import {
  FREIGHT_TRANSITIONS,
  isLocationUpdatable,
  type FreightStatus,
  type TrackingViewerActions,
} from '@freight/shared';
import type { FreightListing } from '../features/freight/model';
import { participantIds } from '../features/freight/model';
import { managesLoad } from './freight';
import type { Actor, Rule } from './types';

type Load = Pick<FreightListing, 'userId' | 'carrierId' | 'brokerId' | 'shipperId'>;

const isAdmin = (actor: Actor) => actor.userType === 'admin';
const isBookedCarrier = (actor: Actor, load: Load) =>
  load.carrierId != null && String(load.carrierId) === actor.id;

/**
 * Tracking (SPEC §2 Freight tracking; issue #5): a load's participants are its poster (shipper or broker), its
 * booked carrier and admins. Everyone else is told the load does not exist (404), reads and writes alike.
 */
export const trackingPolicies = {
  /** Read the tracking detail, location, trail, photos and chat; join freight:<id>. */
  'tracking:view': (actor: Actor, load: Load) => isAdmin(actor) || participantIds(load).includes(actor.id),
  /** Write in the load's chat and upload its photos: its participants only (an admin reads, issue #12). */
  'tracking:write': (actor: Actor, load: Load) => participantIds(load).includes(actor.id),
  /** Report the load's location (REST or socket): only its booked carrier. */
  'tracking:updateLocation': (actor: Actor, load: Load) => isBookedCarrier(actor, load),
  /** booked → in_transit and in_transit → delivered: the booked carrier. */
  'tracking:advance': (actor: Actor, load: Load) => isBookedCarrier(actor, load),
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
  const sharing = carrier && isLocationUpdatable(load.status);
  return {
    ...(sharing && { updateLocation: true, reportStops: true }),
    ...(carrier && movesTo(load.status, 'in_transit') && { startTrip: true }),
    ...(carrier && movesTo(load.status, 'delivered') && { markDelivered: true }),
    ...(!carrier && managesLoad(actor, load) && movesTo(load.status, 'cancelled') && { cancel: true }),
    ...(trackingPolicies['tracking:write'](actor, load) && { write: true }),
  } as TrackingViewerActions;
}
