import { rooms, type BookingRequestDto, type FreightListingDto } from '@freight/shared';
import { publish } from '../../../realtime/publish';
import { notify } from '../../notifications/service';
import type { FreightListing } from '../model';
import type { BookingRequest } from './model';

/** Who runs the load a request is on: its shipper, and its broker if it has one. */
const runners = (r: Pick<BookingRequest, 'shipperId' | 'brokerId'>) => [
  ...new Set([String(r.shipperId), ...(r.brokerId ? [String(r.brokerId)] : [])]),
];

export async function announceBookingRequested(
  stored: BookingRequest,
  request: BookingRequestDto,
  load: FreightListing,
): Promise<void> {
  const to = runners(stored);
  publish('booking:requested', to.map(rooms.user), { request });
  for (const userId of to) {
    await notify({
      userId,
      kind: 'booking_requested',
      title: 'New booking request',
      body: `${request.carrierCompany || request.carrierName || 'A carrier'} wants to book ${load.title}.`,
      link: `/loads/${String(load._id)}`,
      // One carrier's requests to one recipient fold into one notification (issue 25).
      coalesce: {
        key: `booking-requested:${request.carrierId}`,
        title: '{count} new booking requests',
        body: `${request.carrierCompany || request.carrierName || 'A carrier'} wants to book {count} of your loads, latest ${load.title}.`,
      },
    });
  }
}

/** The load's shipper or broker answered the request (`listing`: the load as it now is). */
export async function announceBookingReviewed(
  stored: BookingRequest,
  request: BookingRequestDto,
  listing: FreightListingDto | null,
): Promise<void> {
  publish('booking:reviewed', [request.carrierId, ...runners(stored)].map(rooms.user), { request, listing });
  // An approval's notification is part of the booking (announceLoadBooked, deduplicated); a rejection's is here.
  if (request.status === 'approved') return;
  await notify({
    userId: request.carrierId,
    kind: 'booking_reviewed',
    title: 'Booking request rejected',
    body: `Your request to book ${request.freightTitle ?? 'the load'} was not accepted.`,
    link: '/freight',
  });
}

/** The reason as a clause ("withdrawn by the poster"), or the general one. */
const reasonText = (reason: string | null) =>
  reason ? reason.charAt(0).toLowerCase() + reason.slice(1) : 'the load is no longer available';

/** A pending request rejected because its load stopped being available. */
export async function announceBookingRequestClosed(
  request: BookingRequestDto,
  listing: FreightListingDto,
): Promise<void> {
  publish('booking:reviewed', [rooms.user(request.carrierId), rooms.user(request.shipperId)], {
    request,
    listing,
  });
  await notify({
    userId: request.carrierId,
    kind: 'booking_reviewed',
    title: 'Booking request rejected',
    body: `Your request to book ${request.freightTitle ?? 'a load'} was not accepted: ${reasonText(request.closedReason)}.`,
    link: '/freight',
    dedupeKey: `booking-reviewed:${request.id}`,
  });
}
