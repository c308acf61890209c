import type { Actor, Rule } from './types';

/** The parts of a load the freight rules look at. */
interface LoadRef {
  userId: unknown;
  brokerId?: unknown;
  shipperId?: unknown;
  carrierId?: unknown;
  equipmentType?: string;
}
interface NegotiationRef {
  brokerId: unknown;
  carrierId: unknown;
}
interface RequestRef {
  shipperId: unknown;
  brokerId?: unknown;
  carrierId: unknown;
}

const same = (id: unknown, actor: Actor) => id != null && String(id) === actor.id;

/** The poster and the broker or shipper the load is for: whoever runs the load. */
export const managesLoad = (actor: Actor, load: LoadRef) =>
  same(load.userId, actor) || same(load.brokerId, actor) || same(load.shipperId, actor);

export const freightPolicies = {
  /**
   * Posting (SPEC §6: verification required): shippers and brokers post road or air loads; air cargo operators post
   * air shipments only.
   */
  'freight:post': (actor: Actor, equipmentType?: string) =>
    actor.isVerified &&
    (actor.userType === 'shipper' ||
      actor.userType === 'broker' ||
      (actor.userType === 'air_cargo' && equipmentType === 'air_cargo')),
  /** Edit and Remove: whoever runs the load (admins too). */
  'freight:manage': (actor: Actor, load: LoadRef) => actor.userType === 'admin' || managesLoad(actor, load),
  /** Who hauls: carriers (and air cargo operators, who book air shipments on the air page); not on their own loads. */
  'freight:haul': (actor: Actor, load?: LoadRef) =>
    (actor.userType === 'carrier' ||
      // Booking by equipment (issue 25): an air cargo account hauls air shipments, not road loads.
      (actor.userType === 'air_cargo' && (!load || load.equipmentType === 'air_cargo'))) &&
    !(load && managesLoad(actor, load)),
  /** Rate offers come from carriers. */
  'freight:offer': (actor: Actor, load?: LoadRef) =>
    actor.userType === 'carrier' && !(load && managesLoad(actor, load)),
  /** The Carrier Booking Requests list (call 6). */
  'booking:list': (actor: Actor) => actor.userType === 'shipper' || actor.userType === 'broker',
  /** Approve or reject (call 7): the load's shipper or broker. */
  'booking:review': (actor: Actor, request: RequestRef) =>
    same(request.shipperId, actor) || same(request.brokerId, actor),
  /** The Broker Hub's data (calls 25-27). */
  'broker:access': (actor: Actor) => actor.userType === 'broker',
  /** See the broker invitations addressed to one's email: shippers. */
  'brokerInvitation:list': (actor: Actor) => actor.userType === 'shipper',
  /** Accept or decline an invitation: the shipper whose account email it was sent to. */
  'brokerInvitation:answer': (actor: Actor, ref: { invitation: { email: string }; email: string }) =>
    actor.userType === 'shipper' && ref.invitation.email === ref.email.toLowerCase(),
  /** Accept, reject or counter an offer (call 28): the load's broker (or the poster, when no broker). */
  'negotiation:respond': (actor: Actor, negotiation: NegotiationRef) => same(negotiation.brokerId, actor),
  /** Revise a pending offer: the carrier who made it. */
  'negotiation:revise': (actor: Actor, negotiation: NegotiationRef) => same(negotiation.carrierId, actor),
  /** Accept a counter offer: the carrier who made the offer. */
  'negotiation:acceptCounter': (actor: Actor, negotiation: NegotiationRef) =>
    same(negotiation.carrierId, actor),
  /** Saved searches with alerts: any signed-in user with an account type. */
  'savedSearch:manage': (actor: Actor) => actor.userType !== null,
} satisfies Record<string, Rule>;
