import { create } from 'zustand';
import {
  EMPTY_LOAD_BOARD_FILTERS,
  filtersToQuery,
  type FreightListingDto,
  type FreightPage,
  type FreightSort,
  type LoadBoardFilters,
  type PostLoadInput,
  type RateOfferInput,
} from '@freight/shared';
import { apiRequest, handleUnauthorized, isUnauthorizedError } from '../lib/api';
import { emitWithAck, onReconnect, onSocketEvent, useSocketStore } from '../lib/socket';

export const BOARD_PAGE_SIZE = 20;
type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

const hasFilters = (f: LoadBoardFilters) => Object.keys(filtersToQuery(f)).length > 0;

function toRad(d: number) {
  return (d * Math.PI) / 180;
}
function milesBetween(lat1: number, lng1: number, lat2: number, lng2: number) {
  const a =
    Math.sin(toRad(lat2 - lat1) / 2) ** 2 +
    Math.cos(toRad(lat1)) * Math.cos(toRad(lat2)) * Math.sin(toRad(lng2 - lng1) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Whether a live listing belongs on the board under the applied filters (the server's rules, SPEC §5). */
export function matchesBoardFilters(f: LoadBoardFilters, l: FreightListingDto): boolean {
  if (l.status === 'cancelled') return false;
  if (f.equipmentType ? l.equipmentType !== f.equipmentType : l.equipmentType === 'air_cargo') return false;
  const has = (v: string, part: string) => v.toLowerCase().includes(part.trim().toLowerCase());
  if (f.originCity.trim() && !has(l.originCity, f.originCity)) return false;
  if (f.destinationCity.trim() && !has(l.destinationCity, f.destinationCity)) return false;
  if (f.originState && l.originState !== f.originState) return false;
  if (f.destinationState && l.destinationState !== f.destinationState) return false;
  if (f.weightClass && l.weightClass !== f.weightClass) return false;
  if (f.minRate !== '' && (l.rate == null || l.rate < Number(f.minRate))) return false;
  if (f.maxRate !== '' && (l.rate == null || l.rate > Number(f.maxRate))) return false;
  const pickup = l.pickupDate ? l.pickupDate.slice(0, 10) : null;
  if (f.pickupDateStart && (!pickup || pickup < f.pickupDateStart)) return false;
  if (f.pickupDateEnd && (!pickup || pickup > f.pickupDateEnd)) return false;
  if (f.lat !== '' && f.lng !== '') {
    if (l.originLat == null || l.originLng == null) return false;
    if (milesBetween(Number(f.lat), Number(f.lng), l.originLat, l.originLng) > f.radius) return false;
  }
  return true;
}

interface FreightBoardState {
  /** The filter panel's inputs; `applied` is what the list shows (Search applies). */
  filters: LoadBoardFilters;
  applied: LoadBoardFilters;
  sort: FreightSort;
  items: FreightListingDto[];
  page: number;
  total: number;
  /** Loads on the board with no filter (the Y of 'Showing X of Y loads'). */
  boardTotal: number;
  status: LoadStatus;
  /** A load opened from a link (?load=id), shown above the list. */
  focused: FreightListingDto | null;
  setFilter: <K extends keyof LoadBoardFilters>(key: K, value: LoadBoardFilters[K]) => void;
  setSort: (sort: FreightSort) => void;
  search: () => Promise<void>;
  clearFilters: () => Promise<void>;
  applyFilters: (filters: LoadBoardFilters) => Promise<void>;
  goToPage: (page: number) => Promise<void>;
  load: () => Promise<void>;
  focus: (id: string | null) => Promise<void>;
  receive: (listing: FreightListingDto, posted: boolean) => void;
  requestBooking: (id: string, message: string) => Promise<string>;
  makeOffer: (id: string, offer: RateOfferInput) => Promise<void>;
  postLoad: (input: PostLoadInput) => Promise<FreightListingDto>;
}

function queryString(filters: LoadBoardFilters, extra: Record<string, string>) {
  return new URLSearchParams({ ...filtersToQuery(filters), ...extra }).toString();
}

export const useFreightStore = create<FreightBoardState>((set, get) => ({
  filters: { ...EMPTY_LOAD_BOARD_FILTERS },
  applied: { ...EMPTY_LOAD_BOARD_FILTERS },
  sort: 'newest',
  items: [],
  page: 1,
  total: 0,
  boardTotal: 0,
  status: 'idle',
  focused: null,

  setFilter: (key, value) => set((s) => ({ filters: { ...s.filters, [key]: value } })),
  setSort: (sort) => {
    set({ sort, page: 1 });
    void get().load();
  },
  search: async () => {
    set((s) => ({ applied: { ...s.filters }, page: 1 }));
    await get().load();
  },
  clearFilters: async () => {
    set({ filters: { ...EMPTY_LOAD_BOARD_FILTERS }, applied: { ...EMPTY_LOAD_BOARD_FILTERS }, page: 1 });
    await get().load();
  },
  applyFilters: async (filters) => {
    set({ filters: { ...filters }, applied: { ...filters }, page: 1 });
    await get().load();
  },
  goToPage: async (page) => {
    set({ page });
    await get().load();
  },

  load: async () => {
    const { applied, page, sort } = get();
    set({ status: 'loading' });
    try {
      const extra = { page: String(page), pageSize: String(BOARD_PAGE_SIZE), sort };
      const [result, all] = await Promise.all([
        apiRequest<FreightPage>('GET', `/api/freight?${queryString(applied, extra)}`),
        hasFilters(applied) ? apiRequest<FreightPage>('GET', '/api/freight?pageSize=1') : null,
      ]);
      set({
        items: result.items,
        total: result.total,
        boardTotal: all ? all.total : result.total,
        status: 'loaded',
      });
    } catch (err) {
      set({ status: 'failed' });
      if (isUnauthorizedError(err)) handleUnauthorized();
      else console.error('Loading the load board failed', err);
    }
  },

  focus: async (id) => {
    if (!id) {
      set({ focused: null });
      return;
    }
    try {
      set({ focused: await apiRequest<FreightListingDto>('GET', `/api/freight/${id}`) });
    } catch (err) {
      console.error('Loading the linked load failed', err);
      set({ focused: null });
    }
  },

  receive: (listing, posted) => {
    set((s) => {
      const focused = s.focused?.id === listing.id ? listing : s.focused;
      const index = s.items.findIndex((l) => l.id === listing.id);
      if (index >= 0) {
        const items = [...s.items];
        items[index] = listing;
        return { items, focused };
      }
      if (!posted || listing.equipmentType === 'air_cargo') return { focused };
      const boardTotal = s.boardTotal + 1;
      if (!matchesBoardFilters(s.applied, listing)) return { boardTotal, focused };
      // Newest first: a new load leads page 1 (sorted by rate per mile, the next load fetch places it).
      const onTop = s.page === 1 && s.sort === 'newest';
      return {
        items: onTop ? [listing, ...s.items].slice(0, BOARD_PAGE_SIZE) : s.items,
        total: s.total + 1,
        boardTotal,
        focused,
      };
    });
  },

  requestBooking: async (id, message) => {
    const res = await apiRequest<{ message: string }>('POST', `/api/freight/${id}/book`, { message });
    void get().load();
    return res.message;
  },
  makeOffer: async (id, offer) => {
    await apiRequest<unknown>('POST', `/api/freight/${id}/negotiate`, offer);
  },
  postLoad: async (input) => {
    const listing = await apiRequest<FreightListingDto>('POST', '/api/freight', input);
    get().receive(listing, true);
    return listing;
  },
}));

onSocketEvent('freight:posted', ({ listing }) => useFreightStore.getState().receive(listing, true));
onSocketEvent('freight:updated', ({ listing }) => useFreightStore.getState().receive(listing, false));
onSocketEvent('booking:reviewed', ({ listing }) => {
  if (listing) useFreightStore.getState().receive(listing, false);
});
onSocketEvent('negotiation:updated', ({ listing }) => {
  if (listing) useFreightStore.getState().receive(listing, false);
});

// ----- the loadboard room: joined while a board is open (counted, so two open boards share one membership) -----
let boardsOpen = 0;
let unsubscribeStatus: (() => void) | null = null;

function join() {
  void emitWithAck('loadboard:join', {});
}

/** Call when a board mounts; the returned function leaves again. Joins on every (re)connect while open. */
export function openLoadboard(): () => void {
  boardsOpen += 1;
  if (boardsOpen === 1) {
    if (useSocketStore.getState().connected) join();
    unsubscribeStatus = useSocketStore.subscribe((state, prev) => {
      if (state.connected && !prev.connected) join();
    });
  }
  return () => {
    boardsOpen -= 1;
    if (boardsOpen === 0) {
      unsubscribeStatus?.();
      unsubscribeStatus = null;
      void emitWithAck('loadboard:leave', {});
    }
  };
}

onReconnect(() => {
  if (boardsOpen > 0 && useFreightStore.getState().status !== 'idle') void useFreightStore.getState().load();
});
