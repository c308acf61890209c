import {
  type CarrierDocumentDto,
  BOOKING_REQUEST_STATUSES,
  type BookingRequestDto,
  type BookingRequestStatus,
  placeName,
  type UserType,
} from '@freight/shared';
import mongoose, { Schema, type InferSchemaType, type Types } from 'mongoose';
import { centsToDollars, type FreightListing } from '../model';
import { iso } from '../../../http/dto';
import { companyStamps } from '../../companies/stamps';

/**
 * A carrier's request to book a load (SPEC §3). `shipperId` is whoever posted the load (shipper or broker), and
 * `brokerId` the load's broker, so either can review it.
 */
const bookingRequestSchema = new Schema(
  {
    freightListingId: { type: Schema.Types.ObjectId, ref: 'FreightListing', required: true },
    carrierId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    shipperId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    brokerId: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    message: { type: String, default: null },
    status: { type: String, enum: BOOKING_REQUEST_STATUSES, default: 'pending' },
    reviewedAt: { type: Date, default: null },
    reviewedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    /** Why it was closed without a review of its own (the load withdrawn or booked elsewhere). */
    closedReason: { type: String, default: null },
    /**
     * One pending request per carrier per load, without a partial index (DESIGN §2): `<freightId>:<carrierId>`
     * while pending, the request's own id once reviewed. Every document has a value, so the unique index holds.
     */
    pendingKey: { type: String, required: true },
  },
  { timestamps: true },
);
bookingRequestSchema.index({ pendingKey: 1 }, { unique: true });
bookingRequestSchema.index({ shipperId: 1, status: 1, createdAt: -1 });
bookingRequestSchema.index({ brokerId: 1, status: 1, createdAt: -1 });
bookingRequestSchema.index({ freightListingId: 1, status: 1 });
bookingRequestSchema.index({ carrierId: 1, createdAt: -1 });

export type BookingRequest = InferSchemaType<typeof bookingRequestSchema> & {
  _id: Types.ObjectId;
  carrierCompanyId?: Types.ObjectId | null;
  shipperCompanyId?: Types.ObjectId | null;
  brokerCompanyId?: Types.ObjectId | null;
  createdAt: Date;
  updatedAt: Date;
};
// Company accounts (issue 28): each party's company beside its person id.
bookingRequestSchema.plugin(companyStamps, {
  pairs: [
    ['carrierId', 'carrierCompanyId'],
    ['shipperId', 'shipperCompanyId'],
    ['brokerId', 'brokerCompanyId'],
  ],
});
export const BookingRequestModel = mongoose.model('BookingRequest', bookingRequestSchema);

export const pendingKeyOf = (freightId: string, carrierId: string) => `${freightId}:${carrierId}`;

interface CarrierView {
  userType?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phoneNumber?: string | null;
  companyName?: string | null;
  mcNumber?: string | null;
  usdotNumber?: string | null;
}

export function toBookingRequestDto(
  r: BookingRequest,
  load: FreightListing | null | undefined,
  carrier: CarrierView | null | undefined,
  carrierDocuments: CarrierDocumentDto[] = [],
): BookingRequestDto {
  const name = carrier ? `${carrier.firstName ?? ''} ${carrier.lastName ?? ''}`.trim() : '';
  return {
    id: String(r._id),
    freightListingId: String(r.freightListingId),
    carrierId: String(r.carrierId),
    shipperId: String(r.shipperId),
    carrierCompanyId: r.carrierCompanyId ? String(r.carrierCompanyId) : null,
    shipperCompanyId: r.shipperCompanyId ? String(r.shipperCompanyId) : null,
    message: r.message ?? null,
    status: r.status as BookingRequestStatus,
    reviewedAt: iso(r.reviewedAt),
    reviewedBy: r.reviewedBy ? String(r.reviewedBy) : null,
    createdAt: iso(r.createdAt)!,
    updatedAt: iso(r.updatedAt)!,
    freightTitle: load?.title ?? null,
    freightOrigin: load ? placeName(load.originCity, load.originState) : null,
    freightDestination: load ? placeName(load.destinationCity, load.destinationState) : null,
    freightRate: load ? centsToDollars(load.rateCents) : null,
    carrierName: name || carrier?.email || null,
    carrierPhone: carrier?.phoneNumber ?? null,
    carrierEmail: carrier?.email ?? null,
    carrierCompany: carrier?.companyName ?? null,
    carrierMcNumber: carrier?.mcNumber ?? null,
    carrierUsdotNumber: carrier?.usdotNumber ?? null,
    carrierUserType: (carrier?.userType ?? null) as UserType | null,
    carrierDocuments,
    closedReason: r.closedReason ?? null,
  };
}
