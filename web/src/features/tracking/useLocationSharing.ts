import { LOCATION_SHARE_INTERVAL_MS } from '@freight/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorCode, errorMessage } from '../../lib/api';
import { drainOutbox, outbox } from '../../lib/offlineOutbox';
import { useLoadPositionStore } from '../../stores/loadPosition';
import { endsSharing, MIN_SEND_GAP_MS, shouldSend, type Fix } from './locationSharing';

/** A position waiting on the phone to be sent (issue 29): when it was taken and the phone's id for it. */
interface KeptPosition {
  freightId: string;
  lat: number;
  lng: number;
  capturedAt: string;
  clientId: string;
}
/** One outbox per device: every position goes through it, so those kept offline go out first and in order. */
const positions = outbox<KeptPosition>('positions');
const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export type SharingStatus = 'starting' | 'sharing' | 'stopped' | 'denied' | 'unsupported';

export interface LocationSharing {
  status: SharingStatus;
  /** When a position last reached the server (epoch ms), null before the first. */
  lastSentAt: number | null;
  /** The last send that failed, shown beside the state; cleared by the next success. */
  error: string | null;
  /** Positions kept on the phone (no signal), sent in order when it returns. */
  pending: number;
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
  // Read from the tab's storage after the first render (a page drawn on the server knows nothing of it), and nothing
  // is shared before it has been read.
  const [stopped, setStopped] = useState(false);
  const [checkedStop, setCheckedStop] = useState(false);
  useEffect(() => {
    setStopped(sessionStorage.getItem(stoppedKey(ids.split(','))) === '1');
    setCheckedStop(true);
  }, [ids]);
  const [status, setStatus] = useState<SharingStatus>('starting');
  const [lastSentAt, setLastSentAt] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(0);
  const updateLocation = useLoadPositionStore((s) => s.updateLocation);
  const latest = useRef<Fix | null>(null);
  const lastSent = useRef<Fix | null>(null);
  const sending = useRef(false);
  const ended = useRef(new Set<string>());

  useEffect(() => {
    if (!checkedStop || !active || stopped || !ids) return;
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setStatus('unsupported');
      return;
    }
    const loads = ids.split(',');
    const minGap = MIN_SEND_GAP_MS * loads.length;
    setStatus('starting');

    // Sends what the outbox holds, oldest first, while the phone has a signal; what fails for want of one stays.
    const drain = async () => {
      if (sending.current || !isOnline()) return;
      sending.current = true;
      try {
        let kept: unknown = null;
        const sent = await drainOutbox(
          positions,
          async (p) => {
            try {
              return await updateLocation(p.freightId, p.lat, p.lng, {
                capturedAt: p.capturedAt,
                clientId: p.clientId,
              });
            } catch (err) {
              kept = err;
              throw err;
            }
          },
          errorCode,
          (p, err) => {
            if (endsSharing(errorCode(err))) ended.current.add(p.freightId);
          },
        );
        if (sent > 0) setLastSentAt(Date.now());
        setError(kept ? errorMessage(kept) : null);
      } finally {
        sending.current = false;
        setPending(await positions.count());
      }
    };

    // Each fix that shouldSend picks goes to the outbox (with the time it was taken), then the outbox drains.
    const flush = async () => {
      const fix = latest.current;
      const now = Date.now();
      if (fix && shouldSend(lastSent.current, fix, now, minGap)) {
        lastSent.current = { ...fix, at: now };
        const capturedAt = new Date(Math.min(fix.at, now)).toISOString();
        for (const freightId of loads.filter((id) => !ended.current.has(id))) {
          await positions.add({ freightId, lat: fix.lat, lng: fix.lng, capturedAt, clientId: newClientId() });
        }
        setPending(await positions.count());
      }
      await drain();
    };
    const onOnline = () => void drain();
    window.addEventListener('online', onOnline);

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
      window.removeEventListener('online', onOnline);
    };
  }, [ids, active, stopped, checkedStop, updateLocation]);

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

  return { status: stopped ? 'stopped' : status, lastSentAt, error, pending, start, stop, freshFix };
}

const newClientId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
