import {
  BOOKING_REQUEST_STATUSES,
  bookingRequestSchema,
  bookingReviewSchema,
  rooms,
  type BookingRequestDto,
  type FreightListingDto,
  type Page,
} from '@freight/shared';
import { Types, type FilterQuery } from 'mongoose';
import { z } from 'zod';
import { conflict, forbidden, notFound } from '../../../http/errors';
import { paginate } from '../../../http/paginate';
import { pageQuerySchema, parse } from '../../../http/validate';
import { authorize, type Actor } from '../../../policies';
import { publish } from '../../../realtime/publish';
import { notify } from '../../notifications/service';
import { assertFeatureAccess } from '../../subscriptions/gate';
import { assertCarrierCanTakeBooking } from '../../subscriptions/limits';
import { afterBooking, claimLoad, releaseLoad } from '../booking';
import { acquireTransition, releaseTransition, requestTransition } from '../locks';
import { FreightModel, toFreightDto, type FreightListing } from '../model';
import { findLoad, objectId } from '../service';
import { bookingRequestViews } from '../views';
import { BookingRequestModel, pendingKeyOf, type BookingRequest } from './model';

export const UNVERIFIED_BOOK_TEXT = 'Complete document verification to book freight.';

const recipients = (r: { shipperId: string; brokerId?: string | null }) => [
  ...new Set([r.shipperId, r.brokerId].filter((id): id is string => Boolean(id))),
];

async function view(request: BookingRequest): Promise<BookingRequestDto> {
  return (await bookingRequestViews([request]))[0];
}

/** POST /api/freight/:id/book (call 10): a verified carrier asks to book an available load, once at a time. */
export async function requestBooking(
  actor: Actor,
  freightId: string,
  input: unknown,
): Promise<{ message: string; request: BookingRequestDto }> {
  const data = parse(bookingRequestSchema, input ?? {});
  const load = await findLoad(freightId);
  if (!actor.isVerified) throw forbidden(UNVERIFIED_BOOK_TEXT);
  authorize(actor, 'freight:haul', load, {
    message: 'Only carriers can book freight (and not their own loads)',
  });
  if (load.equipmentType === 'air_cargo') await assertFeatureAccess(actor, 'air_freight');
  if (load.status !== 'available') throw conflict('This load is no longer available');

  let created: BookingRequest;
  try {
    const doc = await BookingRequestModel.create({
      freightListingId: load._id,
      carrierId: new Types.ObjectId(actor.id),
      shipperId: load.userId,
      brokerId: load.brokerId ?? null,
      message: data.message ?? null,
      pendingKey: pendingKeyOf(String(load._id), actor.id),
    });
    created = doc.toObject() as BookingRequest;
  } catch (err) {
    if ((err as { code?: number }).code === 11000) {
      throw conflict('You already have a pending booking request for this load');
    }
    throw err;
  }
  // The load may have been booked between the check and the insert: then the request never existed.
  if (!(await FreightModel.exists({ _id: load._id, status: 'available' }))) {
    await BookingRequestModel.deleteOne({ _id: created._id, status: 'pending' });
    throw conflict('This load is no longer available');
  }

  const request = await view(created);
  const to = recipients({
    shipperId: String(load.userId),
    brokerId: load.brokerId ? String(load.brokerId) : null,
  });
  publish('booking:requested', to.map(rooms.user), { request });
  for (const userId of to) {
    await notify({
      userId,
      kind: 'booking_requested',
      title: 'New booking request',
      body: `${request.carrierCompany || request.carrierName || 'A carrier'} wants to book ${load.title}.`,
      link: '/',
    });
  }
  return { message: 'Booking request sent successfully', request };
}

const listSchema = pageQuerySchema.extend({
  status: z.preprocess(
    (v) => (v === '' || v === undefined ? 'pending' : v),
    z.enum([...BOOKING_REQUEST_STATUSES, 'all']),
  ),
});

/** One page of the requests of any of `owners` (an equality each, merged: no `$or` reading every request). */
async function listPage(
  owners: Array<FilterQuery<BookingRequest>>,
  input: unknown,
): Promise<Page<BookingRequestDto>> {
  const q = parse(listSchema, input);
  const status = q.status === 'all' ? {} : { status: q.status };
  const found = await paginate<BookingRequest>(
    BookingRequestModel,
    owners.map((owner) => ({ ...owner, ...status })),
    { createdAt: -1, _id: -1 },
    q,
  );
  return { ...found, items: await bookingRequestViews(found.items) };
}

