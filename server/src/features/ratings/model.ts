import { RATING_SIDES, type RatingAspectScores, type RatingDto, type RatingSide } from '@freight/shared';
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
