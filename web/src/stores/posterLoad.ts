import type {
  BookingRequestDto,
  FreightListingDto,
  LoadInterestDto,
  NegotiationDto,
  PostLoadInput,
  UpdateLoadInput,
} from '@freight/shared';
import { apiRequest, errorStatus } from '../lib/api';
import { createDetailStore } from '../lib/resourceStore';
import { applyServerEvent } from '../lib/serverEvents';
import { isSocketConnected } from '../lib/socket';
import type { ReviewAnswer } from './bookingRequests';
import { loadInterestShape, upsertById } from './posterLoadMerge';

interface PosterLoadActions {
  /** Loads the server hides from this user (404): the page says it was not found. */
  notFound: Record<string, true>;
  /** A request, offer or listing pushed over the socket, merged into the load it belongs to (if on screen). */
  receiveRequest: (request: BookingRequestDto) => void;
  receiveOffer: (offer: NegotiationDto) => void;
  receiveListing: (listing: FreightListingDto) => void;
  edit: (id: string, input: UpdateLoadInput) => Promise<void>;
  withdraw: (id: string) => Promise<void>;
  /** Posts a new load (Copy); resolves with it. */
  post: (input: PostLoadInput) => Promise<FreightListingDto>;
  /** Approve or reject a booking request; resolves with the server's message. */
  review: (loadId: string, requestId: string, status: 'approved' | 'rejected') => Promise<string>;
  /**
   * Accept or counter (with an optional message) the version on screen, or reject an offer; resolves with the
   * server's message.
   */
  respond: (
    loadId: string,
    offer: NegotiationDto,
    action: 'accept' | 'reject' | 'counter',
    counterRate?: number,
    message?: string,
  ) => Promise<string>;
}

/**
 * The poster's load page (issue 23, `/loads/:id`): the load with its booking requests and offers, live from
 * socketRoutes (requests, offers and the listing itself).
 */
export const usePosterLoadStore = createDetailStore<LoadInterestDto, PosterLoadActions>({
  name: 'the load',
  entities: { detail: loadInterestShape },
  fetch: async (id) => {
    try {
      return await apiRequest<LoadInterestDto>('GET', `/api/freight/${id}/interest`);
    } catch (err) {
      if (errorStatus(err) === 404) {
        usePosterLoadStore.setState((s) => ({ notFound: { ...s.notFound, [id]: true } }));
      }
      throw err;
    }
  },
  extend: (_set, get) => {
    const merge = (id: string, change: (data: LoadInterestDto) => Partial<LoadInterestDto>) => {
      const data = get().byId[id]?.data;
      if (data) get().patch(id, change(data));
    };
    const reload = (id: string) => get().load(id);
    return {
      notFound: {},
      receiveRequest: (request) =>
        merge(request.freightListingId, (d) => ({ requests: upsertById(d.requests, request) })),
      receiveOffer: (offer) =>
        merge(offer.freightListingId, (d) => ({ offers: upsertById(d.offers, offer) })),
      receiveListing: (listing) => merge(listing.id, () => ({ listing })),
      edit: async (id, input) => {
        const listing = await apiRequest<FreightListingDto>('PATCH', `/api/freight/${id}`, input);
        get().receiveListing(listing);
      },
      withdraw: async (id) => {
        await apiRequest<FreightListingDto>('POST', `/api/freight/${id}/withdraw`);
        await reload(id); // the closed requests and offers with their reason
      },
      post: (input) => apiRequest<FreightListingDto>('POST', '/api/freight', input),
      review: async (loadId, requestId, status) => {
        let res: ReviewAnswer;
        try {
          res = await apiRequest<ReviewAnswer>('POST', `/api/booking-requests/${requestId}/review`, {
            status,
          });
        } catch (err) {
          await reload(loadId); // the load as it is now
          throw err;
        }
        // The answer goes the event's way; the requests and offers the approval closed come by their events,
        // or, without a socket, by reading the load again.
        if (res.request)
          applyServerEvent('booking:reviewed', { request: res.request, listing: res.listing ?? null });
        if (!res.request || !isSocketConnected()) await reload(loadId);
        return res.message;
      },
      respond: async (loadId, offer, action, counterRate, message) => {
        const body =
          action === 'counter'
            ? { counterRate, message, version: offer.version }
            : action === 'accept'
              ? { version: offer.version }
              : undefined;
        try {
          const res = await apiRequest<{ message: string }>(
            'POST',
            `/api/negotiations/${offer.id}/${action}`,
            body,
          );
          return res.message;
        } finally {
          await reload(loadId);
        }
      },
    };
  },
});
