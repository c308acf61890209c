import { rooms } from '@freight/shared';
import { Types } from 'mongoose';
import { publish } from '../../realtime/publish';
import { announceListingChange } from './announce';
import { notify } from '../notifications/service';
import { openChatRoom } from '../tracking/chatRooms';
import { BookingRequestModel, type BookingRequest } from './bookingRequests/model';
import {
  acquireTransition,
  loadTransition,
  negotiationTransition,
  releaseTransition,
  requestTransition,
  runTransition,
} from './locks';
import { FreightModel, ratePerMileCentsOf, toFreightDto, type FreightListing } from './model';
import { NegotiationModel, type Negotiation } from './negotiations/model';
import { canTransition } from './status';
import { bookingRequestViews, negotiationViews } from './views';

/**
 * Books an available load to a carrier with one conditional update (available → booked), optionally at a new rate.
 * Null when the load was no longer available: of two concurrent approvals exactly one gets the load (the transition
 * lock decides, see locks.ts).
 */
export async function claimLoad(
  load: FreightListing,
  carrierId: string,
  rateCents?: number,
): Promise<FreightListing | null> {
  if (!canTransition('available', 'booked')) return null;
  const set: Record<string, unknown> = { status: 'booked', carrierId: new Types.ObjectId(carrierId) };
  if (rateCents !== undefined) {
    set.rateCents = rateCents;
    set.ratePerMileCents = ratePerMileCentsOf(rateCents, load.distance);
  }
  return runTransition(loadTransition(load._id, 'available'), () =>
    FreightModel.findOneAndUpdate(
      { _id: load._id, status: 'available' },
      { $set: set },
      { new: true },
    ).lean<FreightListing>(),
  );
}

/** Undoes claimLoad when the second step of a booking lost its own race (nothing half-done, DESIGN §6). */
export async function releaseLoad(before: FreightListing, carrierId: string): Promise<void> {
  await FreightModel.updateOne(
    { _id: before._id, status: 'booked', carrierId: new Types.ObjectId(carrierId) },
    {
      $set: {
        status: 'available',
        carrierId: null,
        rateCents: before.rateCents ?? null,
        ratePerMileCents: before.ratePerMileCents ?? null,
      },
    },
  );
  await releaseTransition(loadTransition(before._id, 'available'));
}

/**
 * Closes everything still open on a load that stopped being available: pending booking requests and pending or
 * countered offers are rejected (each with its own conditional update), and their carriers are told.
 */
export async function rejectOpenInterest(
  load: FreightListing,
  actorId: string,
  keep: { requestId?: string; negotiationId?: string },
): Promise<void> {
  const now = new Date();
  const listing = toFreightDto(load);
  const requests = await BookingRequestModel.find({ freightListingId: load._id, status: 'pending' }).lean<
    BookingRequest[]
  >();
  const rejectedRequests: BookingRequest[] = [];
  for (const r of requests) {
    if (keep.requestId && String(r._id) === keep.requestId) continue;
    if (!(await acquireTransition(requestTransition(r._id)))) continue;
    const updated = await BookingRequestModel.findOneAndUpdate(
      { _id: r._id, status: 'pending' },
      {
        $set: {
          status: 'rejected',
          reviewedAt: now,
          reviewedBy: new Types.ObjectId(actorId),
          pendingKey: String(r._id),
        },
      },
      { new: true },
    ).lean<BookingRequest>();
    if (updated) rejectedRequests.push(updated);
  }
  for (const request of await bookingRequestViews(rejectedRequests)) {
    publish('booking:reviewed', [rooms.user(request.carrierId), rooms.user(request.shipperId)], {
      request,
      listing,
    });
    await notify({
      userId: request.carrierId,
      kind: 'booking_reviewed',
      title: 'Booking request rejected',
      body: `Your request to book ${request.freightTitle ?? 'a load'} was not accepted: the load is no longer available.`,
      link: '/freight',
    });
  }

  const offers = await NegotiationModel.find({
    freightListingId: load._id,
    status: { $in: ['pending', 'counter_offered'] },
  }).lean<Negotiation[]>();
  const rejectedOffers: Negotiation[] = [];
  for (const n of offers) {
    if (keep.negotiationId && String(n._id) === keep.negotiationId) continue;
    if (!(await acquireTransition(negotiationTransition(n._id, n.status)))) continue;
    const updated = await NegotiationModel.findOneAndUpdate(
      { _id: n._id, status: n.status },
      { $set: { status: 'rejected', respondedAt: now } },
      { new: true },
    ).lean<Negotiation>();
    if (updated) rejectedOffers.push(updated);
  }
  for (const negotiation of await negotiationViews(rejectedOffers)) {
    publish('negotiation:updated', [rooms.user(negotiation.brokerId), rooms.user(negotiation.carrierId)], {
      negotiation,
      listing,
    });
    await notify({
      userId: negotiation.carrierId,
      kind: 'negotiation',
      title: 'Rate offer rejected',
      body: `Your offer on ${negotiation.freightTitle ?? 'a load'} was not accepted: the load is no longer available.`,
      link: '/freight',
    });
  }
}

/** What follows every booking: competitors rejected, the chat room opened, every open board told. */
export async function afterBooking(
  booked: FreightListing,
  actorId: string,
  keep: { requestId?: string; negotiationId?: string },
): Promise<void> {
  await rejectOpenInterest(booked, actorId, keep);
  await openChatRoom({
    freightId: String(booked._id),
    shipperId: String(booked.userId),
    carrierId: String(booked.carrierId),
  });
  announceListingChange('updated', toFreightDto(booked));
}
