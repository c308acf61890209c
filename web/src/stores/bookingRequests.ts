import type { BookingRequestDto, FreightListingDto, Page } from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createListStore } from '../lib/resourceStore';
import { applyServerEvent } from '../lib/serverEvents';
import { isSocketConnected } from '../lib/socket';

/** POST /api/booking-requests/:id/review answers what the `booking:reviewed` event carries, with a message. */
export interface ReviewAnswer {
  message: string;
  request?: BookingRequestDto;
  listing?: FreightListingDto | null;
}

const PAGE_SIZE = 50;

/** The dashboard's Carrier Booking Requests card: pending requests on the user's loads, live (socketRoutes). */
export const useBookingRequestsStore = createListStore<
  BookingRequestDto,
  {
    /** Approve or reject; resolves with the server's message (SPEC §7 call 7). */
    review: (id: string, status: 'approved' | 'rejected') => Promise<string>;
  }
>({
  name: 'booking requests',
  entities: { items: 'bookingRequest' },
  fetch: () =>
    apiRequest<Page<BookingRequestDto>>('GET', `/api/booking-requests?status=pending&pageSize=${PAGE_SIZE}`),
  extend: (_set, get) => ({
    review: async (id, status) => {
      const res = await apiRequest<ReviewAnswer>('POST', `/api/booking-requests/${id}/review`, { status });
      // The answer is the event's fact: the same route applies it (the event, when it comes, changes nothing).
      if (res.request)
        applyServerEvent('booking:reviewed', { request: res.request, listing: res.listing ?? null });
      // Without a socket, the requests the approval closed come by no event: the list is read again.
      if (!res.request || !isSocketConnected()) await get().load();
      return res.message;
    },
  }),
});

/** The viewer's own pending booking requests: the board and the air marketplace mark those loads 'Requested' (live). */
export const useMyBookingRequestsStore = createListStore<
  BookingRequestDto,
  {
    /** POST /api/freight/:id/book (SPEC §7 call 10; no body from the air page); resolves with the server's message. */
    request: (freightId: string, message?: string) => Promise<string>;
  }
>({
  name: 'your booking requests',
  entities: { items: 'bookingRequest' },
  fetch: () =>
    apiRequest<Page<BookingRequestDto>>(
      'GET',
      `/api/booking-requests/mine?status=pending&pageSize=${PAGE_SIZE}`,
    ),
  extend: (_set, get) => ({
    request: async (freightId, message) => {
      try {
        const res = await apiRequest<{ message: string; request: BookingRequestDto }>(
          'POST',
          `/api/freight/${freightId}/book`,
          message === undefined ? undefined : { message },
        );
        return res.message;
      } finally {
        await get().load(); // after a refusal too: a request sent earlier (409) shows as well
      }
    },
  }),
});
