import { haversineMiles } from './geo';
import { DELIVERY_RADIUS_MILES } from './tracking';

type Point = { lat: number; lng: number };

/**
 * How a delivery is known to happen at the delivery stop (issue 39), or null when it is not and a reason is needed:
 * the carrier checked in with Arrived at delivery; the last position is within DELIVERY_RADIUS_MILES of the delivery
 * place; or the place is one the gazetteer cannot put on the map (outside the US), which is not checked. The server
 * decides a delivery by this rule; the screen reads it to offer Mark Delivered or ask for the reason first.
 */
export type DeliveryArrival = 'checked_in' | 'nearby' | 'unplaced';

export function deliveryArrival(
  place: Point | null,
  position: Point | null,
  checkedInAtDelivery: boolean,
): { arrival: DeliveryArrival | null; milesAway: number | null } {
  if (checkedInAtDelivery) return { arrival: 'checked_in', milesAway: null };
  if (!place) return { arrival: 'unplaced', milesAway: null };
  if (!position) return { arrival: null, milesAway: null };
  const miles = haversineMiles(position.lat, position.lng, place.lat, place.lng);
  return { arrival: miles <= DELIVERY_RADIUS_MILES ? 'nearby' : null, milesAway: miles };
}
