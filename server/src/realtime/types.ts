import type { ClientToServerEvents, ServerToClientEvents } from '@freight/shared';
import type { Server, Socket } from 'socket.io';
import type { Actor } from '../policies';

export interface SocketData {
  actor: Actor;
  /** The sign-in session the socket was opened with (logout and expiry end its sockets). */
  sessionId: string;
}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type InterServerEvents = {};
export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
