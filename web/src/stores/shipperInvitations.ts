import { create } from 'zustand';
import type { Page, ShipperInvitationDto } from '@freight/shared';
import { apiRequest, handleUnauthorized, isUnauthorizedError } from '../lib/api';
import { onReconnect, onSocketEvent } from '../lib/socket';

type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** The shipper's pending broker invitations (dashboard card), refreshed when a notification arrives. */
interface ShipperInvitationsState {
  items: ShipperInvitationDto[];
  total: number;
  status: LoadStatus;
  load: () => Promise<void>;
  answer: (id: string, answer: 'accept' | 'decline') => Promise<'accepted' | 'declined'>;
}

const PAGE_SIZE = 20;

export const useShipperInvitationsStore = create<ShipperInvitationsState>((set, get) => ({
  items: [],
  total: 0,
  status: 'idle',

  load: async () => {
    if (get().status === 'idle') set({ status: 'loading' });
    try {
      const page = await apiRequest<Page<ShipperInvitationDto>>(
        'GET',
        `/api/shipper/invitations?pageSize=${PAGE_SIZE}`,
      );
      set({ items: page.items, total: page.total, status: 'loaded' });
    } catch (err) {
      set({ status: 'failed' });
      if (isUnauthorizedError(err)) handleUnauthorized();
      else console.error('Loading broker invitations failed', err);
    }
  },

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
}));

const refresh = () => {
  if (useShipperInvitationsStore.getState().status !== 'idle')
    void useShipperInvitationsStore.getState().load();
};
onSocketEvent('notification:new', refresh);
onReconnect(refresh);
