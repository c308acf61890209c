import {
  BOOKING_REQUEST_STATUSES,
  type bookingRequestSchema,
  type bookingReviewSchema,
  type BookingRequestDto,
  type FreightListingDto,
  type Page,
} from '@freight/shared';
import { Types, type FilterQuery } from 'mongoose';
import { z } from 'zod';
import { conflict, forbidden, notFound } from '../../../http/errors';
import { paginate } from '../../../http/paginate';
import { pageQuerySchema } from '../../../http/validate';
import { authorize, can, type Actor } from '../../../policies';
import { assertFeatureAccess } from '../../../policies/gate';
import { assertCarrierCanTakeBooking } from '../planLimits';
import { FreightModel, toFreightDto, type FreightListing } from '../model';
import { findLoad, objectId } from '../service';
import { bookLoad, withLoad } from '../bookingJournal/journal';
import { closeBookingRequest } from './close';
import { bookingRequestViews } from '../views';
import { recordFact } from '../../../events/record';
import { BookingRequestModel, pendingKeyOf, type BookingRequest } from './model';
import { assertEmailVerified } from '../../../policies/emailVerified';
import { emptyPage, mine } from '../../companies/mine';
import { stampChangedParties } from '../../companies/stamps';

export const UNVERIFIED_BOOK_TEXT = 'Complete document verification to book freight.';

async function view(request: BookingRequest): Promise<BookingRequestDto> {
  return (await bookingRequestViews([request], { withDocuments: true }))[0];
}

/** POST /api/freight/:id/book (call 10): a verified carrier asks to book an available load, once at a time. */
export async function requestBooking(
  actor: Actor,
  freightId: string,
  data: z.output<typeof bookingRequestSchema>,
): Promise<{ message: string; request: BookingRequestDto }> {
  const load = await findLoad(freightId);
  // Who may book comes first (issue 23): a shipper is not told to verify for something it can never do.
  authorize(actor, 'freight:haul', load, {
    message:
      load.equipmentType === 'air_cargo'
        ? 'Only air cargo operators can book air shipments (and not their own)'
        : 'Only carriers can book road freight (and not their own loads)',
  });
  assertEmailVerified(actor);
  if (!actor.isVerified) throw forbidden(UNVERIFIED_BOOK_TEXT);
  if (load.equipmentType === 'air_cargo') await assertFeatureAccess(actor, 'air_freight');
  // Under the load's lease: the request exists only if the load was available when it was stored.
  const created = await withLoad(load._id, async () => {
    const current = await findLoad(freightId);
    if (current.status !== 'available') throw conflict('This load is no longer available');
    const now = new Date();
    const draft = new BookingRequestModel({
      _id: new Types.ObjectId(),
      freightListingId: load._id,
      carrierId: new Types.ObjectId(actor.id),
      shipperId: load.userId,
      brokerId: load.brokerId ?? null,
      message: data.message ?? null,
      pendingKey: pendingKeyOf(String(load._id), actor.id),
      createdAt: now,
      updatedAt: now,
    });
    await stampChangedParties(BookingRequestModel.schema, null, draft);
    const stored = draft.toObject() as BookingRequest;
    const request = await view(stored);
    const requestId = String(stored._id);
    try {
      await recordFact(
        { kind: 'load', id: String(load._id) },
        {
          name: 'booking.requested',
          key: requestId,
          by: actor,
          loadId: String(load._id),
          subjects: {
            requestId,
            carrierId: actor.id,
            ...(stored.brokerId ? { brokerId: String(stored.brokerId) } : {}),
          },
          data: { request, load: toFreightDto(current) },
          proof: { collection: BookingRequestModel.collection.collectionName, filter: { _id: stored._id } },
        },
        () => draft.save({ timestamps: false }),
      );
      return request;
    } catch (err) {
      if ((err as { code?: number }).code === 11000) {
        throw conflict('You already have a pending booking request for this load');
      }
      throw err;
    }
  });

  const request = created;
  return { message: 'Booking request sent successfully', request };
}

export const bookingRequestListSchema = pageQuerySchema.extend({
  status: z.preprocess(
    (v) => (v === '' || v === undefined ? 'pending' : v),
    z.enum([...BOOKING_REQUEST_STATUSES, 'all']),
  ),
});

type BookingRequestListQuery = z.output<typeof bookingRequestListSchema>;

