import { LOCATION_SHARE_INTERVAL_MS } from '@freight/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorCode, errorMessage } from '../../lib/api';
import { useLoadPositionStore } from '../../stores/loadPosition';
import { endsSharing, MIN_SEND_GAP_MS, shouldSend, type Fix } from './locationSharing';

export type SharingStatus = 'starting' | 'sharing' | 'stopped' | 'denied' | 'unsupported';

export interface LocationSharing {
  status: SharingStatus;
  /** When a position last reached the server (epoch ms), null before the first. */
  lastSentAt: number | null;
  /** The last send that failed, shown beside the state; cleared by the next success. */
  error: string | null;
  start: () => void;
  stop: () => void;
  /** The watch's newest fix, if it is at most LOCATION_SHARE_INTERVAL_MS old ('Update My Location' sends it). */
  freshFix: () => Fix | null;
}

const stoppedKey = (ids: string[]) => `fm.location-sharing.stopped:${ids.join(',')}`;
const TICK_MS = 1_000;

/**
 * Sends the device's position for these loads while `active` (issue 16): a geolocation watch, each fix sent when
 * shouldSend says (every 30 s or 500 m, within the rate limit) and re-sent every 30 s while the truck stands still.
 * A Stop holds for the tab (sessionStorage), so a reload does not silently share again. A load the server no
 * longer takes positions for (delivered, cancelled) drops out.
 */
export function useLocationSharing(freightIds: string[], active: boolean): LocationSharing {
  const ids = freightIds.join(',');
  const [stopped, setStopped] = useState(() => sessionStorage.getItem(stoppedKey(freightIds)) === '1');
  const [status, setStatus] = useState<SharingStatus>('starting');
  const [lastSentAt, setLastSentAt] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const updateLocation = useLoadPositionStore((s) => s.updateLocation);
  const latest = useRef<Fix | null>(null);
  const lastSent = useRef<Fix | null>(null);
  const sending = useRef(false);
  const ended = useRef(new Set<string>());

  useEffect(() => {
    if (!active || stopped || !ids) return;
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setStatus('unsupported');
      return;
    }
    const loads = ids.split(',');
    const minGap = MIN_SEND_GAP_MS * loads.length;
    setStatus('starting');

    const flush = async () => {
      const fix = latest.current;
      const now = Date.now();
      if (!fix || sending.current || !shouldSend(lastSent.current, fix, now, minGap)) return;
      sending.current = true;
      lastSent.current = { ...fix, at: now };
      try {
        const open = loads.filter((id) => !ended.current.has(id));
        const results = await Promise.allSettled(open.map((id) => updateLocation(id, fix.lat, fix.lng)));
        const failures = results.flatMap((r, i) => (r.status === 'rejected' ? [{ id: open[i], r }] : []));
        for (const { id, r } of failures) if (endsSharing(errorCode(r.reason))) ended.current.add(id);
        if (failures.length < results.length) setLastSentAt(now);
        setError(failures.length ? errorMessage(failures[0].r.reason) : null);
      } finally {
        sending.current = false;
      }
    };

    const watch = navigator.geolocation.watchPosition(
      (p) => {
        latest.current = { lat: p.coords.latitude, lng: p.coords.longitude, at: p.timestamp || Date.now() };
        setStatus('sharing');
        void flush();
      },
      (err) => setStatus(err.code === err.PERMISSION_DENIED ? 'denied' : 'starting'),
      { enableHighAccuracy: true, maximumAge: 0 },
    );
    const tick = window.setInterval(() => void flush(), TICK_MS);
    return () => {
      navigator.geolocation.clearWatch(watch);
      window.clearInterval(tick);
    };
  }, [ids, active, stopped, updateLocation]);

  const start = useCallback(() => {
    sessionStorage.removeItem(stoppedKey(ids.split(',')));
    lastSent.current = null;
    setStopped(false);
  }, [ids]);
  const stop = useCallback(() => {
    sessionStorage.setItem(stoppedKey(ids.split(',')), '1');
    setStopped(true);
  }, [ids]);

  const freshFix = useCallback(() => {
    const fix = latest.current;
    return fix && Date.now() - fix.at <= LOCATION_SHARE_INTERVAL_MS && !stopped ? fix : null;
  }, [stopped]);

  return { status: stopped ? 'stopped' : status, lastSentAt, error, start, stop, freshFix };
}
