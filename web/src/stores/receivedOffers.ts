import type { NegotiationDto, Page } from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createListStore } from '../lib/resourceStore';

/**
 * Offers on the user's own loads (GET /api/negotiations/received): the dashboard's "Offers on your loads" card for
 * shippers (issue 23), live from negotiation events (socketRoutes).
 */
export const useReceivedOffersStore = createListStore<
  NegotiationDto,
  {
    /** Accept or counter (with a message) the version on screen, or reject; resolves with the server's message. */
    respond: (
      offer: NegotiationDto,
      action: 'accept' | 'reject' | 'counter',
      counterRate?: number,
      message?: string,
    ) => Promise<string>;
  }
>({
  name: 'offers on your loads',
  entities: { items: 'negotiation' },
  fetch: () => apiRequest<Page<NegotiationDto>>('GET', '/api/negotiations/received?pageSize=50'),
  extend: (_set, get) => ({
    respond: async (offer, action, counterRate, message) => {
      const body =
        action === 'counter'
          ? { counterRate, message, version: offer.version }
          : action === 'accept'
            ? { version: offer.version }
            : undefined;
      try {
        const res = await apiRequest<{ message: string }>(
          'POST',
          `/api/negotiations/${offer.id}/${action}`,
          body,
        );
        return res.message;
      } finally {
        await get().load(); // after a refusal too: the offer as it is now
      }
    },
  }),
});
