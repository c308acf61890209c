import { DEFAULT_PAGE_SIZE, type NotificationDto, type Page, type ServerEventPayload } from '@freight/shared';
import { apiRequest, logFailure } from '../lib/api';
import { createPagedListStore } from '../lib/resourceStore';

/** GET /api/notifications answers one page plus the user's unread count. */
export interface NotificationPage extends Page<NotificationDto> {
  unreadCount: number;
}

interface NotificationsOwnState {
  unreadCount: number;
  markRead: (id: string) => Promise<void>;
  markAllRead: () => Promise<void>;
  /** The `notification:new` socket event. */
  receive: (payload: ServerEventPayload<'notification:new'>) => void;
}

/** The bell's notifications, grown page by page (`loadMore`), live from `notification:new` (socketRoutes). */
export const useNotificationsStore = createPagedListStore<
  NotificationDto,
  NotificationPage,
  NotificationsOwnState
>({
  name: 'notifications',
  entities: { items: 'notification' },
  pageSize: DEFAULT_PAGE_SIZE,
  fetchPage: (page, pageSize) =>
    apiRequest<NotificationPage>('GET', `/api/notifications?page=${page}&pageSize=${pageSize}`),
  fromPage: (answer) => ({ unreadCount: answer.unreadCount }),
  extend: (set, get) => ({
    unreadCount: 0,

    markRead: async (id) => {
      const target = get().items.find((n) => n.id === id);
      if (!target || target.readAt) return;
      get().patch(id, { readAt: new Date().toISOString() });
      set((s) => ({ unreadCount: Math.max(0, s.unreadCount - 1) }));
      try {
        const result = await apiRequest<{ unreadCount?: number } | undefined>(
          'POST',
          `/api/notifications/${id}/read`,
        );
        if (typeof result?.unreadCount === 'number') set({ unreadCount: result.unreadCount });
      } catch (err) {
        get().patch(id, { readAt: null });
        set((s) => ({ unreadCount: s.unreadCount + 1 }));
        logFailure('Notifications request', err);
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
        logFailure('Notifications request', err);
      }
    },

    receive: ({ notification, unreadCount }) => {
      // A coalesced notification comes again with its count in its texts: it replaces the one shown.
      get().upsert(notification);
      set({ unreadCount });
    },
  }),
});
