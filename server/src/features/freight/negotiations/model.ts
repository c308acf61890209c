import {
  NEGOTIATION_STATUSES,
  type NegotiationDto,
  type NegotiationStatus,
  type NegotiationStep,
  placeName,
  type UserType,
} from '@freight/shared';
import mongoose, { Schema, type InferSchemaType, type Types } from 'mongoose';
import { centsToDollars, type FreightListing } from '../model';
import { iso } from '../../../http/dto';
import { companyStamps } from '../../companies/stamps';

const stepSchema = new Schema(
  {
    by: { type: String, enum: ['carrier', 'broker'], required: true },
    rateCents: { type: Number, required: true },
    /** What its side wrote with this round (issue 39); null without one. */
    message: { type: String, default: null },
    at: { type: Date, required: true },
  },
  { _id: false },
);

/** A carrier's rate offer on a load and its outcome (SPEC §3 Rate negotiation). Money in cents. */
const negotiationSchema = new Schema(
  {
    freightListingId: { type: Schema.Types.ObjectId, ref: 'FreightListing', required: true },
    carrierId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    /** The load's broker, or its poster when the load has none: whoever answers the offer. */
    brokerId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    proposedRateCents: { type: Number, required: true },
    proposedRatePerMileCents: { type: Number, default: null },
    counterRateCents: { type: Number, default: null },
    /** Grows with every change of the rates (a revision, a counter): an accept names the version it saw. */
    version: { type: Number, default: 1 },
    /** Every offer, revision and counter in order; the fields above hold only the latest of each. */
    history: { type: [stepSchema], default: [] },
    status: { type: String, enum: NEGOTIATION_STATUSES, default: 'pending' },
    message: { type: String, default: null },
    expiresAt: { type: Date, required: true },
    respondedAt: { type: Date, default: null },
    /** Why it was closed without an answer of its own (the load withdrawn or booked elsewhere). */
    closedReason: { type: String, default: null },
    /** An offer the load's poster made to a posted truck's carrier (issue 29): it starts waiting on the carrier. */
    truckPostId: { type: Schema.Types.ObjectId, default: null },
  },
  { timestamps: true },
);
negotiationSchema.index({ brokerId: 1, createdAt: -1 });
negotiationSchema.index({ brokerId: 1, status: 1, expiresAt: 1 });
negotiationSchema.index({ carrierId: 1, createdAt: -1 });
negotiationSchema.index({ freightListingId: 1, status: 1 });

/** A history step as stored (money in cents). */
interface StoredStep {
  by: NegotiationStep['by'];
  rateCents: number;
  /** Absent from steps stored before rounds carried messages. */
  message?: string | null;
  at: Date;
}

export type Negotiation = Omit<InferSchemaType<typeof negotiationSchema>, 'history'> & {
  history: StoredStep[];
  _id: Types.ObjectId;
  carrierCompanyId?: Types.ObjectId | null;
  brokerCompanyId?: Types.ObjectId | null;
  createdAt: Date;
  updatedAt: Date;
};
// Company accounts (issue 28): each party's company beside its person id.
negotiationSchema.plugin(companyStamps, {
  pairs: [
    ['carrierId', 'carrierCompanyId'],
    ['brokerId', 'brokerCompanyId'],
  ],
});
export const NegotiationModel = mongoose.model('RateNegotiation', negotiationSchema);

/** A history step as stored: appended under the load's lease with the rest of the change. */
export function negotiationStep(
  by: NegotiationStep['by'],
  rateCents: number,
  at = new Date(),
  message: string | null = null,
): StoredStep {
  return { by, rateCents, message, at };
}

/** The steps to show; an offer stored before the history was kept shows its latest offer and counter. */
function historyOf(n: Negotiation): NegotiationStep[] {
  const stored: StoredStep[] = n.history?.length
    ? n.history
    : [
        negotiationStep('carrier', n.proposedRateCents, n.createdAt, n.message ?? null),
        ...(n.counterRateCents != null
          ? [negotiationStep('broker', n.counterRateCents, n.respondedAt ?? n.updatedAt)]
          : []),
      ];
  // A first step stored before steps kept their messages shows the offer's own message.
  return stored.map((s, i) => ({
    by: s.by as NegotiationStep['by'],
    rate: centsToDollars(s.rateCents)!,
    message: s.message !== undefined ? s.message : i === 0 && s.by === 'carrier' ? (n.message ?? null) : null,
    at: iso(s.at)!,
  }));
}

interface CarrierView {
  userType?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  companyName?: string | null;
  mcNumber?: string | null;
  usdotNumber?: string | null;
}

/** A pending offer past its expiry shows as expired, whether or not the sweep has stored that yet. */
export function effectiveStatus(
  n: Pick<Negotiation, 'status' | 'expiresAt'>,
  now = new Date(),
): NegotiationStatus {
  if ((n.status === 'pending' || n.status === 'counter_offered') && n.expiresAt && n.expiresAt <= now)
    return 'expired';
  return n.status as NegotiationStatus;
}

export function toNegotiationDto(
  n: Negotiation,
  load: FreightListing | null | undefined,
  carrier: CarrierView | null | undefined,
  broker?: CarrierView | null,
): NegotiationDto {
  const brokerName = broker
    ? broker.companyName?.trim() ||
      `${broker.firstName ?? ''} ${broker.lastName ?? ''}`.trim() ||
      broker.email ||
      null
    : null;
  const name = carrier ? `${carrier.firstName ?? ''} ${carrier.lastName ?? ''}`.trim() : '';
  return {
    id: String(n._id),
    freightListingId: String(n.freightListingId),
    carrierId: String(n.carrierId),
    brokerId: String(n.brokerId),
    carrierCompanyId: n.carrierCompanyId ? String(n.carrierCompanyId) : null,
    brokerCompanyId: n.brokerCompanyId ? String(n.brokerCompanyId) : null,
    proposedRate: centsToDollars(n.proposedRateCents)!,
    proposedRatePerMile: centsToDollars(n.proposedRatePerMileCents),
    counterRate: centsToDollars(n.counterRateCents),
    version: n.version ?? 1,
    history: historyOf(n),
    truckPostId: n.truckPostId ? String(n.truckPostId) : null,
    status: effectiveStatus(n),
    message: n.message ?? null,
    expiresAt: iso(n.expiresAt),
    respondedAt: iso(n.respondedAt),
    createdAt: iso(n.createdAt)!,
    updatedAt: iso(n.updatedAt)!,
    freightTitle: load?.title ?? null,
    freightOrigin: load ? placeName(load.originCity, load.originState) : null,
    freightDestination: load ? placeName(load.destinationCity, load.destinationState) : null,
    freightRate: load ? centsToDollars(load.postedRateCents ?? load.rateCents) : null,
    freightStatus: (load?.status as NegotiationDto['freightStatus']) ?? null,
    carrierName: name || carrier?.email || null,
    carrierCompany: carrier?.companyName ?? null,
    carrierMcNumber: carrier?.mcNumber ?? null,
    carrierUsdotNumber: carrier?.usdotNumber ?? null,
    carrierUserType: (carrier?.userType ?? null) as UserType | null,
    closedReason: n.closedReason ?? null,
    brokerName,
  };
}
