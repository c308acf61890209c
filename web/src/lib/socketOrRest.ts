import type { Ack } from '@freight/shared';
import { errorMessage, isSessionLost } from './api';
import { isSocketConnected } from './socket';

/** The ack failed for want of a connection (not a refusal): the same request goes over HTTP instead. */
const isTransportFailure = (ack: Ack<unknown>) =>
  !ack.ok && ack.error.code === 'INTERNAL_ERROR' && /Not connected|timed out/.test(ack.error.message);

/**
 * Over the socket when connected, else (or when the socket fails us) over REST; refusals throw their message (a lost
 * session as `SessionLostError`, already told).
 */
export async function socketOrRest<T>(
  viaSocket: () => Promise<Ack<T>>,
  viaRest: () => Promise<T>,
): Promise<T> {
  if (isSocketConnected()) {
    const ack = await viaSocket();
    if (ack.ok) return ack.data;
    if (!isTransportFailure(ack)) throw new Error(ack.error.message);
  }
  try {
    return await viaRest();
  } catch (err) {
    if (isSessionLost(err)) throw err;
    throw new Error(errorMessage(err));
  }
}
