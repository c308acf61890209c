import type { DriverRouteDto, DriverRouteInput, Page } from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createPagedListStore } from '../lib/resourceStore';

export const ROUTES_PAGE_SIZE = 10;

/** The driver's routes, page by page (numbered); their matches live in `useRouteMatchesStore`. */
export const useDriverRoutesStore = createPagedListStore<
  DriverRouteDto,
  Page<DriverRouteDto>,
  {
    create: (input: DriverRouteInput) => Promise<void>;
    update: (id: string, input: DriverRouteInput) => Promise<void>;
    close: (id: string) => Promise<void>;
  }
>({
  name: 'routes',
  entities: { items: 'driverRoute' },
  pageSize: ROUTES_PAGE_SIZE,
  fetchPage: (page, pageSize) =>
    apiRequest<Page<DriverRouteDto>>('GET', `/api/driver-routes?page=${page}&pageSize=${pageSize}`),
  extend: (_set, get) => ({
    create: async (input) => {
      await apiRequest<DriverRouteDto>('POST', '/api/driver-routes', input);
      await get().load();
    },
    update: async (id, input) => {
      get().patch(id, await apiRequest<DriverRouteDto>('PUT', `/api/driver-routes/${id}`, input));
    },
    close: async (id) => {
      get().patch(id, await apiRequest<DriverRouteDto>('POST', `/api/driver-routes/${id}/close`));
    },
  }),
});