/** GET /api/booking-requests (call 6): requests on the shipper's or broker's loads, pending unless asked. */
export async function listBookingRequests(actor: Actor, input: unknown): Promise<Page<BookingRequestDto>> {
  authorize(actor, 'booking:list', undefined, {
    message: 'Only shippers and brokers review booking requests',
  });
  const me = new Types.ObjectId(actor.id);
  return listPage([{ shipperId: me }, { brokerId: me }], input);
}

/** GET /api/booking-requests/mine: the carrier's own requests (the board shows which loads it asked for). */
export async function myBookingRequests(actor: Actor, input: unknown): Promise<Page<BookingRequestDto>> {
  return listPage([{ carrierId: new Types.ObjectId(actor.id) }], input);
}

/**
 * POST /api/booking-requests/:id/review (call 7). Approving books the load to the carrier with one conditional
 * update (so of two concurrent approvals on one load exactly one succeeds), rejects the load's other pending
 * requests and offers, and opens the load's chat room.
 */
export async function reviewBookingRequest(
  actor: Actor,
  id: string,
  input: unknown,
): Promise<{ message: string; request: BookingRequestDto; listing: FreightListingDto | null }> {
  const { status } = parse(bookingReviewSchema, input);
  const request = await BookingRequestModel.findById(objectId(id, 'Booking request')).lean<BookingRequest>();
  if (!request) throw notFound('Booking request not found');
  authorize(actor, 'booking:review', request, { hide: true, message: 'Booking request not found' });
  if (request.status !== 'pending') throw conflict(`This booking request was already ${request.status}`);
  const reviewed = {
    reviewedAt: new Date(),
    reviewedBy: new Types.ObjectId(actor.id),
    pendingKey: String(request._id),
  };
  const carrierId = String(request.carrierId);

  // One review per request: the transition lock settles concurrent reviews (see locks.ts).
  const lock = requestTransition(request._id);
  if (!(await acquireTransition(lock))) throw conflict('This booking request was already reviewed');
  let listing: FreightListingDto | null = null;
  let updated: BookingRequest | null = null;
  let claimed: { before: FreightListing; booked: FreightListing } | null = null;
  try {
    if (status === 'rejected') {
      const load = await FreightModel.findById(request.freightListingId).lean<FreightListing>();
      listing = load ? toFreightDto(load) : null;
    } else {
      const load = await findLoad(String(request.freightListingId));
      if (load.status !== 'available') throw conflict('This load is no longer available');
      await assertCarrierCanTakeBooking(carrierId);
      const booked = await claimLoad(load, carrierId);
      if (!booked) throw conflict('This load is no longer available');
      claimed = { before: load, booked };
      listing = toFreightDto(booked);
    }
    updated = await BookingRequestModel.findOneAndUpdate(
      { _id: request._id, status: 'pending' },
      { $set: { status, ...reviewed } },
      { new: true },
    ).lean<BookingRequest>();
    if (!updated) throw conflict('This booking request was already reviewed');
  } catch (err) {
    if (claimed) await releaseLoad(claimed.before, carrierId);
    await releaseTransition(lock);
    throw err;
  }
  if (claimed) await afterBooking(claimed.booked, actor.id, { requestId: String(request._id) });

  const dto = await view(updated);
  const to = [
    carrierId,
    ...recipients({
      shipperId: String(request.shipperId),
      brokerId: request.brokerId ? String(request.brokerId) : null,
    }),
  ];
  publish('booking:reviewed', to.map(rooms.user), { request: dto, listing });
  const approved = status === 'approved';
  await notify({
    userId: carrierId,
    kind: 'booking_reviewed',
    title: approved ? 'Booking request approved' : 'Booking request rejected',
    body: approved
      ? `${dto.freightTitle ?? 'The load'} is booked to you. Track it and chat with the shipper.`
      : `Your request to book ${dto.freightTitle ?? 'the load'} was not accepted.`,
    link: approved ? `/tracking/${dto.freightListingId}` : '/freight',
  });
  return {
    message: approved ? 'Booking request approved successfully' : 'Booking request rejected successfully',
    request: dto,
    listing,
  };
}
