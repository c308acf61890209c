import { DELIVERY_RADIUS_MILES, haversineMiles, type StopEventDto } from '@freight/shared';

/** How the truck is known to be at the delivery stop, or null when it is not (issue 39: Delivered is offered then). */
export type DeliveryArrival = 'checked_in' | 'nearby' | null;

/**
 * The server's rule as the screen can read it: the carrier checked in with Arrived at delivery, or the last position
 * is within DELIVERY_RADIUS_MILES of the delivery place (the server checks again when the delivery is marked).
 */
export function deliveryArrival(
  delivery: { lat: number | null; lng: number | null },
  position: { lat: number | null; lng: number | null } | null,
  stops: readonly Pick<StopEventDto, 'kind'>[],
): DeliveryArrival {
  if (stops.some((s) => s.kind === 'arrived_delivery')) return 'checked_in';
  if (delivery.lat == null || delivery.lng == null || position?.lat == null || position.lng == null)
    return null;
  return haversineMiles(position.lat, position.lng, delivery.lat, delivery.lng) <= DELIVERY_RADIUS_MILES
    ? 'nearby'
    : null;
}
