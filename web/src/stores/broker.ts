import type {
  AddShipperInput,
  BrokerInvitationDto,
  BrokerShipperDto,
  BrokerStatsDto,
  FreightListingDto,
  FreightPage,
  NegotiationDto,
  Page,
  PostLoadInput,
  UpdateLoadInput,
} from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createListStore } from '../lib/resourceStore';

const PAGE_SIZE = 50;

/** Everything the hub shows, read at once; the loads are the store's items. */
interface BrokerHub {
  stats: BrokerStatsDto | null;
  negotiations: NegotiationDto[];
  shippers: BrokerShipperDto[];
  /** Invitations the shippers have not accepted yet: only the email typed, and 'pending'. */
  invitations: BrokerInvitationDto[];
}

interface BrokerActions {
  postLoad: (input: PostLoadInput) => Promise<void>;
  editLoad: (id: string, input: UpdateLoadInput) => Promise<void>;
  removeLoad: (id: string) => Promise<void>;
  /** Accept names `version`, the offer's version on screen (a revised offer is refused with 409, not taken unseen). */
  respond: (
    id: string,
    action: 'accept' | 'reject' | 'counter',
    opts?: { counterRate?: number; message?: string; version?: number },
  ) => Promise<string>;
  addShipper: (input: AddShipperInput) => Promise<void>;
}

async function fetchHub(): Promise<FreightPage & BrokerHub> {
  const [stats, loads, negotiations, shippers, invitations] = await Promise.all([
    apiRequest<BrokerStatsDto>('GET', '/api/broker/stats'),
    apiRequest<FreightPage>('GET', `/api/broker/freight?pageSize=${PAGE_SIZE}`),
    apiRequest<Page<NegotiationDto>>('GET', `/api/broker/negotiations?pageSize=${PAGE_SIZE}`, undefined, {
      expectsSession: false,
    }).catch((err) => {
      // SPEC §8: a negotiations fetch that is unauthorised is only logged.
      console.error('Loading negotiations failed', err);
      return { items: [], total: 0, page: 1, pageSize: PAGE_SIZE } as Page<NegotiationDto>;
    }),
    apiRequest<Page<BrokerShipperDto>>('GET', `/api/broker/shippers?pageSize=${PAGE_SIZE}`),
    apiRequest<Page<BrokerInvitationDto>>('GET', `/api/broker/invitations?pageSize=${PAGE_SIZE}`),
  ]);
  return {
    ...loads,
    stats,
    negotiations: negotiations.items,
    shippers: shippers.items,
    invitations: invitations.items,
  };
}

/** The Broker Hub (calls 25-28): the broker's loads with stats, rate negotiations and shipper relationships. */
export const useBrokerStore = createListStore<
  FreightListingDto,
  BrokerHub & BrokerActions,
  FreightPage & BrokerHub
>({
  name: 'the Broker Hub',
  entities: { items: 'load', fields: { negotiations: 'negotiation' } },
  fetch: fetchHub,
  fromAnswer: ({ stats, negotiations, shippers, invitations }) => ({
    stats,
    negotiations,
    shippers,
    invitations,
  }),
  extend: (_set, get) => ({
    stats: null,
    negotiations: [],
    shippers: [],
    invitations: [],
    postLoad: async (input) => {
      await apiRequest<FreightListingDto>('POST', '/api/freight', input);
      await get().load();
    },
    editLoad: async (id, input) => {
      await apiRequest<FreightListingDto>('PATCH', `/api/freight/${id}`, input);
      await get().load();
    },
    removeLoad: async (id) => {
      await apiRequest<FreightListingDto>('POST', `/api/freight/${id}/cancel`);
      await get().load();
    },
    respond: async (id, action, opts = {}) => {
      const body =
        action === 'counter'
          ? { counterRate: opts.counterRate, message: opts.message, version: opts.version }
          : action === 'accept'
            ? { version: opts.version }
            : undefined;
      try {
        return (await apiRequest<{ message: string }>('POST', `/api/negotiations/${id}/${action}`, body))
          .message;
      } finally {
        await get().load(); // after a refusal too: the offer as it is now
      }
    },
    addShipper: async (input) => {
      await apiRequest<BrokerInvitationDto>('POST', '/api/broker/shippers', input);
      await get().load();
    },
  }),
});
