import { create } from 'zustand';
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
import { apiRequest, isSessionLost } from '../lib/api';
import { onReconnect, onSocketEvent } from '../lib/socket';

type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';
const PAGE_SIZE = 50;

/** The Broker Hub: stats, the broker's loads, rate negotiations and shipper relationships (calls 25-28). */
interface BrokerState {
  stats: BrokerStatsDto | null;
  loads: FreightListingDto[];
  loadsTotal: number;
  negotiations: NegotiationDto[];
  shippers: BrokerShipperDto[];
  /** Invitations the shippers have not accepted yet: only the email typed, and 'pending'. */
  invitations: BrokerInvitationDto[];
  status: LoadStatus;
  loadAll: () => Promise<void>;
  postLoad: (input: PostLoadInput) => Promise<void>;
  editLoad: (id: string, input: UpdateLoadInput) => Promise<void>;
  removeLoad: (id: string) => Promise<void>;
  /** Accept names `version`, the offer's version on screen (a revised offer is refused with 409, not taken unseen). */
  respond: (
    id: string,
    action: 'accept' | 'reject' | 'counter',
    opts?: { counterRate?: number; version?: number },
  ) => Promise<string>;
  addShipper: (input: AddShipperInput) => Promise<void>;
}

function reportFailure(err: unknown, what: string) {
  if (!isSessionLost(err)) console.error(`${what} failed`, err);
}

export const useBrokerStore = create<BrokerState>((set, get) => ({
  stats: null,
  loads: [],
  loadsTotal: 0,
  negotiations: [],
  shippers: [],
  invitations: [],
  status: 'idle',

  loadAll: async () => {
    if (get().status === 'idle') set({ status: 'loading' });
    try {
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
      set({
        stats,
        loads: loads.items,
        loadsTotal: loads.total,
        negotiations: negotiations.items,
        shippers: shippers.items,
        invitations: invitations.items,
        status: 'loaded',
      });
    } catch (err) {
      set({ status: 'failed' });
      reportFailure(err, 'Loading the Broker Hub');
    }
  },

  postLoad: async (input) => {
    await apiRequest<FreightListingDto>('POST', '/api/freight', input);
    await get().loadAll();
  },
  editLoad: async (id, input) => {
    await apiRequest<FreightListingDto>('PATCH', `/api/freight/${id}`, input);
    await get().loadAll();
  },
  removeLoad: async (id) => {
    await apiRequest<FreightListingDto>('POST', `/api/freight/${id}/cancel`);
    await get().loadAll();
  },
  respond: async (id, action, opts = {}) => {
    const body =
      action === 'counter'
        ? { counterRate: opts.counterRate }
        : action === 'accept'
          ? { version: opts.version }
          : undefined;
    try {
      return (await apiRequest<{ message: string }>('POST', `/api/negotiations/${id}/${action}`, body))
        .message;
    } finally {
      await get().loadAll(); // after a refusal too: the offer as it is now
    }
  },
  addShipper: async (input) => {
    await apiRequest<BrokerInvitationDto>('POST', '/api/broker/shippers', input);
    await get().loadAll();
  },
}));

const refresh = () => {
  if (useBrokerStore.getState().status !== 'idle') void useBrokerStore.getState().loadAll();
};
onSocketEvent('negotiation:created', refresh);
onSocketEvent('negotiation:updated', refresh);
onSocketEvent('booking:reviewed', refresh);
// A shipper accepting an invitation is told to the broker as a notification linking to the hub.
onSocketEvent('notification:new', ({ notification }) => {
  if (notification.link === '/broker') refresh();
});
onReconnect(refresh);
