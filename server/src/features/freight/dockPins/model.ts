import { createHash } from 'node:crypto';
import mongoose, { Schema, type InferSchemaType, type Types } from 'mongoose';

/**
 * A facility's dock as a dispatcher or driver pinned it on the map (issue 39): the best point for every load at that
 * facility from then on. Found by `key` alone (a top-level equality, DESIGN §2 on FerretDB); the facility's name,
 * street and ZIP are kept beside it to read.
 */
const facilityPinSchema = new Schema(
  {
    key: { type: String, required: true, unique: true },
    facilityName: { type: String, default: null },
    address: { type: String, required: true },
    zip: { type: String, default: null },
    city: { type: String, required: true },
    state: { type: String, default: '' },
    lat: { type: Number, required: true },
    lng: { type: Number, required: true },
    pinnedBy: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    /** The load it was pinned on. */
    freightListingId: { type: Schema.Types.ObjectId, ref: 'FreightListing', required: true },
  },
  { timestamps: true, collection: 'facility_pins' },
);

export type FacilityPin = InferSchemaType<typeof facilityPinSchema> & { _id: Types.ObjectId };
export const FacilityPinModel = mongoose.model('FacilityPin', facilityPinSchema);

/** What identifies a facility: its name, street address and ZIP (else its city and state), as a stop gives them. */
export interface FacilityRef {
  facilityName: string | null | undefined;
  address: string | null | undefined;
  zip: string | null | undefined;
  city: string;
  state: string;
}

const normal = (s: string | null | undefined) =>
  (s ?? '').toLowerCase().replace(/[.,#]/g, ' ').replace(/\s+/g, ' ').trim();

/**
 * A facility's key: its name, street and ZIP normalized (case, spacing and punctuation do not make another facility),
 * hashed to a fixed length. Null without a street address: a name and a city do not say where the dock is.
 */
export function facilityKeyOf(f: FacilityRef): string | null {
  if (!normal(f.address)) return null;
  const where = normal(f.zip) || `${normal(f.city)}, ${normal(f.state)}`;
  const text = [normal(f.facilityName), normal(f.address), where].join('|');
  return createHash('sha256').update(text).digest('hex');
}
