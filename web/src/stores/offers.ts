import type { NegotiationDto, Page } from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createListStore } from '../lib/resourceStore';

/** The carrier's rate offers (to see and answer counter offers), live from negotiation events (socketRoutes). */
export const useOffersStore = createListStore<
  NegotiationDto,
  {
    /** `version`: the offer's version on screen (an accept of a changed counter is refused with 409). */
    answerCounter: (id: string, accept: boolean, version: number) => Promise<string>;
    /** Counter the broker's counter (issue 39), naming the version on screen, with an optional message. */
    counter: (offer: NegotiationDto, counterRate: number, message: string) => Promise<string>;
  }
>({
  name: 'offers',
  entities: { items: 'negotiation' },
  fetch: () => apiRequest<Page<NegotiationDto>>('GET', '/api/negotiations/mine?pageSize=50'),
  extend: (_set, get) => ({
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
    counter: async (offer, counterRate, message) => {
      try {
        const res = await apiRequest<{ message: string }>('POST', `/api/negotiations/${offer.id}/counter`, {
          counterRate,
          message,
          version: offer.version,
        });
        return res.message;
      } finally {
        await get().load();
      }
    },
  }),
});
