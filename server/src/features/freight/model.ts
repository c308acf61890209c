import {
  DELIVERY_EXCEPTION_KINDS,
  accessorialTermsOf,
  toAccessorialTermsDto,
  FREIGHT_STATUSES,
  RATE_TYPES,
  boardEquipment,
  type FreightListingDto,
  type LoadAssignmentDto,
  type ExtraStopDto,
  type LoadStopDto,
  type FreightStatus,
} from '@freight/shared';
import mongoose, { Schema, Types, type InferSchemaType } from 'mongoose';
import { iso } from '../../http/dto';
import { companyStamps } from '../companies/stamps';

/**
 * A stop's details (issue 39): never queried by, so nested in the load (DESIGN §2 allows it); null when none given.
 * Only the load's parties read them (`load:stopDetails`); toFreightDto leaves them out, withStopDetails adds them.
 */
const stopFields = {
  facilityName: { type: String, default: null },
  address: { type: String, default: null },
  dockNotes: { type: String, default: null },
  appointment: {
    type: new Schema(
      {
        kind: { type: String, required: true },
        time: { type: String, default: null },
        endTime: { type: String, default: null },
      },
      { _id: false },
    ),
    default: null,
  },
  pickupNumber: { type: String, default: null },
  poNumber: { type: String, default: null },
  bolNumber: { type: String, default: null },
  contactName: { type: String, default: null },
  contactPhone: { type: String, default: null },
  /**
   * The stop's best point known (the server sets it; no input carries it): the dock pinned at this facility, else
   * the street address geocoded, else the ZIP's centre; null leaves the load's own coordinates (the city's).
   */
  lat: { type: Number, default: null },
  lng: { type: Number, default: null },
  /** True unless the point is the address geocoded or the dock pinned. */
  approximate: { type: Boolean, default: true },
  /** True when the point is a dock pinned at the facility. */
  pinned: { type: Boolean, default: false },
};
const stopSchema = new Schema(stopFields, { _id: false });

/**
 * A stop between the first pickup and the last delivery (issue 39): a pickup or a delivery with its own place and
 * date beside the same details and point as the two ends. Nested in the load, in order (never queried by).
 */
const extraStopSchema = new Schema(
  {
    ...stopFields,
    kind: { type: String, enum: ['pickup', 'delivery'], required: true },
    city: { type: String, required: true },
    state: { type: String, required: true },
    zip: { type: String, default: null },
    date: { type: Date, default: null },
  },
  { _id: false },
);

/**
 * The load's accessorial terms (issue 41, docs/detention.md), in integer cents and minutes (AccessorialTerms in
 * shared). Every load posted since is given them (the defaults when the poster leaves them out); a load stored
 * before has none and reads as the defaults (accessorialTermsOf). Never queried by, so nested.
 */
