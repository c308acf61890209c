import type { Page, SavedSearchDto } from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createListStore } from '../lib/resourceStore';

/** Saved load board searches with alerts (a matching new load sends a notification). */
export const useSavedSearchesStore = createListStore<
  SavedSearchDto,
  {
    /** `filters`: a saved search's filters (savedSearchFiltersOf of the board's, places looked up). */
    save: (name: string, filters: Record<string, string>, alertsEnabled: boolean) => Promise<SavedSearchDto>;
    setAlerts: (id: string, alertsEnabled: boolean) => Promise<void>;
    deleteSearch: (id: string) => Promise<void>;
  }
>({
  name: 'saved searches',
  fetch: () => apiRequest<Page<SavedSearchDto>>('GET', '/api/saved-searches?pageSize=50'),
  extend: (_set, get) => ({
    save: async (name, filters, alertsEnabled) => {
      const saved = await apiRequest<SavedSearchDto>('POST', '/api/saved-searches', {
        name,
        filters,
        alertsEnabled,
      });
      await get().load();
      return saved;
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
