import { placeName, type TrackingFreightDto } from '@freight/shared';

export { loadReference } from '@freight/shared';

type RouteFields = Pick<TrackingFreightDto, 'pickupCity' | 'pickupState' | 'deliveryCity' | 'deliveryState'>;

/** A tracked load's route: 'Dallas, TX → Houston, TX'. */
export const trackingRoute = (l: RouteFields) =>
  `${placeName(l.pickupCity, l.pickupState)} → ${placeName(l.deliveryCity, l.deliveryState)}`;
