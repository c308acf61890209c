import { formatUsd, type FreightListingDto } from '@freight/shared';
import { notify } from '../../notifications/service';
import type { SavedSearch } from './model';

/** A new load matches one of the owner's saved searches with alerts on. */
export async function announceSavedSearchMatch(
  search: SavedSearch,
  listing: FreightListingDto,
): Promise<void> {
  const owner = String(search.userId);
  await notify({
    userId: owner,
    kind: 'saved_search_match',
    title: `New load matches "${search.name}"`,
    body: `${listing.originCity}, ${listing.originState} to ${listing.destinationCity}, ${listing.destinationState}${
      listing.rate != null ? ` for ${formatUsd(listing.rate)}` : ''
    }`,
    link: `/freight?load=${listing.id}`,
    // Exactly one colon: the notifications queue turns the key into a BullMQ job id `n:<key>` (3 parts at most).
    dedupeKey: `saved-search:${owner}-${listing.id}`,
  });
}
