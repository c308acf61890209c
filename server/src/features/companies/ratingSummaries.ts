import {
  ratingAverage,
  type FreightListingDto,
  type RatingAspect,
  type RatingBadgeDto,
  type RatingSummaryDto,
} from '@freight/shared';
import mongoose, { Schema } from 'mongoose';
import { daysToPayOf } from './payerPayments';

/**
 * A company's ratings summed by the ratings projector (`company_rating_summaries`, one document per rated party,
 * `_id` its id): the profile and every load card read it by one `_id` equality. `lastSeq` is the last fact applied,
 * so a fact handed over again is not counted twice.
 */
const summarySchema = new Schema(
  {
    _id: { type: String, required: true },
    count: { type: Number, default: 0 },
    sum: { type: Number, default: 0 },
    distribution: { type: [Number], default: [0, 0, 0, 0, 0] },
    /** Per aspect: the sum of the scores given and how many gave one. */
    aspectSums: { type: Schema.Types.Mixed, default: {} },
    lastSeq: { type: Number, default: 0 },
  },
  { timestamps: false, minimize: false, versionKey: false },
);

export interface RatingSummary {
  _id: string;
  count: number;
  sum: number;
  distribution: number[];
  aspectSums: Partial<Record<RatingAspect, { sum: number; count: number }>>;
  lastSeq: number;
}

export const RatingSummaryModel = mongoose.model(
  'CompanyRatingSummary',
  summarySchema,
  'company_rating_summaries',
);

export const emptySummary = (id: string): RatingSummary => ({
  _id: id,
  count: 0,
  sum: 0,
  distribution: [0, 0, 0, 0, 0],
  aspectSums: {},
  lastSeq: 0,
});

export function toSummaryDto(s: RatingSummary): RatingSummaryDto {
  const d = s.distribution;
  return {
    companyId: s._id,
    count: s.count,
    average: ratingAverage(s.sum, s.count),
    distribution: [d[0] ?? 0, d[1] ?? 0, d[2] ?? 0, d[3] ?? 0, d[4] ?? 0],
    aspects: Object.fromEntries(
      Object.entries(s.aspectSums).map(([aspect, a]) => [
        aspect,
        { average: ratingAverage(a.sum, a.count), count: a.count },
      ]),
    ),
  };
}

export const toBadgeDto = (s: RatingSummary): RatingBadgeDto => ({
  companyId: s._id,
  count: s.count,
  average: ratingAverage(s.sum, s.count),
});

const readSummary = async (id: string): Promise<RatingSummary> =>
  (await RatingSummaryModel.findById(id).lean<RatingSummary>()) ?? emptySummary(id);

/** A rated party's summary as the projector keeps it (one `_id` equality). */
export async function ratingSummaryOf(partyId: string): Promise<RatingSummaryDto> {
  return toSummaryDto(await readSummary(partyId));
}

/** The poster's party of a load: its company, or the poster when they have none. */
export const posterPartyOf = (load: Pick<FreightListingDto, 'userId' | 'companyId'>) =>
  load.companyId ?? load.userId;

/** A party's badge: its rating, and its days-to-pay when it has a figure (two `_id` equalities). */
export async function badgeOf(id: string): Promise<RatingBadgeDto> {
  const [summary, daysToPay] = await Promise.all([readSummary(id), daysToPayOf(id)]);
  return daysToPay ? { ...toBadgeDto(summary), daysToPay } : toBadgeDto(summary);
}

/**
 * Loads with their poster's badge (issue 40): rating and days-to-pay, two `_id` equalities per distinct poster on the
 * page (no `$in`, DESIGN §2), read from the projectors' summaries, never computed from the ratings or invoices.
 */
export async function withPosterRatings<T extends FreightListingDto>(loads: T[]): Promise<T[]> {
  if (loads.length === 0) return loads;
  const ids = [...new Set(loads.map(posterPartyOf))];
  const badges = new Map<string, RatingBadgeDto>(
    await Promise.all(ids.map(async (id) => [id, await badgeOf(id)] as const)),
  );
  return loads.map((l) => ({ ...l, posterRating: badges.get(posterPartyOf(l)) }));
}
