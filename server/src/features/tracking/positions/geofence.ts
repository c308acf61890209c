import { DELIVERY_RADIUS_MILES, DELIVERY_REASON_NEEDED, haversineMiles, placeName } from '@freight/shared';
import { AppError } from '../../../http/errors';
import type { FreightListing } from '../../freight/model';
import { LoadPositionModel, placeOf } from '../model';

/**
 * A delivery is marked where it happens (issue 16): the load's last shared position within DELIVERY_RADIUS_MILES of
 * the delivery place, or the carrier gives a reason (the caller's `deliveryNote`). A delivery place the gazetteer
 * cannot place (outside the US) is not checked.
 */
export async function assertAtDeliveryPlace(load: FreightListing): Promise<void> {
  const place = placeOf(
    load.destinationLat,
    load.destinationLng,
    load.destinationCity,
    load.destinationState,
  );
  if (!place) return;
  const position = await LoadPositionModel.findById(load._id).lean();
  const here =
    position ??
    (load.currentLat != null && load.currentLng != null
      ? { lat: load.currentLat, lng: load.currentLng }
      : null);
  const where = placeName(load.destinationCity, load.destinationState);
  if (!here) {
    throw new AppError(
      'CONFLICT',
      `No location has been shared for this load: share your location at ${where}, or give a reason the shipper will see`,
      [{ code: DELIVERY_REASON_NEEDED, milesAway: null }],
    );
  }
  const miles = haversineMiles(here.lat, here.lng, place.lat, place.lng);
  if (miles > DELIVERY_RADIUS_MILES) {
    throw new AppError(
      'CONFLICT',
      `Your last location is ${Math.round(miles)} miles from the delivery place (${where}): mark it delivered there, or give a reason the shipper will see`,
      [{ code: DELIVERY_REASON_NEEDED, milesAway: Math.round(miles) }],
    );
  }
}
