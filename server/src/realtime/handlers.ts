import { freightSocketHandler } from '../features/freight/socket';
import { shipmentWorkspaceSocketHandler } from '../features/shipmentWorkspace/socket';
import { trackingSocketHandler } from '../features/tracking/socket';
import type { Runtime } from '../runtime';
import type { AppServer, AppSocket } from './types';

/** Each feature that listens to client events registers one handler here (called once per connection). */
export type SocketHandler = (socket: AppSocket, ctx: { io: AppServer; rt: Runtime }) => void;

export const socketHandlers: SocketHandler[] = [
  freightSocketHandler,
  trackingSocketHandler,
  shipmentWorkspaceSocketHandler,
];
