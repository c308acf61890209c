import { rooms, type FreightListingDto } from '@freight/shared';
import { publish } from '../../realtime/publish';

/**
 * The one call every write of a listing makes after it is stored (posted, edited, booked, moved, cancelled), from
 * services and workers alike. Open boards learn of the change through it.
 */
export function announceListingChange(kind: 'posted' | 'updated', listing: FreightListingDto): void {
  publish(kind === 'posted' ? 'freight:posted' : 'freight:updated', rooms.loadboard, { listing });
}
