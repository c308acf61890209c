import type { Ack } from '@freight/shared';
import { errorCode, errorMessage, isSessionLost, RefusalError } from './api';
import { isSocketConnected, isTransportFailure } from './socket';

/**
 * Over the socket when connected, else (or when the socket fails us) over REST; refusals throw a RefusalError with
 * the server's code and message (a lost session as `SessionLostError`, already told).
 */
export async function socketOrRest<T>(
  viaSocket: () => Promise<Ack<T>>,
  viaRest: () => Promise<T>,
): Promise<T> {
  if (isSocketConnected()) {
    const ack = await viaSocket();
    if (ack.ok) return ack.data;
    if (!isTransportFailure(ack)) throw new RefusalError(ack.error.code, ack.error.message);
  }
  try {
    return await viaRest();
  } catch (err) {
    if (isSessionLost(err)) throw err;
    throw new RefusalError(errorCode(err), errorMessage(err));
  }
}
