import type {
  BookingRequestViewerActions,
  LoadActionState,
  LoadViewerActions,
  NegotiationViewerActions,
} from '@freight/shared';
import type { Actor, Rule } from './types';
import { actsOnLoads, isParty, readsLoads } from './companies';
import { ratingsPolicies } from './ratings';

/** The parts of a load the freight rules look at (each party's person id and, beside it, their company's). */
export interface LoadRef {
  userId: unknown;
  companyId?: unknown;
  brokerId?: unknown;
  brokerCompanyId?: unknown;
  shipperId?: unknown;
  shipperCompanyId?: unknown;
  carrierId?: unknown;
  carrierCompanyId?: unknown;
  /** The driver a dispatcher assigned (issue 29). */
  assignedDriverId?: unknown;
  equipmentType?: string;
}
interface NegotiationRef {
  brokerId: unknown;
  brokerCompanyId?: unknown;
  carrierId: unknown;
  carrierCompanyId?: unknown;
}
interface RequestRef {
  shipperId: unknown;
  shipperCompanyId?: unknown;
  brokerId?: unknown;
  brokerCompanyId?: unknown;
  carrierId: unknown;
  carrierCompanyId?: unknown;
}

/**
 * The poster and the broker or shipper the load is for: whoever runs the load, that is any member of their companies
 * (issue 28); what a member's role lets them do is asked separately.
 */
export const managesLoad = (actor: Actor, load: LoadRef) =>
  isParty(actor, load.userId, load.companyId) ||
  isParty(actor, load.brokerId, load.brokerCompanyId) ||
  isParty(actor, load.shipperId, load.shipperCompanyId);

/** The booked carrier's company. */
export const hauls = (actor: Actor, load: LoadRef) =>
  load.carrierId != null && isParty(actor, load.carrierId, load.carrierCompanyId);

/**
 * The driver assigned to the load (issue 29), while still a member of the booked carrier's company: they take part in
 * its trip (tracking, stops, photos, chat) whatever their company role.
 */
export const drives = (actor: Actor, load: LoadRef) =>
  load.assignedDriverId != null && String(load.assignedDriverId) === actor.id && hauls(actor, load);

/** Everyone who takes part in a load: its poster's, shipper's, broker's and booked carrier's companies. */
export const takesPartIn = (actor: Actor, load: LoadRef) => managesLoad(actor, load) || hauls(actor, load);

/**
 * Who reads a load beyond the board (its details once it left the board, tracking, history, parties): admins, the
 * reading roles of the companies taking part, and its assigned driver. A driver of the company who is not assigned to
 * it is told it does not exist (404), and the lists leave it out (issue 51).
 */
export const readsLoad = (actor: Actor, load: LoadRef) =>
  actor.userType === 'admin' || (readsLoads(actor) && takesPartIn(actor, load)) || drives(actor, load);

const isAir = (load: LoadRef) => load.equipmentType === 'air_cargo';
/** The account type that hauls a load of this mode. */
const haulerOf = (load: LoadRef) => (isAir(load) ? 'air_cargo' : 'carrier');

export const freightPolicies = {
  /**
   * Posting (SPEC §6: verification required): shippers and brokers post road or air loads; air cargo operators post
   * air shipments only.
   */
  'freight:post': (actor: Actor, equipmentType?: string) =>
    actor.isVerified &&
    actsOnLoads(actor) &&
    (actor.userType === 'shipper' ||
      actor.userType === 'broker' ||
      (actor.userType === 'air_cargo' && equipmentType === 'air_cargo')),
  /** Edit and Remove: whoever runs the load (admins too). */
  'freight:manage': (actor: Actor, load: LoadRef) =>
    actor.userType === 'admin' || (actsOnLoads(actor) && managesLoad(actor, load)),
  /**
   * Who hauls, by the load's mode (issue 23): carriers road loads, air cargo operators air shipments (booked on the
   * air page); nobody their own loads.
   */
  'freight:haul': (actor: Actor, load?: LoadRef) =>
    actsOnLoads(actor) &&
    (load
      ? haulerOf(load) === actor.userType
      : actor.userType === 'carrier' || actor.userType === 'air_cargo') &&
    !(load && managesLoad(actor, load)),
  /** Rate offers come from carriers, on road loads (the air marketplace books at the posted rate). */
  'freight:offer': (actor: Actor, load?: LoadRef) =>
    actsOnLoads(actor) &&
    actor.userType === 'carrier' &&
    !(load && (isAir(load) || managesLoad(actor, load))),
  /** The Carrier Booking Requests list (call 6): shippers and brokers, and air cargo operators for their shipments. */
  'booking:list': (actor: Actor) =>
    readsLoads(actor) &&
    (actor.userType === 'shipper' || actor.userType === 'broker' || actor.userType === 'air_cargo'),
  /** Approve or reject (call 7): the load's shipper or broker. */
  'booking:review': (actor: Actor, request: RequestRef) =>
    actsOnLoads(actor) &&
    (isParty(actor, request.shipperId, request.shipperCompanyId) ||
      isParty(actor, request.brokerId, request.brokerCompanyId)),
  /** The Broker Hub's data (calls 25-27). */
  'broker:access': (actor: Actor) => readsLoads(actor) && actor.userType === 'broker',
  /** See the broker invitations addressed to one's email: shippers. */
  'brokerInvitation:list': (actor: Actor) => actor.userType === 'shipper',
  /** Accept or decline an invitation: the shipper whose account email it was sent to. */
  'brokerInvitation:answer': (actor: Actor, ref: { invitation: { email: string }; email: string }) =>
    actsOnLoads(actor) && actor.userType === 'shipper' && ref.invitation.email === ref.email.toLowerCase(),
  /** Accept, reject or counter an offer (call 28): the load's broker (or the poster, when no broker). */
  'negotiation:respond': (actor: Actor, negotiation: NegotiationRef) =>
    actsOnLoads(actor) && isParty(actor, negotiation.brokerId, negotiation.brokerCompanyId),
  /** Revise a pending offer: the carrier who made it. */
  'negotiation:revise': (actor: Actor, negotiation: NegotiationRef) =>
    actsOnLoads(actor) && isParty(actor, negotiation.carrierId, negotiation.carrierCompanyId),
  /** Accept a counter offer: the carrier who made the offer. */
  'negotiation:acceptCounter': (actor: Actor, negotiation: NegotiationRef) =>
    actsOnLoads(actor) && isParty(actor, negotiation.carrierId, negotiation.carrierCompanyId),
  /**
   * Counter the other side's last figure (issue 39): either party, the broker's side (or the poster) or the carrier
   * who made the offer; whose turn it is the offer's status decides.
   */
  'negotiation:counter': (actor: Actor, negotiation: NegotiationRef) =>
    actsOnLoads(actor) &&
    (isParty(actor, negotiation.brokerId, negotiation.brokerCompanyId) ||
      isParty(actor, negotiation.carrierId, negotiation.carrierCompanyId)),
  /**
   * A load's stop details (issue 39: facility, street address, dock notes, appointment, references, contact): the
   * poster's side, and once booked the carrier's reading roles (its dispatcher) and the assigned driver, that is
   * whoever reads the load past the board (`readsLoad`, admins included). The board, other carriers (a carrier that
   * asked to book it too) and the signed-out see the city and state only.
   */
  'load:stopDetails': (actor: Actor, load: LoadRef) => readsLoad(actor, load),
  /** One load past the board: see `readsLoad`. Every list of loads keeps only the loads this allows (issue 51). */
  'load:read': (actor: Actor, load: LoadRef) => readsLoad(actor, load),
  /**
   * A list of the company's loads (My Loads, tracked loads, /api/v1/loads) shows every load its company takes part
   * in: the reading roles. Anyone else (a driver) is shown only the loads assigned to them (issue 51).
   */
  'load:list': (actor: Actor) => readsLoads(actor),
  /** The company's own booking requests (a carrier's): the reading roles; a driver sees none (they carry rates). */
  'booking:listOwn': (actor: Actor) => readsLoads(actor),
  /** Rate offers, made or received: the reading roles; a driver sees none. */
  'negotiation:list': (actor: Actor) => readsLoads(actor),
  /** Saved searches with alerts: any signed-in user with an account type. */
  'savedSearch:manage': (actor: Actor) => actor.userType !== null,
} satisfies Record<string, Rule>;

