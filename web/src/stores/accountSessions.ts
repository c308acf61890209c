import type { SessionDto } from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createListStore } from '../lib/resourceStore';

/** The signed-in user's sessions (issue 27): device, where from, last seen; ending one ends its sockets. */
export const useAccountSessionsStore = createListStore<SessionDto, { end: (id: string) => Promise<void> }>({
  name: 'your sessions',
  fetch: () => apiRequest<{ items: SessionDto[] }>('GET', '/api/auth/sessions'),
  extend: (_set, get) => ({
    end: async (id) => {
      await apiRequest('DELETE', `/api/auth/sessions/${encodeURIComponent(id)}`);
      get().remove(id);
    },
  }),
});
