import type { FreightListingDto, FreightPage, PostLoadInput } from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createPagedListStore } from '../lib/resourceStore';
import { emitWithAck, useSocketStore } from '../lib/socket';
import { withActionsOf } from './boardPush';
import { AIR, EMPTY_AIR_FILTERS, airFilterParams, airMarketplaceShows, type AirFilters } from './airFilters';

export const AIR_PAGE_SIZE = 12;

/** A marketplace page plus the count of air shipments with no filter. */
interface AirPage extends FreightPage {
  marketTotal: number;
}

/** Tells the server the applied filters, so it pushes only what the marketplace shows (and removals). */
function sendFilters(filters: AirFilters) {
  void emitWithAck('loadboard:filters', { board: 'air', filters: airFilterParams(filters) });
}

/** The air cargo marketplace, page by page (numbered) under the applied filters; live through socketRoutes. */
export const useAirFreightStore = createPagedListStore<
  FreightListingDto,
  AirPage,
  {
    /** Air shipments on the marketplace with no filter (the Y of 'Showing X of Y'). */
    marketTotal: number;
    filters: AirFilters;
    /** The filters of the list on screen (the inputs change `filters`; Search applies them). */
    applied: AirFilters;
    /** True while the page is open: live events apply. */
    live: boolean;
    setFilter: (key: keyof AirFilters, value: string) => void;
    search: () => Promise<void>;
    clearFilters: () => Promise<void>;
    post: (input: PostLoadInput) => Promise<FreightListingDto>;
    /** Sends the filters for live pushes and loads page 1; returns the leave function. */
    open: () => () => void;
    receive: (listing: FreightListingDto, kind: 'posted' | 'updated') => void;
    receiveRemoved: (id: string) => void;
  }
>({
  name: 'air cargo shipments',
  entities: { items: 'load' },
  pageSize: AIR_PAGE_SIZE,
  fetchPage: async (page, pageSize): Promise<AirPage> => {
    const applied: AirFilters = useAirFreightStore.getState().applied;
    const filterParams = airFilterParams(applied);
    const query = new URLSearchParams({ ...filterParams, page: String(page), pageSize: String(pageSize) });
    const unfiltered = airFilterParams(EMPTY_AIR_FILTERS);
    const filtered = Object.keys(filterParams).length > Object.keys(unfiltered).length;
    const [result, all] = await Promise.all([
      apiRequest<FreightPage>('GET', `/api/freight?${query.toString()}`),
      filtered
        ? apiRequest<FreightPage>(
            'GET',
            `/api/freight?${new URLSearchParams({ ...unfiltered, pageSize: '1' }).toString()}`,
          )
        : null,
    ]);
    return { ...result, marketTotal: all ? all.total : result.total };
  },
  fromPage: (answer) => ({ marketTotal: answer.marketTotal }),
  extend: (set, get) => ({
    marketTotal: 0,
    filters: EMPTY_AIR_FILTERS,
    applied: EMPTY_AIR_FILTERS,
    live: false,

    setFilter: (key, value) => set((s) => ({ filters: { ...s.filters, [key]: value } })),

    search: async () => {
      set((s) => ({ applied: s.filters }));
      if (get().live) sendFilters(get().applied);
      await get().load();
    },

    clearFilters: async () => {
      set({ filters: EMPTY_AIR_FILTERS, applied: EMPTY_AIR_FILTERS });
      if (get().live) sendFilters(EMPTY_AIR_FILTERS);
      await get().load();
    },

    post: async (input) => {
      const listing = await apiRequest<FreightListingDto>('POST', '/api/freight', {
        ...input,
        equipmentType: AIR,
      });
      await get().load();
      return listing;
    },

    open: () => {
      set({ live: true });
      sendFilters(get().applied);
      // Also on every (re)connect while open: the server forgets a socket's filters when it closes.
      const unsubscribe = useSocketStore.subscribe((state, prev) => {
        if (state.connected && !prev.connected) sendFilters(get().applied);
      });
      void get().load();
      return () => {
        unsubscribe();
        set({ live: false });
        void emitWithAck('loadboard:leave', { board: 'air' });
      };
    },

    receive: (listing, kind) => {
      if (!get().live || listing.equipmentType !== AIR) return;
      const belongs = airMarketplaceShows(get().applied, listing);
      const shown = get().items.find((l) => l.id === listing.id);
      if (shown && belongs) get().upsert(withActionsOf(shown, listing));
      // The server applies the order and the paging: read the page again.
      else if (shown || (belongs && kind === 'posted')) void get().refetch();
    },

    receiveRemoved: (id) => {
      if (get().live && get().items.some((l) => l.id === id)) void get().refetch();
    },
  }),
});
