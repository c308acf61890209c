import type { TrackingFreightDto } from '@freight/shared';

/** A load's short reference for people: the id's last six characters, e.g. '#6B02EE' (the URL keeps the full id). */
export const loadReference = (id: string) => `#${id.slice(-6).toUpperCase()}`;

type RouteFields = Pick<TrackingFreightDto, 'pickupCity' | 'pickupState' | 'deliveryCity' | 'deliveryState'>;

/** A tracked load's route: 'Dallas, TX → Houston, TX'. */
export const trackingRoute = (l: RouteFields) =>
  `${l.pickupCity}, ${l.pickupState} → ${l.deliveryCity}, ${l.deliveryState}`;
