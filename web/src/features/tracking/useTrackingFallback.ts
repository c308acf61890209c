import { CHAT_POLL_MS, LOCATION_POLL_MS } from '@freight/shared';
import { useEffect } from 'react';
import { useSocketStore } from '../../lib/socket';
import { useLoadChatStore } from '../../stores/loadChat';
import { useLoadPositionStore } from '../../stores/loadPosition';

/**
 * DESIGN §1: polling is the fallback, not the mechanism. Whenever the socket is not connected (never connected yet,
 * refused, or dropped: issue 25) the open load's chat polls every 5 s and its location every 30 s (SPEC §9); once it
 * connects the polling stops, and the room is joined again and caught up.
 */
export function useTrackingFallback(freightId: string, active: boolean): void {
  const disconnected = useSocketStore((s) => s.status !== 'connected');
  const catchUpChat = useLoadChatStore((s) => s.catchUp);
  const pollLocation = useLoadPositionStore((s) => s.pollLocation);

  useEffect(() => {
    if (!active || !disconnected) return;
    const chat = window.setInterval(() => void catchUpChat(freightId), CHAT_POLL_MS);
    const location = window.setInterval(() => void pollLocation(freightId), LOCATION_POLL_MS);
    return () => {
      window.clearInterval(chat);
      window.clearInterval(location);
    };
  }, [freightId, active, disconnected, catchUpChat, pollLocation]);
}
