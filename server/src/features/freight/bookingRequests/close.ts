import { BOOKED_ELSEWHERE_REASON, WITHDRAWN_REASON, type FreightListingDto } from '@freight/shared';
import { Types } from 'mongoose';
import { NOTHING_WRITTEN, recordFact, type Fact } from '../../../events/record';
import { onLoadMoved } from '../status';
import { toFreightDto } from '../model';
import { bookingRequestViews } from '../views';
import { BookingRequestModel, type BookingRequest } from './model';

/** How a close is stated in the event log: reviewed by someone, or closed by the load (with the load as it is). */
export interface CloseFact {
  fact: 'booking.reviewed' | 'booking.closed';
  load: FreightListingDto | null;
}

/**
 * Closes a booking request: approves or rejects it if it is still `from` (conditional, so a repeat changes nothing),
 * and records its fact as the write's last step, under the load's lease (the caller holds it). The updated request,
 * or null when it had left `from` meanwhile.
 */
export async function closeBookingRequest(
  id: unknown,
  close: {
    from: 'pending' | 'approved';
    to: 'approved' | 'rejected';
    by: unknown;
    at?: Date;
    /** Why it closed without a review of its own (the load was withdrawn or went to another carrier). */
    closedReason?: string;
  },
  fact: CloseFact,
): Promise<BookingRequest | null> {
  const current = await BookingRequestModel.findById(id).lean<BookingRequest>();
  if (!current || current.status !== close.from) return null;
  const at = close.at ?? new Date();
  const set = {
    status: close.to,
    reviewedAt: at,
    reviewedBy: new Types.ObjectId(String(close.by)),
    pendingKey: String(id),
    updatedAt: at,
    ...(close.closedReason !== undefined ? { closedReason: close.closedReason } : {}),
  };
  const after = { ...current, ...set } as BookingRequest;
  const [request] = await bookingRequestViews([after], { withDocuments: fact.fact === 'booking.reviewed' });
  const requestId = String(current._id);
  const loadId = String(current.freightListingId);
  const stated: Fact = {
    ...(fact.fact === 'booking.closed'
      ? { name: 'booking.closed' as const, data: { request, load: fact.load! } }
      : { name: 'booking.reviewed' as const, data: { request, load: fact.load } }),
    key: fact.fact === 'booking.closed' ? requestId : `${requestId}-${close.to}`,
    by: { id: String(close.by) },
    loadId,
    subjects: {
      requestId,
      carrierId: String(current.carrierId),
      ...(current.brokerId ? { brokerId: String(current.brokerId) } : {}),
    },
    proof: {
      collection: BookingRequestModel.collection.collectionName,
      filter: { _id: current._id, status: close.to },
    },
  } as Fact;
  const written = await recordFact({ kind: 'load', id: loadId }, stated, async () => {
    const updated = await BookingRequestModel.findOneAndUpdate(
      { _id: current._id, status: close.from },
      { $set: set },
      { new: true, timestamps: false },
    ).lean<BookingRequest>();
    return updated ?? NOTHING_WRITTEN;
  });
  return written === NOTHING_WRITTEN ? null : written;
}

// A load that stopped being available closes its pending booking requests (issue 23: the poster withdrew the load,
// or another carrier got it); their carriers are told by the projector of booking.closed. Runs inside the load's
// move, under its lease.
onLoadMoved(async ({ by, load }) => {
  if (load.status === 'available') return;
  const at = new Date();
  const closedReason = load.status === 'cancelled' ? WITHDRAWN_REASON : BOOKED_ELSEWHERE_REASON;
  const reviewedBy = by === 'system' ? String(load.userId) : by.id;
  const pending = await BookingRequestModel.find({ freightListingId: load._id, status: 'pending' }).lean<
    BookingRequest[]
  >();
  const listing = toFreightDto(load);
  for (const r of pending) {
    await closeBookingRequest(
      r._id,
      { from: 'pending', to: 'rejected', by: reviewedBy, at, closedReason },
      { fact: 'booking.closed', load: listing },
    );
  }
});
