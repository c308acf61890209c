import type { FreightListing } from '../features/freight/model';
import { participantIds } from '../features/freight/model';
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
