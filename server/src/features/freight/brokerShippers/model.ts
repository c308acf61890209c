import type { BrokerShipperDto } from '@freight/shared';
import mongoose, { Schema, type InferSchemaType, type Types } from 'mongoose';
import { centsToDollars } from '../model';

/** A broker's shipper (SPEC §3 Broker-shipper relationship); credit limit in cents. */
const brokerShipperSchema = new Schema(
  {
    brokerId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    shipperId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    isActive: { type: Boolean, default: true },
    creditLimitCents: { type: Number, default: null },
    paymentTerms: { type: String, default: null },
  },
  { timestamps: true },
);
brokerShipperSchema.index({ brokerId: 1, shipperId: 1 }, { unique: true });
brokerShipperSchema.index({ brokerId: 1, isActive: 1, createdAt: -1 });
brokerShipperSchema.index({ shipperId: 1 });

export type BrokerShipper = InferSchemaType<typeof brokerShipperSchema> & {
  _id: Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
};
export const BrokerShipperModel = mongoose.model('BrokerShipper', brokerShipperSchema);

interface ShipperView {
  firstName?: string | null;
  lastName?: string | null;
  email: string;
  companyName?: string | null;
  phoneNumber?: string | null;
}

export function toBrokerShipperDto(
  r: BrokerShipper,
  shipper: ShipperView | null | undefined,
): BrokerShipperDto {
  const name = shipper ? `${shipper.firstName ?? ''} ${shipper.lastName ?? ''}`.trim() : '';
  return {
    id: String(r._id),
    brokerId: String(r.brokerId),
    shipperId: String(r.shipperId),
    isActive: Boolean(r.isActive),
    creditLimit: centsToDollars(r.creditLimitCents),
    paymentTerms: r.paymentTerms ?? null,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
    shipperName: name || shipper?.email || '',
    shipperEmail: shipper?.email ?? '',
    shipperCompany: shipper?.companyName ?? null,
    shipperPhone: shipper?.phoneNumber ?? null,
  };
}
