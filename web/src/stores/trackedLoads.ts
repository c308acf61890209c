import type { Page, TrackedLoadDto } from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createPagedListStore } from '../lib/resourceStore';

/** The loads the user takes part in (/tracking), grown page by page, live from socketRoutes. */
export const useTrackedLoadsStore = createPagedListStore<TrackedLoadDto>({
  name: 'tracked loads',
  entities: { items: 'trackedLoad' },
  pageSize: 20,
  fetchPage: (page, pageSize) =>
    apiRequest<Page<TrackedLoadDto>>('GET', `/api/tracking/loads?page=${page}&pageSize=${pageSize}`),
});
