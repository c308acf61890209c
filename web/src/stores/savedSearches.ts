import { savedSearchFiltersOf, type LoadBoardFilters, type Page, type SavedSearchDto } from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createListStore } from '../lib/resourceStore';

/** Saved load board searches with alerts (a matching new load sends a notification). */
export const useSavedSearchesStore = createListStore<
  SavedSearchDto,
  {
    save: (name: string, filters: LoadBoardFilters) => Promise<void>;
    setAlerts: (id: string, alertsEnabled: boolean) => Promise<void>;
    deleteSearch: (id: string) => Promise<void>;
  }
>({
  name: 'saved searches',
  fetch: () => apiRequest<Page<SavedSearchDto>>('GET', '/api/saved-searches?pageSize=50'),
  extend: (_set, get) => ({
    save: async (name, filters) => {
      await apiRequest<SavedSearchDto>('POST', '/api/saved-searches', {
        name,
        filters: savedSearchFiltersOf(filters),
      });
      await get().load();
    },
    setAlerts: async (id, alertsEnabled) => {
      await apiRequest<SavedSearchDto>('PATCH', `/api/saved-searches/${id}`, { alertsEnabled });
      await get().load();
    },
    deleteSearch: async (id) => {
      await apiRequest<unknown>('DELETE', `/api/saved-searches/${id}`);
      await get().load();
    },
  }),
});
