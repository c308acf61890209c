import {
  RATING_SIDES,
  ratingAverage,
  type RatingAspect,
  type RatingAspectScores,
  type RatingBadgeDto,
  type RatingDto,
  type RatingSide,
  type RatingSummaryDto,
} from '@freight/shared';
import mongoose, { Schema, type Types } from 'mongoose';
import { iso } from '../../http/dto';

/**
 * One side's rating of the other on one load (issue 40, item 5). A party is a company, or a person without a
 * company (their user id stands for it). Unique on (loadId, fromCompanyId): the service checks under the load's
 * lease, the index is the second guard.
 */
const ratingSchema = new Schema(
  {
    loadId: { type: Schema.Types.ObjectId, ref: 'FreightListing', required: true },
    fromCompanyId: { type: String, required: true },
    fromSide: { type: String, enum: RATING_SIDES, required: true },
    fromName: { type: String, default: '' },
    /** Who gave it (and who last changed it). */
    givenBy: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    changedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    toCompanyId: { type: String, required: true },
    /** The load's person of the rated side (the poster or the booked carrier): notified, their rooms pushed to. */
    toUserId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    toName: { type: String, default: '' },
    overall: { type: Number, required: true },
    aspects: { type: Schema.Types.Mixed, default: {} },
    comment: { type: String, default: null },
    givenAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    version: { type: Number, default: 1 },
  },
  { timestamps: false, minimize: false },
);
ratingSchema.index({ loadId: 1, fromCompanyId: 1 }, { unique: true });
ratingSchema.index({ toCompanyId: 1, givenAt: -1 });

export interface Rating {
  _id: Types.ObjectId;
  loadId: Types.ObjectId;
  fromCompanyId: string;
  fromSide: RatingSide;
  fromName: string;
  givenBy: Types.ObjectId;
  changedBy: Types.ObjectId | null;
  toCompanyId: string;
  toUserId: Types.ObjectId;
  toName: string;
  overall: number;
  aspects: RatingAspectScores;
  comment: string | null;
  givenAt: Date;
  updatedAt: Date;
  version: number;
}

export const RatingModel = mongoose.model('Rating', ratingSchema, 'ratings');

export function toRatingDto(r: Rating, editDays: number): RatingDto {
  return {
    id: String(r._id),
    loadId: String(r.loadId),
    fromCompanyId: r.fromCompanyId,
    fromName: r.fromName,
    fromSide: r.fromSide,
    toCompanyId: r.toCompanyId,
    toName: r.toName,
    overall: r.overall,
    aspects: r.aspects ?? {},
    comment: r.comment ?? null,
    givenAt: iso(r.givenAt)!,
    editableUntil: iso(new Date(r.givenAt.getTime() + editDays * 86_400_000))!,
    updatedAt: iso(r.updatedAt)!,
    version: r.version,
  };
}

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
