import {
  PICKUP_FLEXIBILITY,
  SHIPMENT_OFFER_STATUSES,
  SMALL_SHIPMENT_STATUSES,
  type ShipmentOfferDto,
  type SmallShipmentDto,
} from '@freight/shared';
import mongoose, { Schema, Types, type InferSchemaType } from 'mongoose';
import { centsToDollars } from '../freight/model';
import { iso } from '../../http/dto';
import { companyStamps } from '../companies/stamps';

/** SPEC §3 Small shipment. Money in integer cents (offerPriceCents, valueCents); the API speaks dollars. */
const smallShipmentSchema = new Schema(
  {
    shipperId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    driverRouteId: { type: Schema.Types.ObjectId, ref: 'DriverRoute', default: null },
    /** The accepted offer once matched. */
    matchedOfferId: { type: Schema.Types.ObjectId, default: null },
    title: { type: String, required: true },
    itemType: { type: String, default: null },
    itemDescription: { type: String, required: true },
    originCity: { type: String, required: true },
    originState: { type: String, required: true },
    pickupAddress: { type: String, default: null },
    destinationCity: { type: String, required: true },
    destinationState: { type: String, required: true },
    deliveryAddress: { type: String, default: null },
    weight: { type: Number, default: null }, // lbs
    dimensions: { type: String, default: null },
    valueCents: { type: Number, default: null },
    offerPriceCents: { type: Number, required: true },
    /** The accepted offer's price once matched (offerPriceCents stays the asking price). */
    agreedPriceCents: { type: Number, default: null },
    isUrgent: { type: Boolean, default: false },
    isFragile: { type: Boolean, default: false },
    pickupFlexibility: { type: String, enum: PICKUP_FLEXIBILITY, default: 'anytime' },
    pickupDate: { type: Date, default: null },
    pickupTime: { type: String, default: null },
    deliveryDate: { type: Date, default: null },
    deliveryTime: { type: String, default: null },
    specialInstructions: { type: String, default: null },
    status: { type: String, enum: SMALL_SHIPMENT_STATUSES, default: 'posted' },
  },
  { timestamps: true },
);
smallShipmentSchema.index({ shipperId: 1, createdAt: -1 });
// Route matching: posted shipments by origin and destination state, newest first. The origin state leads: on
// FerretDB/PostgreSQL the leading field gets the GIN index, and a state narrows far more than 'posted' does.
smallShipmentSchema.index({ originState: 1, destinationState: 1, status: 1, createdAt: -1 });

export type SmallShipment = InferSchemaType<typeof smallShipmentSchema> & {
  _id: Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
};
// Company accounts (issue 28): each party's company beside its person id.
smallShipmentSchema.plugin(companyStamps, { pairs: [['shipperId', 'shipperCompanyId']] });
export const SmallShipmentModel = mongoose.model('SmallShipment', smallShipmentSchema);

/** A driver's offer on a shipment: one per driver and shipment (a second one revises it while pending). */
const shipmentOfferSchema = new Schema(
  {
    shipmentId: { type: Schema.Types.ObjectId, ref: 'SmallShipment', required: true },
    shipperId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    driverId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    routeId: { type: Schema.Types.ObjectId, ref: 'DriverRoute', default: null },
    driverName: { type: String, default: '' },
    driverCompany: { type: String, default: null },
    /** The driver's background check was approved when the offer was made or last revised (issue 16). */
    driverBackgroundChecked: { type: Boolean, default: false },
    priceCents: { type: Number, required: true },
    /** 1 when made, one more on each revision: an accept names the version the customer saw. */
    version: { type: Number, default: 1 },
    message: { type: String, default: null },
    status: { type: String, enum: SHIPMENT_OFFER_STATUSES, default: 'pending' },
    respondedAt: { type: Date, default: null },
  },
  { timestamps: true },
);
shipmentOfferSchema.index({ shipmentId: 1, driverId: 1 }, { unique: true });
shipmentOfferSchema.index({ driverId: 1, createdAt: -1 });

export type ShipmentOffer = InferSchemaType<typeof shipmentOfferSchema> & {
  _id: Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
};
shipmentOfferSchema.plugin(companyStamps, {
  pairs: [
    ['shipperId', 'shipperCompanyId'],
    ['driverId', 'driverCompanyId'],
  ],
});
export const ShipmentOfferModel = mongoose.model('ShipmentOffer', shipmentOfferSchema);

const idOrNull = (id: unknown) => (id ? String(id) : null);

export function toSmallShipmentDto(s: SmallShipment): SmallShipmentDto {
  return {
    id: String(s._id),
    shipperId: String(s.shipperId),
    driverRouteId: idOrNull(s.driverRouteId),
    matchedOfferId: idOrNull(s.matchedOfferId),
    title: s.title,
    itemType: s.itemType ?? null,
    itemDescription: s.itemDescription,
    originCity: s.originCity,
    originState: s.originState,
    pickupAddress: s.pickupAddress ?? null,
    destinationCity: s.destinationCity,
    destinationState: s.destinationState,
    deliveryAddress: s.deliveryAddress ?? null,
    weight: s.weight ?? null,
    dimensions: s.dimensions ?? null,
    value: centsToDollars(s.valueCents),
    offerPrice: centsToDollars(s.offerPriceCents) ?? 0,
    agreedPrice: centsToDollars(s.agreedPriceCents),
    isUrgent: s.isUrgent,
    isFragile: s.isFragile,
    pickupFlexibility: s.pickupFlexibility,
    pickupDate: iso(s.pickupDate),
    pickupTime: s.pickupTime ?? null,
    deliveryDate: iso(s.deliveryDate),
    deliveryTime: s.deliveryTime ?? null,
    specialInstructions: s.specialInstructions ?? null,
    status: s.status as SmallShipmentDto['status'],
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/**
 * A shipment as drivers other than its matched one see it (issue #12): city and state only. The street addresses go
 * to the customer who posted it and to the driver whose offer was accepted.
 */
export function toDriverSmallShipmentDto(s: SmallShipment): SmallShipmentDto {
  return withoutAddresses(toSmallShipmentDto(s));
}

/** A shipment's DTO without its street addresses (what drivers other than its matched one see). */
export const withoutAddresses = (shipment: SmallShipmentDto): SmallShipmentDto => ({
  ...shipment,
  pickupAddress: null,
  deliveryAddress: null,
});

export function toShipmentOfferDto(o: ShipmentOffer): ShipmentOfferDto {
  return {
    id: String(o._id),
    shipmentId: String(o.shipmentId),
    shipperId: String(o.shipperId),
    driverId: String(o.driverId),
    routeId: idOrNull(o.routeId),
    driverName: o.driverName,
    driverCompany: o.driverCompany ?? null,
    driverBackgroundChecked: o.driverBackgroundChecked === true,
    price: centsToDollars(o.priceCents) ?? 0,
    version: o.version ?? 1,
    message: o.message ?? null,
    status: o.status as ShipmentOfferDto['status'],
    respondedAt: iso(o.respondedAt),
    createdAt: o.createdAt.toISOString(),
  };
}
