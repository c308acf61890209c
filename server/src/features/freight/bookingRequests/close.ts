import { BOOKED_ELSEWHERE_REASON, WITHDRAWN_REASON } from '@freight/shared';
import { Types } from 'mongoose';
import { onLoadMoved } from '../status';
import { toFreightDto } from '../model';
import { bookingRequestViews } from '../views';
import { announceBookingRequestClosed } from './announce';
import { BookingRequestModel, type BookingRequest } from './model';

/**
 * Closes a booking request: approves or rejects it if it is still `from` (conditional, so a repeat changes nothing).
 * The updated request, or null when it had left `from` meanwhile.
 */
export function closeBookingRequest(
  id: unknown,
  close: {
    from: 'pending' | 'approved';
    to: 'approved' | 'rejected';
    by: unknown;
    at?: Date;
    /** Why it closed without a review of its own (the load was withdrawn or went to another carrier). */
    closedReason?: string;
  },
): Promise<BookingRequest | null> {
  return BookingRequestModel.findOneAndUpdate(
    { _id: id, status: close.from },
    {
      $set: {
        status: close.to,
        reviewedAt: close.at ?? new Date(),
        reviewedBy: new Types.ObjectId(String(close.by)),
        pendingKey: String(id),
        ...(close.closedReason !== undefined ? { closedReason: close.closedReason } : {}),
      },
    },
    { new: true },
  ).lean<BookingRequest>();
}

// A load that stopped being available closes its pending booking requests and tells their carriers (issue 23: the
// poster withdrew the load, or another carrier got it). Runs inside the load's move, under its lease.
onLoadMoved(async ({ by, load }) => {
  if (load.status === 'available') return;
  const at = new Date();
  const closedReason = load.status === 'cancelled' ? WITHDRAWN_REASON : BOOKED_ELSEWHERE_REASON;
  const reviewedBy = by === 'system' ? String(load.userId) : by.id;
  const pending = await BookingRequestModel.find({ freightListingId: load._id, status: 'pending' }).lean<
    BookingRequest[]
  >();
  const rejected: BookingRequest[] = [];
  for (const r of pending) {
    const updated = await closeBookingRequest(r._id, {
      from: 'pending',
      to: 'rejected',
      by: reviewedBy,
      at,
      closedReason,
    });
    if (updated) rejected.push(updated);
  }
  const listing = toFreightDto(load);
  for (const request of await bookingRequestViews(rejected)) {
    await announceBookingRequestClosed(request, listing);
  }
});