/** One page of the requests of any of `owners` (an equality each, merged: no `$or` reading every request). */
async function listPage(
  owners: Array<FilterQuery<BookingRequest>>,
  q: BookingRequestListQuery,
  opts: { withDocuments?: boolean; viewer?: Actor } = {},
): Promise<Page<BookingRequestDto>> {
  const status = q.status === 'all' ? {} : { status: q.status };
  const found = await paginate<BookingRequest>(
    BookingRequestModel,
    owners.map((owner) => ({ ...owner, ...status })),
    { createdAt: -1, _id: -1 },
    q,
  );
  return { ...found, items: await bookingRequestViews(found.items, opts) };
}

/** GET /api/booking-requests (call 6): requests on the shipper's or broker's loads, pending unless asked. */
export async function listBookingRequests(
  actor: Actor,
  q: BookingRequestListQuery,
): Promise<Page<BookingRequestDto>> {
  authorize(actor, 'booking:list', undefined, {
    message: 'Only shippers, brokers and air cargo operators review booking requests',
  });
  return listPage(
    [mine(actor, 'shipperId', 'shipperCompanyId'), mine(actor, 'brokerId', 'brokerCompanyId')],
    q,
    { withDocuments: true, viewer: actor },
  );
}

/**
 * GET /api/booking-requests/mine: the carrier's own requests (the board shows which loads it asked for); to the roles
 * the policy lets list them (issue 51: a driver, none).
 */
export async function myBookingRequests(
  actor: Actor,
  q: BookingRequestListQuery,
): Promise<Page<BookingRequestDto>> {
  if (!can(actor, 'booking:listOwn')) return emptyPage(q);
  return listPage([mine(actor, 'carrierId', 'carrierCompanyId')], q, { viewer: actor });
}

/**
 * POST /api/booking-requests/:id/review (call 7). Approving books the load to the carrier with one conditional
 * update (so of two concurrent approvals on one load exactly one succeeds), rejects the load's other pending
 * requests and offers, and opens the load's chat room.
 */
export async function reviewBookingRequest(
  actor: Actor,
  id: string,
  { status, loadUpdatedAt }: z.output<typeof bookingReviewSchema>,
): Promise<{ message: string; request: BookingRequestDto; listing: FreightListingDto | null }> {
  const found = await BookingRequestModel.findById(objectId(id, 'Booking request')).lean<BookingRequest>();
  if (!found) throw notFound('Booking request not found');
  authorize(actor, 'booking:review', found, { hide: true, message: 'Booking request not found' });
  const carrierId = String(found.carrierId);

  // The load's lease (the request is part of the load) and, to approve, the carrier's (its booking limit), together.
  const { updated, listing } = await withLoad(
    found.freightListingId,
    async () => {
      const request = await BookingRequestModel.findById(found._id).lean<BookingRequest>();
      // The same decision by the same person again (a retry after a 503 that had in fact gone through, issue 25):
      // answered with the state it reached, not an error. (withLoad has finished an interrupted booking first.)
      if (request && request.status === status && String(request.reviewedBy ?? '') === actor.id) {
        const load = await FreightModel.findById(request.freightListingId).lean<FreightListing>();
        return { updated: request, listing: load ? toFreightDto(load) : null, repeated: true };
      }
      if (!request || request.status !== 'pending') {
        throw conflict(`This booking request was already ${request?.status ?? 'reviewed'}`);
      }
      if (status === 'rejected') {
        const load = await FreightModel.findById(request.freightListingId).lean<FreightListing>();
        const listing = load ? toFreightDto(load) : null;
        const rejected = await closeBookingRequest(
          request._id,
          { from: 'pending', to: 'rejected', by: actor.id },
          { fact: 'booking.reviewed', load: listing },
        );
        if (!rejected) throw conflict('This booking request was already reviewed');
        return { updated: rejected, listing, repeated: false };
      }
      const load = await findLoad(String(request.freightListingId));
      if (load.status !== 'available') throw conflict('This load is no longer available');
      if (loadUpdatedAt && load.updatedAt.getTime() !== Date.parse(loadUpdatedAt)) {
        throw conflict('The load was changed after you opened it: review it again before approving');
      }
      await assertCarrierCanTakeBooking(carrierId);
      const { after } = await bookLoad({
        loadId: load._id,
        carrierId,
        actorId: actor.id,
        requestId: String(request._id),
      });
      const approved = await BookingRequestModel.findById(request._id).lean<BookingRequest>();
      return { updated: approved!, listing: toFreightDto(after), repeated: false };
    },
    status === 'approved' ? [{ kind: 'user', id: carrierId }] : [],
  );

  // Its push and notification follow from the fact (./projector.ts); a repeat records nothing again.
  const dto = await view(updated);
  const approved = status === 'approved';
  return {
    message: approved ? 'Booking request approved successfully' : 'Booking request rejected successfully',
    request: dto,
    listing,
  };
}
