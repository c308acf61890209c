import { create } from 'zustand';
import type { NegotiationDto, Page } from '@freight/shared';
import { apiRequest, handleUnauthorized, isUnauthorizedError } from '../lib/api';
import { onReconnect, onSocketEvent } from '../lib/socket';

/** The carrier's rate offers (to see and answer counter offers), live from negotiation events. */
interface OffersState {
  items: NegotiationDto[];
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  load: () => Promise<void>;
  /** `version`: the offer's version on screen (an accept of a changed counter is refused with 409). */
  answerCounter: (id: string, accept: boolean, version: number) => Promise<string>;
}

export const useOffersStore = create<OffersState>((set, get) => ({
  items: [],
  status: 'idle',
  load: async () => {
    try {
      const page = await apiRequest<Page<NegotiationDto>>('GET', '/api/negotiations/mine?pageSize=50');
      set({ items: page.items, status: 'loaded' });
    } catch (err) {
      set({ status: 'failed' });
      if (isUnauthorizedError(err)) handleUnauthorized();
      else console.error('Loading offers failed', err);
    }
  },
  answerCounter: async (id, accept, version) => {
    try {
      const res = await apiRequest<{ message: string }>(
        'POST',
        `/api/negotiations/${id}/${accept ? 'accept-counter' : 'decline-counter'}`,
        accept ? { version } : undefined,
      );
      return res.message;
    } finally {
      await get().load(); // after a refusal too: the offer as it is now
    }
  },
}));

function upsert(negotiation: NegotiationDto) {
  useOffersStore.setState((s) => {
    if (s.status === 'idle') return s;
    const others = s.items.filter((n) => n.id !== negotiation.id);
    return { items: [negotiation, ...others] };
  });
}
onSocketEvent('negotiation:created', ({ negotiation }) => upsert(negotiation));
onSocketEvent('negotiation:updated', ({ negotiation }) => upsert(negotiation));
onReconnect(() => {
  if (useOffersStore.getState().status !== 'idle') void useOffersStore.getState().load();
});
