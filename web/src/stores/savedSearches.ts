import { create } from 'zustand';
import { filtersToQuery, type LoadBoardFilters, type Page, type SavedSearchDto } from '@freight/shared';
import { apiRequest, handleUnauthorized, isUnauthorizedError } from '../lib/api';

/** Saved load board searches with alerts (a matching new load sends a notification). */
interface SavedSearchesState {
  items: SavedSearchDto[];
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  load: () => Promise<void>;
  save: (name: string, filters: LoadBoardFilters) => Promise<void>;
  setAlerts: (id: string, alertsEnabled: boolean) => Promise<void>;
  remove: (id: string) => Promise<void>;
}

export const useSavedSearchesStore = create<SavedSearchesState>((set, get) => ({
  items: [],
  status: 'idle',
  load: async () => {
    try {
      const page = await apiRequest<Page<SavedSearchDto>>('GET', '/api/saved-searches?pageSize=50');
      set({ items: page.items, status: 'loaded' });
    } catch (err) {
      set({ status: 'failed' });
      if (isUnauthorizedError(err)) handleUnauthorized();
      else console.error('Loading saved searches failed', err);
    }
  },
  save: async (name, filters) => {
    await apiRequest<SavedSearchDto>('POST', '/api/saved-searches', {
      name,
      filters: filtersToQuery(filters),
    });
    await get().load();
  },
  setAlerts: async (id, alertsEnabled) => {
    await apiRequest<SavedSearchDto>('PATCH', `/api/saved-searches/${id}`, { alertsEnabled });
    await get().load();
  },
  remove: async (id) => {
    await apiRequest<unknown>('DELETE', `/api/saved-searches/${id}`);
    await get().load();
  },
}));
