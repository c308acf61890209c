import { isDriver } from './driverRoutes';
import type { Actor, Rule } from './types';

/** The resources these rules look at (plain ids, so services need not load more than they have). */
interface OwnedByShipper {
  shipperId: unknown;
}
interface OfferTarget {
  shipperId: unknown;
  status: string;
}

/** Small shipments and the offers drivers make on them. */
export const smallShipmentsPolicies = {
  /** Anyone who finished account setup may post a small shipment (the form is for individual customers). */
  'smallShipment:create': (actor: Actor) => actor.userType !== null,
  'smallShipment:manage': (actor: Actor, shipment: OwnedByShipper) =>
    actor.userType === 'admin' || String(shipment.shipperId) === actor.id,

  /** Drivers offer on posted shipments that are not their own. */
  'shipmentOffer:create': (actor: Actor, shipment: OfferTarget) =>
    isDriver(actor) && shipment.status === 'posted' && String(shipment.shipperId) !== actor.id,
  /** Only the shipment's customer accepts an offer. */
  'shipmentOffer:accept': (actor: Actor, shipment: OwnedByShipper) => String(shipment.shipperId) === actor.id,
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
