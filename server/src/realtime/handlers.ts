import { fleetSocketHandler } from '../features/fleet/socket';
import { freightSocketHandler } from '../features/freight/socket';
import { shipmentWorkspaceSocketHandler } from '../features/shipmentWorkspace/socket';
import { trackingSocketHandler } from '../features/tracking/socket';
import type { SocketHandler } from './types';

/** Each feature that listens to client events registers one handler here (called once per connection). */
export const socketHandlers: SocketHandler[] = [
  freightSocketHandler,
  trackingSocketHandler,
  shipmentWorkspaceSocketHandler,
  fleetSocketHandler,
];
