import { DELIVERY_REASON_NEEDED, deliveryArrival, placeName } from '@freight/shared';
import { AppError } from '../../../http/errors';
import type { FreightListing } from '../../freight/model';
import { LoadPositionModel, placeOf } from '../model';

/**
 * A delivery is marked where it happens (issues 16 and 39, the rule in shared `deliveryArrival`): the carrier checked
 * in with Arrived at delivery, the load's last shared position is within DELIVERY_RADIUS_MILES of the delivery place,
 * or the place is one the gazetteer cannot put on the map; otherwise the carrier gives a reason (the caller's
 * `deliveryNote`).
 */
export async function assertAtDeliveryPlace(
  load: FreightListing,
  checkedInAtDelivery: boolean,
): Promise<void> {
  const place = placeOf(load, 'delivery');
  const position = place && !checkedInAtDelivery ? await LoadPositionModel.findById(load._id).lean() : null;
  const here =
    position ??
    (load.currentLat != null && load.currentLng != null
      ? { lat: load.currentLat, lng: load.currentLng }
      : null);
  const { arrival, milesAway } = deliveryArrival(place, here, checkedInAtDelivery);
  if (arrival) return;
  const where = placeName(load.destinationCity, load.destinationState);
  if (milesAway == null) {
    throw new AppError(
      'CONFLICT',
      `No location has been shared for this load: share your location at ${where}, or give a reason the shipper will see`,
      [{ code: DELIVERY_REASON_NEEDED, milesAway: null }],
    );
  }
  throw new AppError(
    'CONFLICT',
    `Your last location is ${Math.round(milesAway)} miles from the delivery place (${where}): mark it delivered there, or give a reason the shipper will see`,
    [{ code: DELIVERY_REASON_NEEDED, milesAway: Math.round(milesAway) }],
  );
}
