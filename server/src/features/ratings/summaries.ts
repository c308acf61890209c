import type { FreightListingDto, RatingBadgeDto, RatingSummaryDto } from '@freight/shared';
import { RatingSummaryModel, emptySummary, toBadgeDto, toSummaryDto, type RatingSummary } from './model';

const readSummary = async (id: string): Promise<RatingSummary> =>
  (await RatingSummaryModel.findById(id).lean<RatingSummary>()) ?? emptySummary(id);

/** A rated party's summary as the projector keeps it (one `_id` equality). */
export async function ratingSummaryOf(partyId: string): Promise<RatingSummaryDto> {
  return toSummaryDto(await readSummary(partyId));
}

/** The poster's party of a load: its company, or the poster when they have none. */
export const posterPartyOf = (load: Pick<FreightListingDto, 'userId' | 'companyId'>) =>
  load.companyId ?? load.userId;

/**
 * Loads with their poster's rating badge (issue 40): one `_id` equality per distinct poster on the page (no `$in`,
 * DESIGN §2), read from the projector's summaries, never computed from the ratings.
 */
export async function withPosterRatings<T extends FreightListingDto>(loads: T[]): Promise<T[]> {
  if (loads.length === 0) return loads;
  const ids = [...new Set(loads.map(posterPartyOf))];
  const badges = new Map<string, RatingBadgeDto>(
    await Promise.all(ids.map(async (id) => [id, toBadgeDto(await readSummary(id))] as const)),
  );
  return loads.map((l) => ({ ...l, posterRating: badges.get(posterPartyOf(l)) }));
}
