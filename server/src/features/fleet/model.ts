import {
  TRUCK_KINDS,
  TRUCK_STATUSES,
  type TruckDto,
  type TruckKind,
  type TruckPositionDto,
  type TruckStatus,
} from '@freight/shared';
import mongoose, { Schema, Types, type InferSchemaType } from 'mongoose';
import { iso } from '../../http/dto';

/**
 * A truck of a carrier company (issue 29). Its status is `on_load` while it runs a booked or in-transit load
 * (`currentLoadId`); the fleet service changes both under the truck's lease. Its last position is not here: it
 * changes at ping rate and lives in `truck_positions`, one small document per truck.
 */
const truckSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, ref: 'Company', required: true },
    unitNumber: { type: String, required: true },
    kind: { type: String, enum: TRUCK_KINDS, required: true },
    length: { type: Number, default: null },
    plate: { type: String, required: true },
    plateState: { type: String, required: true },
    vin: { type: String, required: true },
    status: { type: String, enum: TRUCK_STATUSES, default: 'available' },
    currentLoadId: { type: Schema.Types.ObjectId, ref: 'FreightListing', default: null },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', required: true },
  },
  { timestamps: true },
);
// The company's trucks, newest first (the one hot query: every list and the plan's count lead with it).
truckSchema.index({ companyId: 1, createdAt: -1 });

export type Truck = InferSchemaType<typeof truckSchema> & {
  _id: Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
};
export const TruckModel = mongoose.model('Truck', truckSchema);

/** A truck's last known position: upserted by each ping of the load it runs (the truck document stays still). */
const truckPositionSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    companyId: { type: Schema.Types.ObjectId, ref: 'Company', required: true, index: true },
    loadId: { type: Schema.Types.ObjectId, ref: 'FreightListing', required: true },
    lat: { type: Number, required: true },
    lng: { type: Number, required: true },
    at: { type: Date, required: true },
  },
  { timestamps: false, versionKey: false },
);
export type TruckPosition = InferSchemaType<typeof truckPositionSchema>;
export const TruckPositionModel = mongoose.model('TruckPosition', truckPositionSchema, 'truck_positions');

/**
 * A driver's CDL details (issue 29): number, state and class. The CDL and the medical card themselves are compliance
 * documents (documentType driver_cdl / driver_medical_card) with their expiry, review, reminders and expiry job;
 * this keeps what the document has no field for, and which document is current.
 */
const driverProfileSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    companyId: { type: Schema.Types.ObjectId, ref: 'Company', required: true, index: true },
    cdlNumber: { type: String, default: null },
    cdlState: { type: String, default: null },
    cdlClass: { type: String, default: null },
    cdlDocumentId: { type: Schema.Types.ObjectId, ref: 'Document', default: null },
    medicalCardDocumentId: { type: Schema.Types.ObjectId, ref: 'Document', default: null },
  },
  { timestamps: true },
);
export type DriverProfile = InferSchemaType<typeof driverProfileSchema> & { _id: Types.ObjectId };
export const DriverProfileModel = mongoose.model('DriverProfile', driverProfileSchema, 'driver_profiles');

export const toPositionDto = (p: Pick<TruckPosition, 'lat' | 'lng' | 'at'> | null | undefined) =>
  p ? ({ lat: p.lat, lng: p.lng, at: p.at.toISOString() } satisfies TruckPositionDto) : null;

export function toTruckDto(t: Truck, position?: TruckPosition | null): TruckDto {
  return {
    id: String(t._id),
    companyId: String(t.companyId),
    unitNumber: t.unitNumber,
    kind: t.kind as TruckKind,
    length: t.length ?? null,
    plate: t.plate,
    plateState: t.plateState,
    vin: t.vin,
    status: t.status as TruckStatus,
    currentLoadId: t.currentLoadId ? String(t.currentLoadId) : null,
    lastPosition: toPositionDto(position),
    createdAt: iso(t.createdAt)!,
    updatedAt: iso(t.updatedAt)!,
  };
}
