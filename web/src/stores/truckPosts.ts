import type {
  FreightListingDto,
  FreightPage,
  NegotiationDto,
  OfferLoadToTruckInput,
  TruckPostDto,
  TruckPostInput,
  TruckPostPage,
} from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createListStore, createPagedListStore } from '../lib/resourceStore';

const PAGE_SIZE = 20;
/** The board's search as query parameters (without page and size). */
let boardQuery = '';

/**
 * The Trucks board (brokers and shippers): one page of posted trucks for the search on screen. A post made, changed,
 * withdrawn or expired reaches it live (socketRoutes): a new or changed one reads the page again (the server decides
 * what the search shows), a removed one leaves it at once.
 */
export const useTruckBoardStore = createPagedListStore<
  TruckPostDto,
  TruckPostPage,
  {
    query: string;
    /** Searches with these parameters (URLSearchParams text) from page 1. */
    search: (query: string) => Promise<void>;
    offerLoad: (postId: string, input: OfferLoadToTruckInput) => Promise<NegotiationDto>;
  }
>({
  name: 'trucks board',
  entities: { items: 'truckPost' },
  pageSize: PAGE_SIZE,
  fetchPage: (page, pageSize) =>
    apiRequest<TruckPostPage>(
      'GET',
      `/api/truck-posts?${boardQuery ? `${boardQuery}&` : ''}page=${page}&pageSize=${pageSize}`,
    ),
  extend: (set, get) => ({
    query: '',
    search: async (query) => {
      boardQuery = query;
      set({ query });
      await get().goToPage(1);
    },
    offerLoad: async (postId, input) => {
      const res = await apiRequest<{ negotiation: NegotiationDto }>(
        'POST',
        `/api/truck-posts/${postId}/offers`,
        input,
      );
      return res.negotiation;
    },
  }),
});

/** The carrier company's posts (My Truck Posts), newest first, with post, edit and withdraw. */
export const useMyTruckPostsStore = createPagedListStore<
  TruckPostDto,
  TruckPostPage,
  {
    post: (input: TruckPostInput) => Promise<TruckPostDto>;
    edit: (id: string, input: Partial<TruckPostInput>) => Promise<TruckPostDto>;
    withdraw: (id: string) => Promise<TruckPostDto>;
  }
>({
  name: 'my truck posts',
  entities: { items: 'truckPost' },
  pageSize: PAGE_SIZE,
  fetchPage: (page, pageSize) =>
    apiRequest<TruckPostPage>('GET', `/api/truck-posts/mine?page=${page}&pageSize=${pageSize}`),
  extend: (_set, get) => ({
    post: async (input) => {
      const post = await apiRequest<TruckPostDto>('POST', '/api/truck-posts', input);
      await get().goToPage(1);
      return post;
    },
    edit: async (id, input) => {
      const post = await apiRequest<TruckPostDto>('PATCH', `/api/truck-posts/${id}`, input);
      get().upsert(post);
      return post;
    },
    withdraw: async (id) => {
      const post = await apiRequest<TruckPostDto>('POST', `/api/truck-posts/${id}/withdraw`);
      get().upsert(post);
      return post;
    },
  }),
});

/** The viewer's open road loads, to offer one to a posted truck (read when the offer dialog opens). */
export const useOfferableLoadsStore = createListStore<FreightListingDto>({
  name: 'offerable loads',
  entities: { items: 'load' },
  fetch: async () => {
    const page = await apiRequest<FreightPage>('GET', '/api/freight/my-listings?pageSize=100');
    const items = page.items.filter((l) => l.status === 'available' && l.equipmentType !== 'air_cargo');
    return { items, total: items.length };
  },
});