/**
 * The actions the viewer may take on a load (issue 23), sent with the listing so the web shows only those buttons:
 * booking for whoever hauls its mode, offers for carriers on road loads, nothing on one's own load or once the load
 * is no longer available; on a delivered load, rating the other side for its raters (issue 40). A signed-out visitor
 * gets both, leading to sign-in (a visitor may be a carrier); a role that may act only once verified gets the action
 * in the 'verify' state (one disabled button with the reason).
 */
export function viewerLoadActions(
  actor: Actor | null | undefined,
  load: LoadRef & { status?: string | null },
): LoadViewerActions {
  if (load.status === 'delivered') {
    return actor && ratingsPolicies['rating:give'](actor, load) ? { rate: 'allowed' } : {};
  }
  if ((load.status ?? 'available') !== 'available') return {};
  if (!actor) return isAir(load) ? {} : { book: 'signIn', offer: 'signIn' };
  const state = (allowed: boolean): LoadActionState | undefined =>
    allowed ? (actor.isVerified ? 'allowed' : 'verify') : undefined;
  const book = state(freightPolicies['freight:haul'](actor, load));
  // An unverified carrier sees one disabled button, the booking one, with the reason: no second disabled offer button.
  const offer = actor.isVerified ? state(freightPolicies['freight:offer'](actor, load)) : undefined;
  return { ...(book && { book }), ...(offer && { offer }) };
}

/** Offers and requests are answered only while their load is still available (an unknown load: as available). */
const stillAvailable = (load: { status?: string | null } | null | undefined) =>
  (load?.status ?? 'available') === 'available';

/** The actions the viewer may take on a rate offer (issue 26), sent with it so the web shows only those buttons. */
export function viewerNegotiationActions(
  actor: Actor,
  negotiation: NegotiationRef & { status: string },
  load: { status?: string | null } | null | undefined,
): NegotiationViewerActions {
  const open = stillAvailable(load);
  const pending = open && negotiation.status === 'pending';
  const countered = open && negotiation.status === 'counter_offered';
  return {
    ...(pending && freightPolicies['negotiation:respond'](actor, negotiation) && { respond: true }),
    ...(pending && freightPolicies['negotiation:revise'](actor, negotiation) && { revise: true }),
    ...(countered &&
      freightPolicies['negotiation:acceptCounter'](actor, negotiation) && { answerCounter: true }),
    // A round on the viewer's turn: the broker's side on a pending offer, the carrier on a counter.
    ...(((pending && freightPolicies['negotiation:respond'](actor, negotiation)) ||
      (countered && freightPolicies['negotiation:acceptCounter'](actor, negotiation))) && { counter: true }),
  } as NegotiationViewerActions;
}

/** The actions the viewer may take on a booking request (issue 26). */
export function viewerBookingRequestActions(
  actor: Actor,
  request: RequestRef & { status: string },
  load: { status?: string | null } | null | undefined,
): BookingRequestViewerActions {
  const reviewable = stillAvailable(load) && request.status === 'pending';
  return (
    reviewable && freightPolicies['booking:review'](actor, request) ? { review: true } : {}
  ) as BookingRequestViewerActions;
}
