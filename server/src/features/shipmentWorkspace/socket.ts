import { rooms, shipmentRoomSchema } from '@freight/shared';
import { clientEvents } from '../../realtime/clientEvents';
import type { SocketHandler } from '../../realtime/types';
import { shipmentForParticipant } from './service';

/** shipment:join and shipment:leave: the workspace's room, for its viewers only (anyone else: not found). */
export const shipmentWorkspaceSocketHandler: SocketHandler = (socket, { rt }) => {
  const on = clientEvents(socket, rt.log);

  on('shipment:join', shipmentRoomSchema, async ({ shipmentId }) => {
    await shipmentForParticipant(socket.data.actor, shipmentId);
    await socket.join(rooms.shipment(shipmentId));
    return { shipmentId };
  });

  on('shipment:leave', shipmentRoomSchema, async ({ shipmentId }) => {
    await socket.leave(rooms.shipment(shipmentId));
    return { shipmentId };
  });
};
