import { isCarrierOnLoad } from '@freight/shared';
import { useEffect } from 'react';
import { onStoresReset } from '../../lib/createStore';
import { useChatUnreadStore } from '../../stores/chatUnread';
import { useLoadChatStore } from '../../stores/loadChat';
import { useLoadPhotosStore } from '../../stores/loadPhotos';
import { useLoadPositionStore } from '../../stores/loadPosition';
import { useLoadStopsStore } from '../../stores/loadStops';
import { useLoadStopClockStore } from '../../stores/loadStopClock';
import { enterTrackingRoom, leaveTrackingRoom } from '../../stores/socketRooms';
import { useTrackedLoadStore } from '../../stores/trackedLoad';

/** The load's detail first (it says whether the viewer may see the load), then what `more` loads for it. */
async function loadDetailThen(freightId: string, more: Array<(freightId: string) => Promise<void>>) {
  await useTrackedLoadStore.getState().load(freightId);
  if (useTrackedLoadStore.getState().byId[freightId]?.status !== 'loaded') return false;
  await Promise.all(more.map((load) => load(freightId)));
  return true;
}

/** A load has a chat once it was booked (its room opens with the booking); before that nothing asks for it. */
export const hasChat = (load: { carrierId: string | null; status: string }) =>
  load.carrierId != null || isCarrierOnLoad(load.status);

async function loadChat(freightId: string): Promise<void> {
  const detail = useTrackedLoadStore.getState().byId[freightId]?.data;
  if (!detail || !hasChat(detail)) return; // an available load has no chat yet: no request that answers 409
  await useLoadChatStore.getState().load(freightId);
  const thread = useLoadChatStore.getState().byId[freightId]?.data;
  if (thread) useChatUnreadStore.getState().setCount(freightId, thread.unreadCount);
}

const loadPosition = (freightId: string) => useLoadPositionStore.getState().load(freightId);
const loadPhotos = (freightId: string) => useLoadPhotosStore.getState().load(freightId);
const loadStops = (freightId: string) => useLoadStopsStore.getState().load(freightId);

/** Re-reads the load, its position and photos (after a change made without a socket, which sends no event back). */
export async function reloadTrackedLoad(freightId: string): Promise<void> {
  await loadDetailThen(freightId, [loadPosition, loadPhotos, loadStops]);
}

/**
 * The tracking page's load while it is on screen: loaded, then live (its room joined, the chat caught up); on leaving,
 * the room is left and its data dropped.
 */
/** The load and what its tracking page shows of it: true when the viewer may see it. */
const loadTrackedLoad = (freightId: string): Promise<boolean> =>
  loadDetailThen(freightId, [loadChat, loadPosition, loadPhotos, loadStops]);

/** Loads loaded before their page mounted (a page rendered on the server, firstLoads.ts): the page takes them as is. */
const loadedBeforeMount = new Map<string, boolean>();
onStoresReset(() => loadedBeforeMount.clear());

/** The tracking page's first loads, ahead of its mount. */
export async function loadTrackedLoadFirst(freightId: string): Promise<boolean> {
  const visible = await loadTrackedLoad(freightId);
  // Not found too: the page shows it as the server drew it, without asking again (and flashing its loading state).
  loadedBeforeMount.set(freightId, visible);
  return visible;
}

export function useTrackedLoadSession(freightId: string): void {
  useEffect(() => {
    let left = false;
    void (async () => {
      // A page rendered on the server came with the load (firstLoads.ts): the room only.
      const before = loadedBeforeMount.get(freightId);
      loadedBeforeMount.delete(freightId);
      const visible = before ?? (await loadTrackedLoad(freightId));
      if (visible && !left) await enterTrackingRoom(freightId);
    })();
    return () => {
      left = true;
      leaveTrackingRoom(freightId);
      const stores = [
        useTrackedLoadStore,
        useLoadPositionStore,
        useLoadPhotosStore,
        useLoadStopsStore,
        useLoadStopClockStore,
      ];
      for (const store of [...stores, useLoadChatStore]) store.getState().remove(freightId);
    };
  }, [freightId]);

  // The load booked while on screen: its chat opens now.
  const chatOpen = useTrackedLoadStore((s) => {
    const detail = s.byId[freightId]?.data;
    return Boolean(detail && hasChat(detail));
  });
  useEffect(() => {
    if (chatOpen && useLoadChatStore.getState().byId[freightId]?.status !== 'loaded')
      void loadChat(freightId);
  }, [chatOpen, freightId]);
}
