import type { UnreadCountDto } from '@freight/shared';
import { apiRequest, logFailure } from '../lib/api';
import { createListStore } from '../lib/resourceStore';

/** One load's unread chat messages for this user. */
export interface ChatUnread {
  /** The load's id. */
  id: string;
  unreadCount: number;
}

interface ChatUnreadActions {
  /** Sets a load's count (a `chat:unread` event, a chat page's count), whether or not the list was loaded. */
  setCount: (freightId: string, unreadCount: number) => void;
  /** The open chat is on screen: its count drops to 0 at once, then to the server's answer. */
  markRead: (freightId: string) => Promise<void>;
}

/** The navigation's unread chat counts per load (GET /api/tracking/unread), live from socketRoutes. */
export const useChatUnreadStore = createListStore<ChatUnread, ChatUnreadActions>({
  name: 'unread chat counts',
  fetch: async () => {
    const answer = await apiRequest<{ items: UnreadCountDto[] }>('GET', '/api/tracking/unread');
    return { items: answer.items.map((i) => ({ id: i.freightId, unreadCount: i.unreadCount })) };
  },
  extend: (set, get) => ({
    setCount: (freightId, unreadCount) =>
      set((s) =>
        s.items.some((i) => i.id === freightId)
          ? { items: s.items.map((i) => (i.id === freightId ? { ...i, unreadCount } : i)) }
          : { items: [...s.items, { id: freightId, unreadCount }], total: s.total + 1 },
      ),
    markRead: async (freightId) => {
      get().setCount(freightId, 0);
      try {
        const result = await apiRequest<UnreadCountDto>('POST', `/api/freight/${freightId}/chat/read`, {});
        get().setCount(result.freightId, result.unreadCount);
      } catch (err) {
        logFailure('Marking the chat read', err);
      }
    },
  }),
});

/** One load's unread count (0 when unknown). */
export const selectUnreadFor =
  (freightId: string) =>
  (s: { items: ChatUnread[] }): number =>
    s.items.find((i) => i.id === freightId)?.unreadCount ?? 0;
