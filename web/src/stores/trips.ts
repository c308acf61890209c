import type { Page, TripDto } from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createPagedListStore } from '../lib/resourceStore';

/** The driver's trips (/trips, issue 29), grown page by page, live from socketRoutes (trip:upsert, trip:removed). */
export const useTripsStore = createPagedListStore<TripDto>({
  name: 'your trips',
  pageSize: 20,
  fetchPage: (page, pageSize) =>
    apiRequest<Page<TripDto>>('GET', `/api/trips?page=${page}&pageSize=${pageSize}`),
});
