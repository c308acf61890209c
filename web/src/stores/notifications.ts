import { create } from 'zustand';
import { DEFAULT_PAGE_SIZE, type NotificationDto, type Page, type ServerEventPayload } from '@freight/shared';
import { apiRequest, handleUnauthorized, isUnauthorizedError } from '../lib/api';
import { onReconnect, onSocketEvent } from '../lib/socket';

/** GET /api/notifications answers one page plus the user's unread count. */
export interface NotificationPage extends Page<NotificationDto> {
  unreadCount: number;
}

type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

interface NotificationsState {
  items: NotificationDto[];
  unreadCount: number;
  /** The last page loaded (1-based); 0 before the first load. */
  page: number;
  total: number;
  status: LoadStatus;
  hasMore: () => boolean;
  /** Loads page 1 again, replacing the list (first show, reconnect). */
  loadFirstPage: () => Promise<void>;
  loadNextPage: () => Promise<void>;
  markRead: (id: string) => Promise<void>;
  markAllRead: () => Promise<void>;
  /** The `notification:new` socket event. */
  receive: (payload: ServerEventPayload<'notification:new'>) => void;
  reset: () => void;
}

const PAGE_SIZE = DEFAULT_PAGE_SIZE;

function fetchPage(page: number): Promise<NotificationPage> {
  return apiRequest<NotificationPage>('GET', `/api/notifications?page=${page}&pageSize=${PAGE_SIZE}`);
}

function mergeById(existing: NotificationDto[], incoming: NotificationDto[]): NotificationDto[] {
  const seen = new Set(existing.map((n) => n.id));
  return [...existing, ...incoming.filter((n) => !seen.has(n.id))];
}

function reportFailure(err: unknown): void {
  if (isUnauthorizedError(err)) handleUnauthorized();
  else console.error('Notifications request failed', err);
}

const initialState = {
  items: [] as NotificationDto[],
  unreadCount: 0,
  page: 0,
  total: 0,
  status: 'idle' as LoadStatus,
};

export const useNotificationsStore = create<NotificationsState>((set, get) => ({
  ...initialState,

  hasMore: () => get().items.length < get().total,

  loadFirstPage: async () => {
    set({ status: 'loading' });
    try {
      const result = await fetchPage(1);
      set({
        items: result.items,
        unreadCount: result.unreadCount,
        page: 1,
        total: result.total,
        status: 'loaded',
      });
    } catch (err) {
      set({ status: 'failed' });
      reportFailure(err);
    }
  },

  loadNextPage: async () => {
    const { page, status } = get();
    if (status === 'loading' || !get().hasMore()) return;
    set({ status: 'loading' });
    try {
      const result = await fetchPage(page + 1);
      set((s) => ({
        items: mergeById(s.items, result.items),
        unreadCount: result.unreadCount,
        page: page + 1,
        total: result.total,
        status: 'loaded',
      }));
    } catch (err) {
      set({ status: 'failed' });
      reportFailure(err);
    }
  },

  markRead: async (id) => {
    const target = get().items.find((n) => n.id === id);
    if (!target || target.readAt) return;
    const readAt = new Date().toISOString();
    set((s) => ({
      items: s.items.map((n) => (n.id === id ? { ...n, readAt } : n)),
      unreadCount: Math.max(0, s.unreadCount - 1),
    }));
    try {
      const result = await apiRequest<{ unreadCount?: number } | undefined>(
        'POST',
        `/api/notifications/${id}/read`,
      );
      if (typeof result?.unreadCount === 'number') set({ unreadCount: result.unreadCount });
    } catch (err) {
      set((s) => ({
        items: s.items.map((n) => (n.id === id ? { ...n, readAt: null } : n)),
        unreadCount: s.unreadCount + 1,
      }));
      reportFailure(err);
    }
  },

  markAllRead: async () => {
    const before = { items: get().items, unreadCount: get().unreadCount };
    const readAt = new Date().toISOString();
    set((s) => ({ items: s.items.map((n) => (n.readAt ? n : { ...n, readAt })), unreadCount: 0 }));
    try {
      await apiRequest<unknown>('POST', '/api/notifications/read-all');
    } catch (err) {
      set(before);
      reportFailure(err);
    }
  },

  receive: ({ notification, unreadCount }) => {
    set((s) => {
      const known = s.items.some((n) => n.id === notification.id);
      return {
        items: known ? s.items : [notification, ...s.items],
        total: known ? s.total : s.total + 1,
        unreadCount,
      };
    });
  },

  reset: () => set(initialState),
}));

onSocketEvent('notification:new', (payload) => useNotificationsStore.getState().receive(payload));
onReconnect(() => {
  if (useNotificationsStore.getState().status !== 'idle')
    void useNotificationsStore.getState().loadFirstPage();
});
