import { create } from 'zustand';
import type { FreightListingDto, FreightPage, PostLoadInput } from '@freight/shared';
import { apiRequest } from '../lib/api';
import { emitWithAck, onReconnect, onSocketEvent } from '../lib/socket';

/** The air marketplace's filter inputs (SPEC §2, §5 Air filters), sent to GET /api/freight as query parameters. */
export interface AirFilters {
  originCity: string;
  originCountry: string;
  destinationCity: string;
  destinationCountry: string;
  cargoType: string;
  weightClass: string;
  minRate: string;
  maxRate: string;
  pickupDateStart: string;
  pickupDateEnd: string;
}

export const EMPTY_AIR_FILTERS: AirFilters = {
  originCity: '',
  originCountry: '',
  destinationCity: '',
  destinationCountry: '',
  cargoType: '',
  weightClass: '',
  minRate: '',
  maxRate: '',
  pickupDateStart: '',
  pickupDateEnd: '',
};

export const AIR_PAGE_SIZE = 12;
const AIR = 'air_cargo';

type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

interface AirFreightState {
  filters: AirFilters;
  /** The filters of the list on screen (the inputs change `filters`; Search applies them). */
  applied: AirFilters;
  items: FreightListingDto[];
  page: number;
  total: number;
  status: LoadStatus;
  error: string | null;
  /** True while the page is open: live events apply and a reconnect refetches. */
  live: boolean;
  setFilter: (key: keyof AirFilters, value: string) => void;
  search: () => Promise<void>;
  clearFilters: () => Promise<void>;
  load: (page?: number) => Promise<void>;
  /** Call 10 with an empty body (the air page). */
  book: (id: string) => Promise<void>;
  post: (input: PostLoadInput) => Promise<FreightListingDto>;
  /** Joins the `loadboard` room and loads page 1; returns the leave function. */
  open: () => () => void;
  receive: (listing: FreightListingDto, kind: 'posted' | 'updated') => void;
}

function queryOf(filters: AirFilters, page: number): string {
  const params = new URLSearchParams({
    equipmentType: AIR,
    page: String(page),
    pageSize: String(AIR_PAGE_SIZE),
  });
  for (const [key, value] of Object.entries(filters)) if (value.trim()) params.set(key, value.trim());
  return params.toString();
}

export const useAirFreightStore = create<AirFreightState>((set, get) => ({
  filters: EMPTY_AIR_FILTERS,
  applied: EMPTY_AIR_FILTERS,
  items: [],
  page: 1,
  total: 0,
  status: 'idle',
  error: null,
  live: false,

  setFilter: (key, value) => set((s) => ({ filters: { ...s.filters, [key]: value } })),

  search: async () => {
    set((s) => ({ applied: s.filters }));
    await get().load(1);
  },

  clearFilters: async () => {
    set({ filters: EMPTY_AIR_FILTERS, applied: EMPTY_AIR_FILTERS });
    await get().load(1);
  },

  load: async (page = get().page) => {
    set({ status: 'loading', error: null });
    try {
      const result = await apiRequest<FreightPage>('GET', `/api/freight?${queryOf(get().applied, page)}`);
      set({ items: result.items, page: result.page, total: result.total, status: 'loaded' });
    } catch (err) {
      set({ status: 'failed', error: err instanceof Error ? err.message : String(err) });
    }
  },

  book: async (id) => {
    await apiRequest<unknown>('POST', `/api/freight/${id}/book`);
    await get().load();
  },

  post: async (input) => {
    const listing = await apiRequest<FreightListingDto>('POST', '/api/freight', {
      ...input,
      equipmentType: AIR,
    });
    await get().load(1);
    return listing;
  },

  open: () => {
    set({ live: true });
    void emitWithAck('loadboard:join', {});
    void get().load(1);
    return () => {
      set({ live: false });
      void emitWithAck('loadboard:leave', {});
    };
  },

  receive: (listing, kind) => {
    if (!get().live || listing.equipmentType !== AIR) return;
    const known = get().items.some((l) => l.id === listing.id);
    if (known) {
      set((s) => ({ items: s.items.map((l) => (l.id === listing.id ? listing : l)) }));
    } else if (kind === 'posted') {
      // The server applies the filters and the order: read the page again.
      void get().load();
    }
  },
}));

onSocketEvent('freight:posted', ({ listing }) => useAirFreightStore.getState().receive(listing, 'posted'));
onSocketEvent('freight:updated', ({ listing }) => useAirFreightStore.getState().receive(listing, 'updated'));
onReconnect(() => {
  const state = useAirFreightStore.getState();
  if (!state.live) return;
  void emitWithAck('loadboard:join', {});
  void state.load();
});
