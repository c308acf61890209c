import type { BookingRequestDto } from '@freight/shared';
import { registerProjector } from '../../../events/projectors';
import { publish } from '../../../realtime/publish';
import { notify } from '../../notifications/service';
import { partyRooms } from '../../companies/rooms';

/** Who runs the load a request is on: its shipper, and its broker if it has one. */
const runners = (request: BookingRequestDto, brokerId: string | undefined) => [
  ...new Set([request.shipperId, ...(brokerId ? [brokerId] : [])]),
];

/** The reason as a clause ("withdrawn by the poster"), or the general one. */
const reasonText = (reason: string | null) =>
  reason ? reason.charAt(0).toLowerCase() + reason.slice(1) : 'the load is no longer available';

/**
 * Booking requests, live and notified: a new request reaches whoever runs the load; a review reaches the carrier and
 * them (a rejection is notified here; an approval's notification is the booking's, see freight/projectors.ts); a
 * request closed because its load stopped being available tells its carrier why.
 */
export const bookingRequestsProjector = registerProjector({
  name: 'booking-requests',
  applicableEvents: ['booking.requested', 'booking.reviewed', 'booking.closed'],
  async handle(event) {
    if (event.name === 'booking.requested') {
      const { request, load } = event.data;
      const to = runners(request, event.subjects.brokerId);
      publish('booking:requested', await partyRooms(to), { request });
      const carrier = request.carrierCompany || request.carrierName || 'A carrier';
      for (const userId of to) {
        await notify({
          userId,
          kind: 'booking_requested',
          title: 'New booking request',
          body: `${carrier} wants to book ${load.title}.`,
          link: `/loads/${load.id}`,
          dedupeKey: `${event.id}-${userId}`,
          // One carrier's requests to one recipient fold into one notification (issue 25).
          coalesce: {
            key: `booking-requested:${request.carrierId}`,
            title: '{count} new booking requests',
            body: `${carrier} wants to book {count} of your loads, latest ${load.title}.`,
          },
        });
      }
    } else if (event.name === 'booking.reviewed') {
      const { request, load: listing } = event.data;
      const to = [request.carrierId, ...runners(request, event.subjects.brokerId)];
      publish('booking:reviewed', await partyRooms(to), { request, listing });
      if (request.status === 'approved') return;
      await notify({
        userId: request.carrierId,
        kind: 'booking_reviewed',
        title: 'Booking request rejected',
        body: `Your request to book ${request.freightTitle ?? 'the load'} was not accepted.`,
        link: '/freight',
        dedupeKey: `${event.id}-${request.carrierId}`,
      });
    } else if (event.name === 'booking.closed') {
      const { request, load: listing } = event.data;
      publish('booking:reviewed', await partyRooms([request.carrierId, request.shipperId]), {
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
  },
});
