import { FREIGHT_STATUSES, RATE_TYPES, type FreightStatus } from '@freight/shared';
import mongoose, { Schema, Types, type InferSchemaType } from 'mongoose';

/**
 * A freight listing (SPEC §3). Road loads and air shipments share it (air: equipmentType 'air_cargo').
 * Money is integer cents (rateCents, ratePerMileCents); the API speaks dollars. Coordinates are numbers
 * rounded to 7 decimals.
 */
const freightSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true }, // the poster
    carrierId: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    brokerId: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    shipperId: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    title: { type: String, required: true },
    originCity: { type: String, required: true },
    originState: { type: String, required: true },
    originZip: { type: String, default: null },
    originCountry: { type: String, default: 'United States' },
    destinationCity: { type: String, required: true },
    destinationState: { type: String, required: true },
    destinationZip: { type: String, default: null },
    destinationCountry: { type: String, default: 'United States' },
    originLat: { type: Number, default: null },
    originLng: { type: Number, default: null },
    destinationLat: { type: Number, default: null },
    destinationLng: { type: Number, default: null },
    currentLat: { type: Number, default: null },
    currentLng: { type: Number, default: null },
    equipmentType: { type: String, required: true },
    equipmentLength: { type: Number, default: null },
    weight: { type: Number, default: null }, // lbs (road); air shipments also lbs on cards
    weightClass: { type: String, default: null }, // ltl | partial | ftl, or air: small | medium | large | heavy
    commodity: { type: String, default: null },
    cargoType: { type: String, default: null }, // air: general, dangerous, …
    rateCents: { type: Number, default: null },
    ratePerMileCents: { type: Number, default: null },
    rateType: { type: String, enum: RATE_TYPES, default: 'flat' },
    distance: { type: Number, default: null }, // miles
    searchRadius: { type: Number, default: 50 },
    pickupDate: { type: Date, default: null },
    pickupTimeStart: { type: String, default: null },
    pickupTimeEnd: { type: String, default: null },
    deliveryDate: { type: Date, default: null },
    deliveryTimeStart: { type: String, default: null },
    deliveryTimeEnd: { type: String, default: null },
    description: { type: String, default: null },
    specialInstructions: { type: String, default: null },
    status: { type: String, enum: FREIGHT_STATUSES, default: 'available' },
    isUrgent: { type: Boolean, default: false },
    isHazmat: { type: Boolean, default: false },
    requiresTarps: { type: Boolean, default: false },
    requiresStraps: { type: Boolean, default: false },
    requiresLiftgate: { type: Boolean, default: false },
    lastLocationUpdate: { type: Date, default: null },
    /** The poster's company at posting time, for cards (no join on the board). */
    userCompanyName: { type: String, default: null },
  },
  { timestamps: true },
);
freightSchema.index({ status: 1, createdAt: -1 });
freightSchema.index({ userId: 1, createdAt: -1 });
freightSchema.index({ brokerId: 1, createdAt: -1 });
freightSchema.index({ carrierId: 1, status: 1 });

export type FreightListing = InferSchemaType<typeof freightSchema> & {
  _id: Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
};
export const FreightModel = mongoose.model('FreightListing', freightSchema);
export type { FreightStatus };

export const centsToDollars = (c: number | null | undefined) => (c == null ? null : Math.round(c) / 100);
export const dollarsToCents = (d: number | null | undefined) => (d == null ? null : Math.round(d * 100));
export const roundCoord = (n: number) => Math.round(n * 1e7) / 1e7;

/** Everyone who takes part in a load: the poster, its shipper and broker, the booked carrier. */
export function participantIds(f: Pick<FreightListing, 'userId' | 'carrierId' | 'brokerId' | 'shipperId'>): string[] {
  return [f.userId, f.carrierId, f.brokerId, f.shipperId].filter(Boolean).map(String);
}
