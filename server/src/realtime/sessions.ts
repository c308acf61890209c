import { rooms } from '@freight/shared';
import type { AppServer } from './types';

let server: AppServer | null = null;

/** Set by the gateway of a web process (null when it closes). */
export function setSocketServer(io: AppServer | null): void {
  server = io;
}

/**
 * Ends every socket of one sign-in session (logout), on every web process: the Redis adapter carries the request to
 * the other nodes. The sockets are refused when they try to reconnect (the session is gone).
 */
export function disconnectSessionSockets(sessionId: string | undefined): void {
  if (!sessionId) return;
  server?.in(rooms.session(sessionId)).disconnectSockets(true);
}

/**
 * Ends every socket of a user (a change of account type), on every web process. The web app reconnects at once and
 * is authorized again as the user now is: new role room, and freight rooms joined again through the new checks.
 */
export function disconnectUserSockets(userId: string): void {
  server?.in(rooms.user(userId)).disconnectSockets(true);
}
