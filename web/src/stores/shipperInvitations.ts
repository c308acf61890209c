import type { Page, ShipperInvitationDto } from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createListStore } from '../lib/resourceStore';

const PAGE_SIZE = 20;

/** The shipper's pending broker invitations (dashboard card), refreshed when a notification arrives (socketRoutes). */
export const useShipperInvitationsStore = createListStore<
  ShipperInvitationDto,
  { answer: (id: string, answer: 'accept' | 'decline') => Promise<'accepted' | 'declined'> }
>({
  name: 'broker invitations',
  fetch: () =>
    apiRequest<Page<ShipperInvitationDto>>('GET', `/api/shipper/invitations?pageSize=${PAGE_SIZE}`),
  extend: (_set, get) => ({
    answer: async (id, answer) => {
      try {
        const res = await apiRequest<{ id: string; status: 'accepted' | 'declined' }>(
          'POST',
          `/api/shipper/invitations/${id}/${answer}`,
        );
        return res.status;
      } finally {
        await get().load();
      }
    },
  }),
});
