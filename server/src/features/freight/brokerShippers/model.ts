import type { BrokerInvitationDto, BrokerShipperDto, ShipperInvitationDto } from '@freight/shared';
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

/**
 * A broker's invitation to the account with `email` (issue #12). Stored whatever the email (an account, a shipper, or
 * nobody yet), so the broker's answer never tells them which emails exist; the shipper who has (or later gets) this
 * email sees it and accepts (which makes the relationship) or declines. Credit limit in cents.
 */
const brokerInvitationSchema = new Schema(
  {
    brokerId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    email: { type: String, required: true, lowercase: true, trim: true },
    status: { type: String, enum: ['pending', 'accepted', 'declined'], default: 'pending' },
    creditLimitCents: { type: Number, default: null },
    paymentTerms: { type: String, default: null },
    /** The shipper who answered. */
    shipperId: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    respondedAt: { type: Date, default: null },
  },
  { timestamps: true },
);
brokerInvitationSchema.index({ brokerId: 1, email: 1 }, { unique: true });
// The shipper's pending invitations: two equalities.
brokerInvitationSchema.index({ email: 1, status: 1, createdAt: -1 });
// The broker's invitations not yet accepted.
brokerInvitationSchema.index({ brokerId: 1, status: 1, createdAt: -1 });

export type BrokerInvitation = InferSchemaType<typeof brokerInvitationSchema> & {
  _id: Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
};
export const BrokerInvitationModel = mongoose.model('BrokerInvitation', brokerInvitationSchema);

export function toBrokerInvitationDto(i: BrokerInvitation): BrokerInvitationDto {
  return {
    id: String(i._id),
    email: i.email,
    status: i.status === 'accepted' ? 'accepted' : 'pending',
    creditLimit: centsToDollars(i.creditLimitCents),
    paymentTerms: i.paymentTerms ?? null,
    createdAt: new Date(i.createdAt).toISOString(),
  };
}

/** The broker's fields an invitation shows its shipper. */
export const BROKER_VIEW = { firstName: 1, lastName: 1, email: 1, companyName: 1 } as const;

export function toShipperInvitationDto(
  i: BrokerInvitation,
  broker: {
    firstName?: string | null;
    lastName?: string | null;
    email: string;
    companyName?: string | null;
  } | null,
): ShipperInvitationDto {
  const name = broker
    ? `${broker.firstName ?? ''} ${broker.lastName ?? ''}`.trim() || broker.email
    : 'A broker';
  return {
    id: String(i._id),
    brokerName: name,
    brokerCompany: broker?.companyName ?? null,
    creditLimit: centsToDollars(i.creditLimitCents),
    paymentTerms: i.paymentTerms ?? null,
    createdAt: new Date(i.createdAt).toISOString(),
  };
}
