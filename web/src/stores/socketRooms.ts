import { filtersToQuery } from '@freight/shared';
import { emitWithAck, isSocketConnected } from '../lib/socket';
import { joinFleetRoom } from './fleet';
import { useFreightStore } from './freight';
import { useLoadChatStore } from './loadChat';
import { joinShipmentRoom } from './shipmentRoom';

/**
 * The rooms this client is in (DESIGN §1): the tracked load's room while its page is open, and the load board's
 * filters while a board is open. Joined here at open and again on every connect (`joinRooms`, from socketRoutes).
 */

let trackedFreightId: string | null = null;

/** Joins the tracked load's room, then fetches the chat sent between the first fetch (or the outage) and the join. */
async function joinTrackingRoom(): Promise<void> {
  const freightId = trackedFreightId;
  if (!freightId || !isSocketConnected()) return;
  const ack = await emitWithAck('freight:join', { freightId });
  if (!ack.ok) {
    console.error('Joining the tracking room failed', ack.error);
    return;
  }
  if (trackedFreightId === freightId) await useLoadChatStore.getState().catchUp(freightId);
}

/** The tracking page shows this load (its detail loaded): live from now on. */
export function enterTrackingRoom(freightId: string): Promise<void> {
  trackedFreightId = freightId;
  return joinTrackingRoom();
}

export function leaveTrackingRoom(freightId: string): void {
  if (trackedFreightId !== freightId) return;
  trackedFreightId = null;
  if (isSocketConnected()) void emitWithAck('freight:leave', { freightId });
}

// Load board: while one is open (counted, so two open boards share one), the server knows its applied filters.
let boardsOpen = 0;
let unsubscribeFilters: (() => void) | null = null;

/** Tells the server the applied filters, so it pushes only what this board shows (and removals). */
function sendBoardFilters(): void {
  if (boardsOpen === 0 || !isSocketConnected()) return;
  void emitWithAck('loadboard:filters', {
    board: 'road',
    filters: filtersToQuery(useFreightStore.getState().applied),
  });
}

/** Call when a board mounts; the returned function leaves again. */
export function openLoadBoard(): () => void {
  boardsOpen += 1;
  if (boardsOpen === 1) {
    sendBoardFilters();
    unsubscribeFilters = useFreightStore.subscribe((state, prev) => {
      if (state.applied !== prev.applied) sendBoardFilters();
    });
  }
  return () => {
    boardsOpen -= 1;
    if (boardsOpen === 0) {
      unsubscribeFilters?.();
      unsubscribeFilters = null;
      void emitWithAck('loadboard:leave', { board: 'road' });
    }
  };
}

/** On every connect (the first one too): join again the rooms a screen is in. */
export function joinRooms(): void {
  void joinTrackingRoom();
  void joinShipmentRoom();
  void joinFleetRoom();
  sendBoardFilters();
}
