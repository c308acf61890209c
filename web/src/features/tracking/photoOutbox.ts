import { useEffect } from 'react';
import { errorCode, logFailure } from '../../lib/api';
import { drainOutbox, outbox } from '../../lib/offlineOutbox';
import { useLoadPhotosStore } from '../../stores/loadPhotos';

/** A photo taken without a signal (issue 29), kept on the phone with the time it was taken and the phone's id for it. */
export interface KeptPhoto {
  freightId: string;
  photoType: string;
  description: string | null;
  file: Blob;
  fileName: string;
  capturedAt: string;
  clientId: string;
}

const photos = outbox<KeptPhoto>('photos');

export const newClientId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

export const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export function photoForm(p: KeptPhoto): FormData {
  const form = new FormData();
  form.append('photoType', p.photoType);
  if (p.description) form.append('description', p.description);
  form.append('capturedAt', p.capturedAt);
  form.append('clientId', p.clientId);
  form.append('photo', p.file, p.fileName);
  return form;
}

export const keepPhoto = (p: KeptPhoto) => photos.add(p);

let draining = false;
/** Sends the kept photos oldest first while there is a signal (a repeat of one already stored is answered as it). */
export async function drainPhotos(): Promise<void> {
  if (draining || !isOnline()) return;
  draining = true;
  try {
    const upload = useLoadPhotosStore.getState().uploadPhoto;
    await drainOutbox(
      photos,
      (p) => upload(p.freightId, photoForm(p)),
      errorCode,
      (_p, err) => logFailure('Sending a photo kept offline', err),
    );
  } finally {
    draining = false;
  }
}

const RETRY_MS = 15_000;

/** While a trip's page is open: kept photos go out when the signal returns (and are retried every 15 s). */
export function useKeptPhotosSender(): void {
  useEffect(() => {
    const send = () => void drainPhotos();
    send();
    window.addEventListener('online', send);
    const timer = window.setInterval(send, RETRY_MS);
    return () => {
      window.removeEventListener('online', send);
      window.clearInterval(timer);
    };
  }, []);
}
