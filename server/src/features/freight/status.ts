import type { FreightStatus } from '@freight/shared';

/**
 * The freight status machine, the one place its transitions are written down:
 *   available  → booked      a booking request is approved or a rate offer accepted (freight feature)
 *   booked     → in_transit  the booked carrier starts the trip, or its first location update does (tracking)
 *   in_transit → delivered   the booked carrier, with a delivery photo on record (tracking)
 *   available  → cancelled   the poster (Remove on the Broker Hub, or cancel on tracking)
 *   booked     → cancelled   the poster
 * Anything else is refused with 409. Updates are conditional on the current status, so races settle atomically.
 */
export const FREIGHT_TRANSITIONS: Record<FreightStatus, readonly FreightStatus[]> = {
  available: ['booked', 'cancelled'],
  booked: ['in_transit', 'cancelled'],
  in_transit: ['delivered'],
  delivered: [],
  cancelled: [],
};

export function canTransition(from: FreightStatus, to: FreightStatus): boolean {
  return FREIGHT_TRANSITIONS[from]?.includes(to) ?? false;
}

/** Statuses whose loads show a Track link; the location may be updated only while booked or in transit. */
export const TRACKABLE_STATUSES: readonly FreightStatus[] = ['booked', 'in_transit', 'delivered'];
export const LOCATION_UPDATABLE_STATUSES: readonly FreightStatus[] = ['booked', 'in_transit'];
