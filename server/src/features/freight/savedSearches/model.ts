import type { SavedSearchDto, SavedSearchFilters } from '@freight/shared';
import mongoose, { Schema, type InferSchemaType, type Types } from 'mongoose';

/** A user's saved load board filters; with alerts on, a newly posted matching load notifies the user. */
const savedSearchSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    name: { type: String, required: true },
    filters: { type: Schema.Types.Mixed, default: {} },
    /** filters.equipmentType copied out (null for any), so a new load only looks at searches that can match it. */
    equipmentType: { type: String, default: null },
    alertsEnabled: { type: Boolean, default: true },
  },
  { timestamps: true, minimize: false },
);
savedSearchSchema.index({ userId: 1, createdAt: -1 });
savedSearchSchema.index({ alertsEnabled: 1, equipmentType: 1 });

export type SavedSearch = InferSchemaType<typeof savedSearchSchema> & {
  _id: Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
};
export const SavedSearchModel = mongoose.model('SavedSearch', savedSearchSchema);

export function toSavedSearchDto(s: SavedSearch): SavedSearchDto {
  return {
    id: String(s._id),
    userId: String(s.userId),
    name: s.name,
    filters: (s.filters ?? {}) as SavedSearchFilters,
    alertsEnabled: Boolean(s.alertsEnabled),
    createdAt: new Date(s.createdAt).toISOString(),
    updatedAt: new Date(s.updatedAt).toISOString(),
  };
}
