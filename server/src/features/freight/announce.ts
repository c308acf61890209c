import type { FreightListingDto } from '@freight/shared';
import { publishListingChange } from './book/channel';
import { liveBook } from './book/live';

/**
 * The one call every write of a listing makes after it is stored (posted, edited, booked, moved, cancelled), from
 * services and workers alike. The change goes on the Redis listings channel, from which every web process's
 * open-load book takes it and pushes it to the boards it concerns; this process's own book takes it at once, so
 * the writer's next search already sees it.
 */
export function announceListingChange(kind: 'posted' | 'updated', listing: FreightListingDto): void {
  liveBook()?.receive({ kind, listing });
  publishListingChange({ kind, listing });
}
