import type { ClientToServerEvents, ServerToClientEvents } from '@freight/shared';
import type { Server, Socket } from 'socket.io';
import type { Actor } from '../policies';
import type { Runtime } from '../runtimeTypes';

export interface SocketData {
  actor: Actor;
  /** The sign-in session the socket was opened with (logout and expiry end its sockets). */
  sessionId: string;
}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type InterServerEvents = {};
export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** What a feature that listens to client events registers in realtime/handlers.ts (called once per connection). */
export type SocketHandler = (socket: AppSocket, ctx: { io: AppServer; rt: Runtime }) => void;
