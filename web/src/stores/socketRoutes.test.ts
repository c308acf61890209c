import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookingRequestDto, ChatMessageDto, NotificationDto } from '@freight/shared';

vi.mock('../components/ui/toaster', () => ({ notify: vi.fn() }));

const { refetchAfterReconnect, socketRoutes } = await import('./socketRoutes');
const { useBookingRequestsStore } = await import('./bookingRequests');
const { useNotificationsStore } = await import('./notifications');
const { useLoadChatStore } = await import('./loadChat');

function stubFetch(body: unknown) {
  const fetch = vi.fn(
    async (_path: string) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('socketRoutes', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useBookingRequestsStore.setState(useBookingRequestsStore.getInitialState());
    useNotificationsStore.setState(useNotificationsStore.getInitialState());
    useLoadChatStore.setState(useLoadChatStore.getInitialState());
  });

  it('routes booking events to the booking requests store', async () => {
    stubFetch({ items: [], page: 1, pageSize: 50, total: 0 });
    await useBookingRequestsStore.getState().load();
    const request = { id: 'r1' } as BookingRequestDto;
    socketRoutes['booking:requested']?.({ request });
    expect(useBookingRequestsStore.getState()).toMatchObject({ items: [request], total: 1 });
    socketRoutes['booking:reviewed']?.({ request, listing: null });
    expect(useBookingRequestsStore.getState()).toMatchObject({ items: [], total: 0 });
  });

  it('routes a new notification to the notifications store', () => {
    const notification = { id: 'n1' } as NotificationDto;
    socketRoutes['notification:new']?.({ notification, unreadCount: 3 });
    expect(useNotificationsStore.getState().unreadCount).toBe(3);
  });

  it('refetches on reconnect only the stores a screen loaded', async () => {
    const fetch = stubFetch({ items: [], page: 1, pageSize: 50, total: 0, unreadCount: 0 });
    await useBookingRequestsStore.getState().load();
    fetch.mockClear();
    await refetchAfterReconnect();
    expect(fetch.mock.calls.map(([path]) => path)).toEqual([
      '/api/booking-requests?status=pending&pageSize=50',
    ]);
  });

  it('catches the chat up from its cursor when a pushed message shows a gap', async () => {
    const message = (seq: number) => ({ id: `m${seq}`, seq }) as ChatMessageDto;
    const fetch = stubFetch({ messages: [message(1)], hasMore: false, unreadCount: 0 });
    await useLoadChatStore.getState().load('f1');
    fetch.mockClear();
    socketRoutes['chat:message']?.({ freightId: 'f1', message: message(2) });
    expect(fetch).not.toHaveBeenCalled();
    socketRoutes['chat:message']?.({ freightId: 'f1', message: message(4) });
    expect(fetch.mock.calls.map(([path]) => path)).toEqual(['/api/freight/f1/chat?pageSize=50&after=2']);
  });
});
