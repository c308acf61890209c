import {
  formatUsd,
  rooms,
  routeMatchesShipment,
  shipmentWorkspacePath,
  type ShipmentOfferDto,
} from '@freight/shared';
import type { Types } from 'mongoose';
import { publish } from '../../realtime/publish';
import { DriverRouteModel } from '../driverRoutes/model';
import { notify } from '../notifications/service';
import {
  ShipmentOfferModel,
  toDriverSmallShipmentDto,
  toShipmentOfferDto,
  toSmallShipmentDto,
  type ShipmentOffer,
  type SmallShipment,
} from './model';

function pushOffer(event: 'shipmentOffer:created' | 'shipmentOffer:updated', offer: ShipmentOfferDto): void {
  publish(event, [rooms.user(offer.shipperId), rooms.user(offer.driverId)], { offer });
}

/** Drivers with the My Routes page open see the new shipment; drivers whose active route matches, a notification. */
export async function announceShipmentPosted(stored: SmallShipment): Promise<void> {
  publish('smallShipment:posted', rooms.role('individual_driver'), {
    shipment: toDriverSmallShipmentDto(stored),
  });
  const shipment = toSmallShipmentDto(stored);
  const routes = await DriverRouteModel.find(
    { status: 'active', originState: shipment.originState, destinationState: shipment.destinationState },
    { driverId: 1, originCity: 1, originState: 1, destinationCity: 1, destinationState: 1, title: 1 },
  ).lean();
  const drivers = new Set<string>();
  for (const r of routes) {
    if (String(r.driverId) === shipment.shipperId || !routeMatchesShipment(r, shipment)) continue;
    drivers.add(String(r.driverId));
  }
  for (const driverId of drivers) {
    await notify({
      userId: driverId,
      kind: 'general',
      title: 'New shipment on your route',
      body: `${shipment.title}: ${shipment.originCity}, ${shipment.originState} to ${shipment.destinationCity}, ${shipment.destinationState} for ${formatUsd(shipment.offerPrice)}`,
      link: '/driver-routes',
      dedupeKey: `shipment-match:${shipment.id}-${driverId}`,
      // One customer's shipments to one driver fold into one notification (issue 25).
      coalesce: {
        key: `shipment-match:${shipment.shipperId}`,
        title: '{count} new shipments on your route',
        body: `{count} new shipments from one customer, latest ${shipment.title}: ${shipment.originCity}, ${shipment.originState} to ${shipment.destinationCity}, ${shipment.destinationState} for ${formatUsd(shipment.offerPrice)}`,
      },
    });
  }
}

/** A driver's offer, new or revised (`created`: new, which the customer is also notified of). */
export async function announceOfferMade(
  offer: ShipmentOfferDto,
  created: boolean,
  shipment: SmallShipment,
): Promise<void> {
  pushOffer('shipmentOffer:created', offer);
  if (!created) return;
  await notify({
    userId: offer.shipperId,
    kind: 'shipment_offer',
    title: 'New offer on your shipment',
    body: `${offer.driverName} offered ${formatUsd(offer.price)} for ${shipment.title}`,
    link: '/',
  });
}

/**
 * The customer accepted an offer: drivers see the match without the addresses; then the customer and the matched
 * driver get them; every offer that changed (the accepted one, the `declinedIds`) goes to its two sides.
 */
export async function announceOfferAccepted(
  matched: SmallShipment,
  accepted: ShipmentOfferDto,
  declinedIds: Types.ObjectId[],
): Promise<void> {
  const shipment = toSmallShipmentDto(matched);
  publish('smallShipment:updated', rooms.role('individual_driver'), {
    shipment: toDriverSmallShipmentDto(matched),
  });
  publish('smallShipment:updated', [rooms.user(shipment.shipperId), rooms.user(accepted.driverId)], {
    shipment,
  });
  pushOffer('shipmentOffer:updated', accepted);
  const declined = await ShipmentOfferModel.find({ _id: { $in: declinedIds } }).lean<ShipmentOffer[]>();
  for (const d of declined) pushOffer('shipmentOffer:updated', toShipmentOfferDto(d));
  await notify({
    userId: accepted.driverId,
    kind: 'shipment_offer',
    title: 'Your offer was accepted',
    // The matched driver is the one driver who gets the addresses (kept in the notification for later).
    body: [
      `${shipment.title}: ${formatUsd(accepted.price)}, ${shipment.originCity}, ${shipment.originState} to ${shipment.destinationCity}, ${shipment.destinationState}`,
      shipment.pickupAddress ? `Pickup: ${shipment.pickupAddress}` : '',
      shipment.deliveryAddress ? `Delivery: ${shipment.deliveryAddress}` : '',
    ]
      .filter(Boolean)
      .join('. '),
    // The workspace: addresses, the customer's contact, chat and the status reports (issue 23).
    link: shipmentWorkspacePath(shipment.id),
    dedupeKey: `shipment-accepted:${accepted.id}`,
  });
}
