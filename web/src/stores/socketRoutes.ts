import type { ServerToClientEvents } from '@freight/shared';
import { onReconnect, onSocketEvent } from '../lib/socket';
import { useAdminStore } from './admin';
import { useBookingRequestsStore } from './bookingRequests';
import { useNotificationsStore } from './notifications';
import { useOffersStore } from './offers';
import { useSavedSearchesStore } from './savedSearches';
import { useShipperInvitationsStore } from './shipperInvitations';

/** Each server event and what it changes in the stores that own that data. */
export type SocketRoutes = { [E in keyof ServerToClientEvents]?: ServerToClientEvents[E] };

export const socketRoutes: SocketRoutes = {
  'negotiation:created': ({ negotiation }) => useOffersStore.getState().upsert(negotiation),
  // The offer that moved comes first.
  'negotiation:updated': ({ negotiation }) => {
    const offers = useOffersStore.getState();
    offers.remove(negotiation.id);
    offers.upsert(negotiation);
  },
  'booking:requested': ({ request }) => useBookingRequestsStore.getState().upsert(request),
  // A reviewed request is no longer pending.
  'booking:reviewed': ({ request }) => useBookingRequestsStore.getState().remove(request.id),
  'notification:new': (payload) => {
    useNotificationsStore.getState().receive(payload);
    // Invitations have no event of their own: the invited shipper is notified.
    void useShipperInvitationsStore.getState().refetch();
  },

  // admin
  'admin:queue-changed': (payload) => useAdminStore.getState().receiveQueueChange(payload),
};

/** Stores whose data may have changed while the socket was down; each refetches only if a screen loaded it. */
const refetchedOnReconnect = [
  useOffersStore,
  useBookingRequestsStore,
  useNotificationsStore,
  useSavedSearchesStore,
  useShipperInvitationsStore,
  useAdminStore,
];

export async function refetchAfterReconnect(): Promise<void> {
  await Promise.all(refetchedOnReconnect.map((store) => store.getState().refetch()));
}

/** Subscribes every route and the reconnect refetch once, at start-up; returns the unsubscribe. */
export function installSocketRoutes(): () => void {
  const unsubscribes = Object.entries(socketRoutes).map(([event, handler]) =>
    onSocketEvent(event as keyof ServerToClientEvents, handler as never),
  );
  unsubscribes.push(onReconnect(() => void refetchAfterReconnect()));
  return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
}
