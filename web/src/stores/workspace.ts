import type { BookingRequestDto, FreightListingDto, Page } from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createListStore, createPagedListStore } from '../lib/resourceStore';

export const WORKSPACE_PAGE_SIZE = 20;

/** A carrier's booking requests in every state (pending, approved, rejected), newest first: My Loads' Requested. */
export const useMyRequestsStore = createListStore<BookingRequestDto>({
  name: 'your booking requests',
  entities: { items: 'bookingRequest' },
  fetch: () =>
    apiRequest<Page<BookingRequestDto>>('GET', '/api/booking-requests/mine?status=all&pageSize=50'),
});

/** The loads a shipper or broker posted, every status: their My Loads. */
export const useMyListingsStore = createPagedListStore<FreightListingDto>({
  name: 'your loads',
  entities: { items: 'load' },
  pageSize: WORKSPACE_PAGE_SIZE,
  fetchPage: (page, pageSize) =>
    apiRequest<Page<FreightListingDto>>('GET', `/api/freight/my-listings?page=${page}&pageSize=${pageSize}`),
});
