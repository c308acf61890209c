import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  BackgroundCheckDto,
  BookingRequestDto,
  ChatMessageDto,
  MySmallShipmentDto,
  NotificationDto,
  ShipmentOfferDto,
  UserDto,
} from '@freight/shared';

vi.mock('../components/ui/toaster', () => ({ notify: vi.fn() }));

const { installSocketRoutes, refetchAfterReconnect, socketRoutes } = await import('./socketRoutes');
const { useBookingRequestsStore } = await import('./bookingRequests');
const { useNotificationsStore } = await import('./notifications');
const { useLoadChatStore } = await import('./loadChat');
const { useSessionStore } = await import('./session');
const { useSmallShipmentsStore } = await import('./smallShipments');
const { useRouteMatchesStore } = await import('./routeMatches');
const { useVerificationStore } = await import('./verification');
const { useBackgroundCheckStore } = await import('./backgroundCheck');

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
    useSessionStore.setState(useSessionStore.getInitialState());
    useSmallShipmentsStore.setState(useSmallShipmentsStore.getInitialState());
    useRouteMatchesStore.setState(useRouteMatchesStore.getInitialState());
    useVerificationStore.setState(useVerificationStore.getInitialState());
    useBackgroundCheckStore.setState(useBackgroundCheckStore.getInitialState());
  });

  const signIn = (id: string) => useSessionStore.setState({ user: { id, isVerified: false } as UserDto });

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

  it('routes a shipment offer to the shipper’s shipments or the driver’s matches, by the signed-in user', async () => {
    const shipment = { id: 's1', offers: [] as ShipmentOfferDto[] } as MySmallShipmentDto;
    stubFetch({ items: [shipment], page: 1, pageSize: 5, total: 1 });
    await useSmallShipmentsStore.getState().load();
    useRouteMatchesStore.setState({
      lists: { r1: { items: [{ id: 's1', myOffer: null }], page: 1, total: 1, status: 'loaded' } },
    } as never);
    const offer = {
      id: 'o1',
      shipmentId: 's1',
      shipperId: 'shipper',
      driverId: 'driver',
    } as ShipmentOfferDto;

    signIn('shipper');
    socketRoutes['shipmentOffer:created']?.({ offer });
    expect(useSmallShipmentsStore.getState().items[0].offers).toEqual([offer]);
    expect(useRouteMatchesStore.getState().lists.r1.items[0].myOffer).toBeNull();

    signIn('driver');
    socketRoutes['shipmentOffer:updated']?.({ offer });
    expect(useRouteMatchesStore.getState().lists.r1.items[0].myOffer).toEqual(offer);
  });

  it('follows plan and verification pushes in the signed-in user', () => {
    const uninstall = installSocketRoutes();
    signIn('u1');
    socketRoutes['subscription:changed']?.({
      userId: 'u1',
      subscriptionStatus: 'active',
      subscriptionPlan: 'broker_pro',
      subscriptionExpiresAt: null,
      subscriptionCanceledAt: null,
      reason: 'activated',
    });
    socketRoutes['verification:changed']?.({
      userId: 'u1',
      isVerified: true,
      requiredDocuments: [],
      submittedDocuments: [],
      approvedDocuments: [],
      missingNumbers: [],
    });
    uninstall();
    expect(useSessionStore.getState().user).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'broker_pro',
      isVerified: true,
    });
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

  it('routes an admin’s decision to the driver’s background check once a screen loaded it', async () => {
    const pending = { id: 'c1', status: 'pending' } as BackgroundCheckDto;
    const approved = { ...pending, status: 'approved' } as BackgroundCheckDto;
    socketRoutes['backgroundCheck:reviewed']?.({ check: approved });
    expect(useBackgroundCheckStore.getState().items).toEqual([]); // nothing on screen: the first load brings it
    stubFetch({ check: pending });
    await useBackgroundCheckStore.getState().load();
    expect(useBackgroundCheckStore.getState().items).toEqual([pending]);
    socketRoutes['backgroundCheck:reviewed']?.({ check: approved });
    expect(useBackgroundCheckStore.getState().items).toEqual([approved]);
  });
});
