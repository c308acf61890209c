import {
  EQUIPMENT_LABELS,
  deadheadMilesOf,
  formatUsd,
  type FreightListingDto,
  type SavedSearchFilters,
  placeName,
} from '@freight/shared';
import { registerProjector } from '../../../events/projectors';
import { notify } from '../../notifications/service';
import type { SavedSearch } from './model';
import { savedSearchesAlerted } from './service';

/**
 * Saved-search alerts (issue 26): a posted load notifies the owners of the saved searches with alerts on that match
 * it, once per owner and load (the notification's key), however often the fact is handled.
 */
export const savedSearchAlertsProjector = registerProjector({
  name: 'saved-search-alerts',
  applicableEvents: ['load.posted'],
  async handle(event) {
    if (event.name !== 'load.posted') return;
    const listing = event.data.load;
    for (const search of await savedSearchesAlerted(listing)) await alertOwner(search, listing);
  },
});

/** A new load matches one of the owner's saved searches with alerts on. */
async function alertOwner(search: SavedSearch, listing: FreightListingDto): Promise<void> {
  const owner = String(search.userId);
  await notify({
    userId: owner,
    kind: 'saved_search_match',
    title: `New load matches "${search.name}"`,
    body: savedSearchAlertText((search.filters ?? {}) as SavedSearchFilters, listing),
    link: `/freight?load=${listing.id}`,
    // Exactly one colon: the notifications queue turns the key into a BullMQ job id `n:<key>` (3 parts at most).
    dedupeKey: `saved-search:${owner}-${listing.id}`,
    // One poster's loads matching one search fold into one alert: "12 new loads match Dallas → Denver" (issue 25).
    coalesce: {
      key: `saved-search:${String(search._id)}-${listing.userId}`,
      title: `{count} new loads match ${search.name}`,
      body: `Latest: ${savedSearchAlertText((search.filters ?? {}) as SavedSearchFilters, listing)}`,
    },
  });
}

/**
 * What the alert says of the load (issue 15): "New dry van load 32 mi from Dallas, TX: $2,400.00, $3.10/mi" for a
 * search around a place, else the load's route ("New reefer load Elko, NV to Boise, ID: $1,400.00").
 */
export function savedSearchAlertText(filters: SavedSearchFilters, listing: FreightListingDto): string {
  const equipment = (
    EQUIPMENT_LABELS[listing.equipmentType as keyof typeof EQUIPMENT_LABELS] ?? listing.equipmentType
  ).toLowerCase();
  const deadhead = deadheadMilesOf(filters, listing);
  const where =
    deadhead != null && filters.originPlace
      ? `${deadhead} mi from ${filters.originPlace}`
      : `${placeName(listing.originCity, listing.originState)} to ${placeName(listing.destinationCity, listing.destinationState)}`;
  const money = [
    listing.rate != null ? formatUsd(listing.rate) : null,
    listing.ratePerMile != null ? `${formatUsd(listing.ratePerMile)}/mi` : null,
  ].filter(Boolean);
  return `New ${equipment} load ${where}${money.length ? `: ${money.join(', ')}` : ''}`;
}
