import {
  TRUCK_KINDS,
  TRUCK_POST_STATUSES,
  type TruckKind,
  type TruckPostDto,
  type TruckPostStatus,
} from '@freight/shared';
import mongoose, { Schema, type Types } from 'mongoose';
import { iso } from '../../http/dto';
import { companyStamps } from '../companies/stamps';

/**
 * A posted truck (issue 29, item 6). Date-only fields are kept as their YYYY-MM-DD text (they compare as text);
 * `latBand` is the whole degree of latitude of the empty place, so a radius search reads a few equality groups
 * (status, band) instead of every post (DESIGN §2: FerretDB pushes down top-level equality only).
 */
const truckPostSchema = new Schema(
  {
    carrierId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    status: { type: String, enum: TRUCK_POST_STATUSES, default: 'active' },
    originCity: { type: String, required: true },
    originState: { type: String, required: true },
    originLat: { type: Number, required: true },
    originLng: { type: Number, required: true },
    latBand: { type: Number, required: true },
    availableFrom: { type: String, required: true },
    availableTo: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    equipmentType: { type: String, enum: TRUCK_KINDS, required: true },
    length: { type: Number, default: null },
    maxWeight: { type: Number, default: null },
    pickupRadius: { type: Number, required: true },
    destinationStates: { type: [String], default: [] },
    destinationRadius: { type: Number, default: null },
    ratePerMileCents: { type: Number, default: null },
    comments: { type: String, default: null },
    /** The carrier as the board shows it, copied at posting. */
    carrierName: { type: String, default: null },
    carrierMcNumber: { type: String, default: null },
    closedAt: { type: Date, default: null },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { timestamps: false },
);
truckPostSchema.index({ status: 1, latBand: 1 });
truckPostSchema.index({ status: 1, equipmentType: 1 });
truckPostSchema.index({ carrierCompanyId: 1, createdAt: -1 });
truckPostSchema.index({ carrierId: 1, createdAt: -1 });
truckPostSchema.plugin(companyStamps, { pairs: [['carrierId', 'carrierCompanyId']] });

export interface TruckPost {
  _id: Types.ObjectId;
  carrierId: Types.ObjectId;
  carrierCompanyId?: Types.ObjectId | null;
  status: TruckPostStatus;
  originCity: string;
  originState: string;
  originLat: number;
  originLng: number;
  latBand: number;
  availableFrom: string;
  availableTo: string;
  expiresAt: Date;
  equipmentType: TruckKind;
  length: number | null;
  maxWeight: number | null;
  pickupRadius: number;
  destinationStates: string[];
  destinationRadius: number | null;
  ratePerMileCents: number | null;
  comments: string | null;
  carrierName: string | null;
  carrierMcNumber: string | null;
  closedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const TruckPostModel = mongoose.model('TruckPost', truckPostSchema, 'truck_posts');

export const latBandOf = (lat: number) => Math.floor(lat);

/** An active post past its expiry shows as expired, whether or not the sweep has stored that yet. */
export function effectivePostStatus(
  p: Pick<TruckPost, 'status' | 'expiresAt'>,
  now = new Date(),
): TruckPostStatus {
  return p.status === 'active' && p.expiresAt <= now ? 'expired' : p.status;
}

export function toTruckPostDto(p: TruckPost, now = new Date()): TruckPostDto {
  return {
    id: String(p._id),
    carrierId: String(p.carrierId),
    carrierCompanyId: p.carrierCompanyId ? String(p.carrierCompanyId) : null,
    carrierName: p.carrierName ?? null,
    carrierMcNumber: p.carrierMcNumber ?? null,
    status: effectivePostStatus(p, now),
    originCity: p.originCity,
    originState: p.originState,
    originLat: p.originLat,
    originLng: p.originLng,
    availableFrom: p.availableFrom,
    availableTo: p.availableTo,
    expiresAt: iso(p.expiresAt)!,
    equipmentType: p.equipmentType,
    length: p.length ?? null,
    maxWeight: p.maxWeight ?? null,
    pickupRadius: p.pickupRadius,
    destinationStates: [...(p.destinationStates ?? [])],
    destinationRadius: p.destinationRadius ?? null,
    ratePerMile: p.ratePerMileCents == null ? null : p.ratePerMileCents / 100,
    comments: p.comments ?? null,
    createdAt: iso(p.createdAt)!,
    updatedAt: iso(p.updatedAt)!,
  };
}
