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
