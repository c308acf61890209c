import type { ServerToClientEvents } from '@freight/shared';
import { onReconnect, onSocketEvent, useSocketStore } from '../lib/socket';
import { useBookingRequestsStore } from './bookingRequests';
import { useChatUnreadStore } from './chatUnread';
import { useFreightStore } from './freight';
import { useLoadChatStore } from './loadChat';
import { useLoadPhotosStore } from './loadPhotos';
import { useLoadPositionStore } from './loadPosition';
import { useNotificationsStore } from './notifications';
import { useOffersStore } from './offers';
import { useSavedSearchesStore } from './savedSearches';
import { useSessionStore } from './session';
import { useShipperInvitationsStore } from './shipperInvitations';
import { joinRooms } from './socketRooms';
import { useTrackedLoadStore } from './trackedLoad';
import { useTrackedLoadsStore } from './trackedLoads';

/** Each server event and what it changes in the stores that own that data. */
export type SocketRoutes = { [E in keyof ServerToClientEvents]?: ServerToClientEvents[E] };

/** The signed-in viewer, whose own loads the board keeps in later states. */
const viewerId = () => useSessionStore.getState().user?.id;

export const socketRoutes: SocketRoutes = {
  'negotiation:created': ({ negotiation }) => useOffersStore.getState().upsert(negotiation),
  // The offer that moved comes first.
  'negotiation:updated': ({ negotiation, listing }) => {
    const offers = useOffersStore.getState();
    offers.remove(negotiation.id);
    offers.upsert(negotiation);
    if (listing) useFreightStore.getState().receive(listing, { posted: false, viewerId: viewerId() });
  },
  'booking:requested': ({ request }) => useBookingRequestsStore.getState().upsert(request),
  // A reviewed request is no longer pending.
  'booking:reviewed': ({ request, listing }) => {
    useBookingRequestsStore.getState().remove(request.id);
    if (listing) useFreightStore.getState().receive(listing, { posted: false, viewerId: viewerId() });
  },
  'notification:new': (payload) => {
    useNotificationsStore.getState().receive(payload);
    // Invitations have no event of their own: the invited shipper is notified.
    void useShipperInvitationsStore.getState().refetch();
  },

  // Load board (freight): the loadboard room pushes what matches the filters this client sent.
  'freight:posted': ({ listing }) =>
    useFreightStore.getState().receive(listing, { posted: true, viewerId: viewerId() }),
  'freight:updated': ({ listing }) =>
    useFreightStore.getState().receive(listing, { posted: false, viewerId: viewerId() }),
  'freight:removed': ({ id }) => useFreightStore.getState().remove(id),

  // Tracking: the open load's room, and the user's own unread counts.
  'freight:location': (payload) => {
    useLoadPositionStore.getState().receive(payload);
    const { freightId, lat, lng, lastLocationUpdate } = payload;
    useTrackedLoadStore.getState().patch(freightId, { currentLat: lat, currentLng: lng, lastLocationUpdate });
  },
  'freight:status': ({ freightId, status }) => {
    useTrackedLoadStore.getState().patch(freightId, { status });
    useTrackedLoadsStore.getState().patch(freightId, { status });
  },
  'freight:photo': ({ freightId, photo }) => useLoadPhotosStore.getState().add(freightId, photo),
  'chat:message': (payload) => {
    const chat = useLoadChatStore.getState();
    if (chat.receive(payload)) void chat.catchUp(payload.freightId);
  },
  'chat:unread': ({ freightId, unreadCount }) => {
    useChatUnreadStore.getState().setCount(freightId, unreadCount);
    useTrackedLoadsStore.getState().patch(freightId, { unreadCount });
  },
};

/** Stores whose data may have changed while the socket was down; each refetches only if a screen loaded it. */
const refetchedOnReconnect = [
  useOffersStore,
  useBookingRequestsStore,
  useNotificationsStore,
  useSavedSearchesStore,
  useShipperInvitationsStore,
  // Load board (freight)
  useFreightStore,
  // Tracking (the open load's chat catches up when its room is joined again)
  useTrackedLoadStore,
  useLoadPositionStore,
  useLoadPhotosStore,
  useTrackedLoadsStore,
  useChatUnreadStore,
];

export async function refetchAfterReconnect(): Promise<void> {
  await Promise.all(refetchedOnReconnect.map((store) => store.getState().refetch()));
}

/**
 * Subscribes every route once, at start-up: rooms are joined again on every connect (the first one too: a screen
 * may open before the socket is up), and what was missed is refetched after a reconnect. Returns the unsubscribe.
 */
export function installSocketRoutes(): () => void {
  const unsubscribes = Object.entries(socketRoutes).map(([event, handler]) =>
    onSocketEvent(event as keyof ServerToClientEvents, handler as never),
  );
  unsubscribes.push(
    useSocketStore.subscribe((state, previous) => {
      if (state.connected && !previous.connected) joinRooms();
    }),
    onReconnect(() => void refetchAfterReconnect()),
  );
  return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
}
