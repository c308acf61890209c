import {
  boardEquipment,
  type FreightListingDto,
  type SavedSearchDto,
  type SavedSearchFilters,
} from '@freight/shared';
import mongoose, { Schema, type InferSchemaType, type Types } from 'mongoose';

/** A user's saved load board filters; with alerts on, a newly posted matching load notifies the user. */
const savedSearchSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    name: { type: String, required: true },
    filters: { type: Schema.Types.Mixed, default: {} },
    /**
     * The lane a new load must be on for this search to match it (see alertLaneOf): one top-level equality, so a
     * new load reads only the searches of its own lanes, not every search with alerts on.
     */
    alertLane: { type: String, required: true },
    alertsEnabled: { type: Boolean, default: true },
  },
  { timestamps: true, minimize: false },
);
savedSearchSchema.index({ userId: 1, createdAt: -1 });
savedSearchSchema.index({ alertLane: 1, alertsEnabled: 1 });
// Derived from the filters, which never change after the search is saved.
savedSearchSchema.pre('validate', function () {
  this.alertLane = alertLaneOf((this.filters ?? {}) as SavedSearchFilters);
});

const ANY = '*';

/**
 * A search's lane: its origin state and equipment, each '*' when the search leaves it open or allows several (a lane
 * list, a radius, several equipment types: those searches are read with the open lanes, and the predicate decides).
 */
export function alertLaneOf(filters: {
  originState?: string;
  equipmentType?: string;
  originStates?: string[];
  equipmentTypes?: string[];
}): string {
  const state = filters.originState || (filters.originStates?.length === 1 ? filters.originStates[0] : ANY);
  const equipment =
    boardEquipment(filters.equipmentType) ||
    (filters.equipmentTypes?.length === 1 ? boardEquipment(filters.equipmentTypes[0]) : ANY);
  return `${state}|${equipment}`;
}

/** The lanes of the searches that can match a load: its own, and those that leave state, equipment or both open. */
export function alertLanesOfLoad(load: Pick<FreightListingDto, 'originState' | 'equipmentType'>): string[] {
  return [
    alertLaneOf(load),
    alertLaneOf({ originState: load.originState }),
    alertLaneOf({ equipmentType: load.equipmentType }),
    alertLaneOf({}),
  ];
}

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
