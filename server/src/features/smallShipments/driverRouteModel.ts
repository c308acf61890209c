import { DRIVER_PRICING_TYPES, DRIVER_ROUTE_STATUSES, type DriverRouteDto } from '@freight/shared';
import mongoose, { Schema, Types, type InferSchemaType } from 'mongoose';
import { centsToDollars } from '../freight/model';
import { companyStamps } from '../companies/stamps';

/**
 * SPEC §3 Driver route. Prices in integer cents; the API speaks dollars. Kept with small shipments, which routes exist
 * to carry: shipments find their drivers' routes here, and driverRoutes/ (the drivers' own screens) depends on this
 * feature, never the other way.
 */
const driverRouteSchema = new Schema(
  {
    driverId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    title: { type: String, required: true },
    originCity: { type: String, required: true },
    originState: { type: String, required: true },
    destinationCity: { type: String, required: true },
    destinationState: { type: String, required: true },
    departureDate: { type: Date, required: true },
    departureTime: { type: String, default: null },
    vehicleType: { type: String, required: true },
    availableSpace: { type: String, default: null },
    maxWeight: { type: Number, default: null }, // lbs
    maxDimensions: { type: String, default: null },
    pricePerMileCents: { type: Number, default: null },
    fixedPriceCents: { type: Number, default: null },
    pricingType: { type: String, enum: DRIVER_PRICING_TYPES, default: 'per_mile' },
    description: { type: String, default: null },
    isFlexible: { type: Boolean, default: false },
    status: { type: String, enum: DRIVER_ROUTE_STATUSES, default: 'active' },
  },
  { timestamps: true },
);
driverRouteSchema.index({ driverId: 1, status: 1, departureDate: 1 });
// New shipments look up the active routes on their states to notify drivers (the state leads: see SmallShipment).
driverRouteSchema.index({ originState: 1, destinationState: 1, status: 1 });

export type DriverRoute = InferSchemaType<typeof driverRouteSchema> & {
  _id: Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
};
// Company accounts (issue 28): each party's company beside its person id.
driverRouteSchema.plugin(companyStamps, { pairs: [['driverId', 'driverCompanyId']] });
export const DriverRouteModel = mongoose.model('DriverRoute', driverRouteSchema);

export function toDriverRouteDto(r: DriverRoute): DriverRouteDto {
  return {
    id: String(r._id),
    driverId: String(r.driverId),
    title: r.title,
    originCity: r.originCity,
    originState: r.originState,
    destinationCity: r.destinationCity,
    destinationState: r.destinationState,
    departureDate: r.departureDate.toISOString(),
    departureTime: r.departureTime ?? null,
    vehicleType: r.vehicleType,
    availableSpace: r.availableSpace ?? null,
    maxWeight: r.maxWeight ?? null,
    maxDimensions: r.maxDimensions ?? null,
    pricePerMile: centsToDollars(r.pricePerMileCents),
    fixedPrice: centsToDollars(r.fixedPriceCents),
    pricingType: r.pricingType,
    description: r.description ?? null,
    isFlexible: r.isFlexible,
    status: r.status as DriverRouteDto['status'],
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
