import { GATED_FEATURES, gateVerdict, isPlanUserType, type GatedFeatureName } from '@freight/shared';
import type { Actor, Rule } from './types';

/** The resources these rules look at (plain ids, so services need not load more than they have). */
interface OwnedByShipper {
  shipperId: unknown;
}
interface OwnedByDriver {
  driverId: unknown;
}
interface OfferTarget {
  shipperId: unknown;
  status: string;
}

const isDriver = (actor: Actor) => actor.userType === 'individual_driver';

/** Subscriptions, the gate, small shipments, driver routes and their offers. */
export const subscriptionsPolicies = {
  /** Only the four plan types can buy their own plans (POST /api/subscriptions/activate). */
  'subscription:activate': (actor: Actor) => isPlanUserType(actor.userType),
  /** SPEC §2/§4 gate: admins bypass; otherwise an active subscription whose plan satisfies the feature's tier. */
  'feature:use': (actor: Actor, use: { feature: GatedFeatureName; at: Date }) =>
    gateVerdict(actor, GATED_FEATURES[use.feature].requiredTier, use.at) === 'allowed',

  /** Anyone who finished account setup may post a small shipment (the form is for individual customers). */
  'smallShipment:create': (actor: Actor) => actor.userType !== null,
  'smallShipment:manage': (actor: Actor, shipment: OwnedByShipper) =>
    actor.userType === 'admin' || String(shipment.shipperId) === actor.id,

  'driverRoute:create': (actor: Actor) => isDriver(actor),
  'driverRoute:manage': (actor: Actor, route: OwnedByDriver) =>
    isDriver(actor) && String(route.driverId) === actor.id,

  /** Drivers offer on posted shipments that are not their own. */
  'shipmentOffer:create': (actor: Actor, shipment: OfferTarget) =>
    isDriver(actor) && shipment.status === 'posted' && String(shipment.shipperId) !== actor.id,
  /** Only the shipment's customer accepts an offer. */
  'shipmentOffer:accept': (actor: Actor, shipment: OwnedByShipper) => String(shipment.shipperId) === actor.id,
} satisfies Record<string, Rule>;
