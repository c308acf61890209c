import type { TrackingFreightDto } from '@freight/shared';

export { loadReference } from '@freight/shared';

type RouteFields = Pick<TrackingFreightDto, 'pickupCity' | 'pickupState' | 'deliveryCity' | 'deliveryState'>;

/** A tracked load's route: 'Dallas, TX → Houston, TX'. */
export const trackingRoute = (l: RouteFields) =>
  `${l.pickupCity}, ${l.pickupState} → ${l.deliveryCity}, ${l.deliveryState}`;
