// The loads a screen starts with, named here so that a page rendered on the server (serverRender.tsx, issue 24) can
// run them before drawing it, and the browser runs them again (from the answers the page carries) before taking it
// over. Each screen still loads what it shows when it mounts, as without a server render; a store already loaded here
// is not asked again, and what a screen asks that is not here loads in the browser after the page is taken over.
import type { UserDto } from '@freight/shared';
import { useChatUnreadStore } from './stores/chatUnread';
import { useFreightStore } from './stores/freight';
import { useLoadDocumentsStore } from './stores/loadDocuments';
import { useLoadPartiesStore } from './stores/loadParties';
import { useNotificationsStore } from './stores/notifications';
import { useOffersStore } from './stores/offers';
import { useSavedSearchesStore } from './stores/savedSearches';
import { useMyBookingRequestsStore } from './stores/bookingRequests';
import { useSessionStore } from './stores/session';
import { useVerificationStore } from './stores/verification';
import { loadTrackedLoadFirst } from './features/tracking/trackedLoadSession';

/** A route's first loads, given the route's parameters (`:id`) and the signed-in user once their load has settled. */
export type FirstLoads = (
  params: Record<string, string | undefined>,
  user: Promise<UserDto | null>,
) => Promise<unknown>;

/** Who is signed in, and the navigation bar's counts (the bell, unread chats): the signed-in user when settled. */
export async function signedInFirstLoads(): Promise<UserDto | null> {
  await Promise.all([
    useSessionStore.getState().load(),
    useNotificationsStore.getState().load(),
    useChatUnreadStore.getState().load(),
  ]);
  return useSessionStore.getState().user;
}

/** The dashboard: its Compliance Status card's counts. */
export const dashboardFirstLoads: FirstLoads = async (_params, signedIn) => {
  const user = await signedIn;
  if (user?.userType) await useVerificationStore.getState().load();
};

/** The load board's first page and, for those who haul, their requests, offers and saved searches. */
export const boardFirstLoads: FirstLoads = async (_params, signedIn) => {
  const board = useFreightStore.getState().load();
  const user = await signedIn;
  const hauls = user?.viewerActions.makeOffers === true;
  await Promise.all([
    board,
    hauls && useMyBookingRequestsStore.getState().load(),
    hauls && useSavedSearchesStore.getState().load(),
    hauls && useOffersStore.getState().load(),
  ]);
};

/** The tracking page: the load (it says whether the viewer may see it), then its chat, position, photos and stops. */
export const trackingFirstLoads: FirstLoads = async ({ id }) => {
  if (!id) return;
  const visible = await loadTrackedLoadFirst(id);
  if (visible)
    await Promise.all([useLoadPartiesStore.getState().load(id), useLoadDocumentsStore.getState().load(id)]);
};
