import { CHAT_POLL_MS, LOCATION_POLL_MS } from '@freight/shared';
import { useEffect } from 'react';
import { useSocketStore } from '../../lib/socket';
import { useTrackingStore } from '../../stores/tracking';

/**
 * DESIGN §1: polling is the fallback, not the mechanism. Only while the socket is disconnected does the open load's
 * chat poll every 5 s and its location every 30 s (SPEC §9); on reconnect the store re-joins and catches up.
 */
export function useTrackingFallback(active: boolean): void {
  const disconnected = useSocketStore((s) => s.status === 'disconnected');
  const catchUpChat = useTrackingStore((s) => s.catchUpChat);
  const refreshLocation = useTrackingStore((s) => s.refreshLocation);

  useEffect(() => {
    if (!active || !disconnected) return;
    const chat = window.setInterval(() => void catchUpChat(), CHAT_POLL_MS);
    const location = window.setInterval(() => void refreshLocation(), LOCATION_POLL_MS);
    return () => {
      window.clearInterval(chat);
      window.clearInterval(location);
    };
  }, [active, disconnected, catchUpChat, refreshLocation]);
}
