import { useEffect, useState } from 'react';

/** setTimeout's ceiling (about 24.8 days); later instants are re-armed on the next render. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The current time, re-read when `until` passes: a gate open on screen locks at the subscription's expiry even
 * before the server's expiry job pushes `subscription:changed`.
 */
export function useNowUntil(until: string | null | undefined): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!until) return;
    const ms = new Date(until).getTime() - Date.now();
    if (Number.isNaN(ms) || ms < 0) return;
    const timer = window.setTimeout(() => setNow(new Date()), Math.min(ms + 50, MAX_TIMER_MS));
    return () => window.clearTimeout(timer);
  }, [until, now]);
  return now;
}
