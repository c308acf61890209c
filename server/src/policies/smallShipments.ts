import { isDriver } from './driverRoutes';
import type { Actor, Rule } from './types';
import { actsOnLoads, isParty, readsLoads } from './companies';

/** The resources these rules look at (plain ids, so services need not load more than they have). */
interface OwnedByShipper {
  shipperId: unknown;
  shipperCompanyId?: unknown;
}
interface OfferTarget extends OwnedByShipper {
  status: string;
}
const isCustomer = (actor: Actor, s: OwnedByShipper) => isParty(actor, s.shipperId, s.shipperCompanyId);

/** Small shipments and the offers drivers make on them. */
export const smallShipmentsPolicies = {
  /** Anyone who finished account setup may post a small shipment (the form is for individual customers). */
  'smallShipment:create': (actor: Actor) => actsOnLoads(actor) && actor.userType !== null,
  /** The company's shipments with their offers (My Shipments): the reading roles, as the workspace; a driver none. */
  'smallShipment:list': (actor: Actor) => readsLoads(actor),
  'smallShipment:manage': (actor: Actor, shipment: OwnedByShipper) =>
    actor.userType === 'admin' || (actsOnLoads(actor) && isCustomer(actor, shipment)),

  /** Drivers offer on posted shipments that are not their own. */
  'shipmentOffer:create': (actor: Actor, shipment: OfferTarget) =>
    isDriver(actor) && actsOnLoads(actor) && shipment.status === 'posted' && !isCustomer(actor, shipment),
  /** Only the shipment's customer accepts an offer. */
  'shipmentOffer:accept': (actor: Actor, shipment: OwnedByShipper) =>
    actsOnLoads(actor) && isCustomer(actor, shipment),
} satisfies Record<string, Rule>;

/** The customer's actions on an offer (issue 26): accept a pending one while the shipment is still posted. */
export function viewerShipmentOfferActions(
  actor: Actor,
  shipment: OfferTarget,
  offer: { status: string },
): { accept?: true } {
  const open = shipment.status === 'posted' && offer.status === 'pending';
  return open && smallShipmentsPolicies['shipmentOffer:accept'](actor, shipment) ? { accept: true } : {};
}

/** A driver's actions on a matching shipment (issue 26): offer on it, or update the offer while it is pending. */
export function viewerRouteMatchActions(
  actor: Actor,
  shipment: OfferTarget,
  myOffer: { status: string } | null,
): { offer?: true } {
  const mayOffer = smallShipmentsPolicies['shipmentOffer:create'](actor, shipment);
  return mayOffer && (!myOffer || myOffer.status === 'pending') ? { offer: true } : {};
}