const accessorialTermsSchema = new Schema(
  {
    freeTimeMinutes: { type: Number, required: true },
    detentionCentsPerHour: { type: Number, required: true },
    billingStepMinutes: { type: Number, required: true },
    layoverCentsPerNight: { type: Number, required: true },
    tonuBaseCents: { type: Number, required: true },
    tonuCentsPerMile: { type: Number, required: true },
  },
  { _id: false },
);

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
    originState: { type: String, default: '' }, // by air, optional outside the US, Canada and Mexico (issue 39)
    originZip: { type: String, default: null },
    originCountry: { type: String, default: 'United States' },
    destinationCity: { type: String, required: true },
    destinationState: { type: String, default: '' },
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
    /** The rate the load was posted at, kept when an accepted offer sets another `rateCents` (null until then). */
    postedRateCents: { type: Number, default: null },
    rateType: { type: String, enum: RATE_TYPES, default: 'flat' },
    distance: { type: Number, default: null }, // miles
    searchRadius: { type: Number, default: 50 },
    pickupDate: { type: Date, default: null },
    pickupTimeStart: { type: String, default: null },
    pickupTimeEnd: { type: String, default: null },
    deliveryDate: { type: Date, default: null },
    deliveryTimeStart: { type: String, default: null },
    deliveryTimeEnd: { type: String, default: null },
    pickupStop: { type: stopSchema, default: null },
    deliveryStop: { type: stopSchema, default: null },
    extraStops: { type: [extraStopSchema], default: [] },
    accessorialTerms: { type: accessorialTermsSchema, default: null },
    /** The carrier's reason for marking it delivered away from the delivery place (issue 16). */
    deliveryNote: { type: String, default: null },
    /** When the carrier marked it delivered (the proof of delivery prints it). */
    deliveredAt: { type: Date, default: null },
    /**
     * The receipt taken at delivery (issue 39, item 3): the receiver's printed name, their signature (a PNG in the
     * file store), an exception noted on receipt and when it was signed. Null before delivery.
     */
    deliveryProof: {
      type: new Schema(
        {
          receiverName: { type: String, required: true },
          signatureKey: { type: String, required: true },
          signatureBytes: { type: Number, required: true },
          exception: { type: String, enum: DELIVERY_EXCEPTION_KINDS, default: 'none' },
          exceptionNote: { type: String, default: null },
          signedAt: { type: Date, required: true },
        },
        { _id: false },
      ),
      default: null,
    },
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
    userMcNumber: { type: String, default: null },
    /** True when `distance` is estimated from the places rather than entered by the poster. */
    distanceIsEstimate: { type: Boolean, default: true },
    /**
     * The truck and driver a dispatcher assigned (issue 29). The ids are also top-level so the driver's trips and a
     * truck's load are equality reads; `assignment` holds what screens show (LoadAssignmentDto less the ids).
     */
    assignedTruckId: { type: Schema.Types.ObjectId, ref: 'Truck', default: null },
    assignedDriverId: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    assignment: {
      type: new Schema(
        {
          truckUnit: { type: String, required: true },
          driverFirstName: { type: String, required: true },
          driverPhone: { type: String, default: null },
          assignedAt: { type: Date, required: true },
          assignedBy: { type: Schema.Types.ObjectId, ref: 'User', required: true },
          overrideReason: { type: String, default: null },
        },
        { _id: false },
      ),
      default: null,
    },
  },
  { timestamps: true },
);
// The open loads by status: the board's book is built from them (every board search then runs in memory, DESIGN §2),
// and the repair pass walks booked loads.
freightSchema.index({ status: 1, createdAt: -1, _id: -1 });
// Foreign keys: my listings, broker freight, the carrier's booked loads.
freightSchema.index({ userId: 1, createdAt: -1 });
// The viewer's own loads in later states, shown on their board beside the open ones.
freightSchema.index({ userId: 1, status: 1 });
freightSchema.index({ brokerId: 1, createdAt: -1 });
freightSchema.index({ carrierId: 1, status: 1 });
// Tracked loads and chat unread counts: the user's loads by each role, most recently changed first (poster and broker
// use the indexes above; their few loads are sorted in memory).
freightSchema.index({ shipperId: 1, updatedAt: -1 });
freightSchema.index({ carrierId: 1, updatedAt: -1 });
// A driver's trips and a truck's current load (issue 29).
freightSchema.index({ assignedDriverId: 1, status: 1 });
freightSchema.index({ assignedTruckId: 1, status: 1 });

export type FreightListing = InferSchemaType<typeof freightSchema> & {
  _id: Types.ObjectId;
  /** The parties' companies (issue 28), stamped beside their person ids (companies/stamps.ts). */
  companyId?: Types.ObjectId | null;
  carrierCompanyId?: Types.ObjectId | null;
  brokerCompanyId?: Types.ObjectId | null;
  shipperCompanyId?: Types.ObjectId | null;
  createdAt: Date;
  updatedAt: Date;
};
// Company accounts (issue 28): each party's company beside its person id.
freightSchema.plugin(companyStamps, {
  pairs: [
    ['userId', 'companyId'],
    ['carrierId', 'carrierCompanyId'],
    ['brokerId', 'brokerCompanyId'],
    ['shipperId', 'shipperCompanyId'],
  ],
});
export const FreightModel = mongoose.model('FreightListing', freightSchema);
export type { FreightStatus };

export const centsToDollars = (c: number | null | undefined) => (c == null ? null : Math.round(c) / 100);
export const dollarsToCents = (d: number | null | undefined) => (d == null ? null : Math.round(d * 100));
export const roundCoord = (n: number) => Math.round(n * 1e7) / 1e7;

/** Everyone who takes part in a load: the poster, its shipper and broker, the booked carrier. */
export function participantIds(
  f: Pick<FreightListing, 'userId' | 'carrierId' | 'brokerId' | 'shipperId'>,
): string[] {
  return [f.userId, f.carrierId, f.brokerId, f.shipperId].filter(Boolean).map(String);
}

const idOrNull = (v: unknown) => (v ? String(v) : null);

/** The API view of a listing: id strings, dollars, ISO dates (CONTRIBUTING: never _id or __v). */
export function toFreightDto(f: FreightListing): FreightListingDto {
  return {
    id: String(f._id),
    userId: String(f.userId),
    carrierId: idOrNull(f.carrierId),
    brokerId: idOrNull(f.brokerId),
    shipperId: idOrNull(f.shipperId),
    companyId: idOrNull(f.companyId),
    carrierCompanyId: idOrNull(f.carrierCompanyId),
    brokerCompanyId: idOrNull(f.brokerCompanyId),
    shipperCompanyId: idOrNull(f.shipperCompanyId),
    title: f.title,
    originCity: f.originCity,
    originState: f.originState,
    originZip: f.originZip ?? null,
    originCountry: f.originCountry ?? null,
    destinationCity: f.destinationCity,
    destinationState: f.destinationState,
    destinationZip: f.destinationZip ?? null,
    destinationCountry: f.destinationCountry ?? null,
    originLat: f.originLat ?? null,
    originLng: f.originLng ?? null,
    destinationLat: f.destinationLat ?? null,
    destinationLng: f.destinationLng ?? null,
    equipmentType: boardEquipment(f.equipmentType),
    equipmentLength: f.equipmentLength ?? null,
    weight: f.weight ?? null,
    weightClass: f.weightClass ?? null,
    commodity: f.commodity ?? null,
    cargoType: f.cargoType ?? null,
    rate: centsToDollars(f.rateCents),
    ratePerMile: centsToDollars(f.ratePerMileCents),
    rateType: f.rateType ?? 'flat',
    distance: f.distance ?? null,
    distanceIsEstimate: f.distanceIsEstimate ?? true,
    searchRadius: f.searchRadius ?? 50,
    pickupDate: iso(f.pickupDate),
    pickupTimeStart: f.pickupTimeStart ?? null,
    pickupTimeEnd: f.pickupTimeEnd ?? null,
    deliveryDate: iso(f.deliveryDate),
    deliveryTimeStart: f.deliveryTimeStart ?? null,
    deliveryTimeEnd: f.deliveryTimeEnd ?? null,
    description: f.description ?? null,
    specialInstructions: f.specialInstructions ?? null,
    status: f.status as FreightStatus,
    isUrgent: Boolean(f.isUrgent),
    isHazmat: Boolean(f.isHazmat),
    requiresTarps: Boolean(f.requiresTarps),
    requiresStraps: Boolean(f.requiresStraps),
    requiresLiftgate: Boolean(f.requiresLiftgate),
    userCompanyName: f.userCompanyName ?? null,
    userMcNumber: f.userMcNumber ?? null,
    assignment: toAssignmentDto(f),
    extraStopCount: f.extraStops?.length ?? 0,
    accessorialTerms: toAccessorialTermsDto(accessorialTermsOf(f.accessorialTerms)),
    createdAt: iso(f.createdAt)!,
    updatedAt: iso(f.updatedAt)!,
  };
}

/** A stored stop as the API shows it (null when none). */
export function toLoadStopDto(s: FreightListing['pickupStop'] | undefined): LoadStopDto | null {
  if (!s) return null;
  const a = s.appointment;
  return {
    facilityName: s.facilityName ?? null,
    address: s.address ?? null,
    dockNotes: s.dockNotes ?? null,
    appointment: a
      ? {
          kind: a.kind as NonNullable<LoadStopDto['appointment']>['kind'],
          time: a.time ?? null,
          endTime: a.endTime ?? null,
        }
      : null,
    pickupNumber: s.pickupNumber ?? null,
    poNumber: s.poNumber ?? null,
    bolNumber: s.bolNumber ?? null,
    contactName: s.contactName ?? null,
    contactPhone: s.contactPhone ?? null,
  };
}

/** A stored stop in between as the API shows it. */
export function toExtraStopDto(s: NonNullable<FreightListing['extraStops']>[number]): ExtraStopDto {
  return {
    ...toLoadStopDto(s)!,
    kind: s.kind as ExtraStopDto['kind'],
    city: s.city,
    state: s.state,
    zip: s.zip ?? null,
    date: iso(s.date),
  };
}

/** A date-only value is stored at noon UTC, so it shows as the same calendar day in every US time zone. */
export function toStoredDate(s: string | null | undefined): Date | null {
  if (!s) return null;
  return /^\d{4}-\d{2}-\d{2}$/.test(s) ? new Date(`${s}T12:00:00.000Z`) : new Date(s);
}

/** Rate per mile in cents, computed at write time so the board can sort on it. */
export function ratePerMileCentsOf(
  rateCents: number | null | undefined,
  distance: number | null | undefined,
) {
  if (rateCents == null || distance == null || distance <= 0) return null;
  return Math.round(rateCents / distance);
}

/** The load's assignment as screens show it (null until assigned). */
export function toAssignmentDto(f: FreightListing): LoadAssignmentDto | null {
  const a = f.assignment;
  if (!a || !f.assignedTruckId || !f.assignedDriverId) return null;
  return {
    truckId: String(f.assignedTruckId),
    truckUnit: a.truckUnit,
    driverId: String(f.assignedDriverId),
    driverFirstName: a.driverFirstName,
    driverPhone: a.driverPhone ?? null,
    assignedAt: iso(a.assignedAt)!,
    assignedBy: String(a.assignedBy),
    overrideReason: a.overrideReason ?? null,
  };
}
