import { chatMessageSchema, freightRoomSchema, rooms, socketLocationSchema } from '@freight/shared';
import { clientEvents } from '../../realtime/clientEvents';
import type { SocketHandler } from '../../realtime/types';
import { loadForParticipant } from './access/service';
import { sendChatMessage } from './chat/service';
import { updateLocation } from './positions/service';

/**
 * freight:join, freight:leave, chat:send, location:update. Joining freight:<id> is for participants only (the ack
 * says not found to anyone else); the writes go through the same services, and checks, as the REST calls.
 */
export const trackingSocketHandler: SocketHandler = (socket, { rt }) => {
  const on = clientEvents(socket, rt.log);

  on('freight:join', freightRoomSchema, async ({ freightId }) => {
    await loadForParticipant(socket.data.actor, freightId);
    await socket.join(rooms.freight(freightId));
    return { freightId };
  });

  on('freight:leave', freightRoomSchema, async ({ freightId }) => {
    await socket.leave(rooms.freight(freightId));
    return { freightId };
  });

  on('chat:send', freightRoomSchema.and(chatMessageSchema), async ({ freightId, ...message }) => {
    return (await sendChatMessage(socket.data.actor, freightId, message)).message;
  });

  on('location:update', socketLocationSchema, ({ freightId, ...location }) =>
    updateLocation(socket.data.actor, freightId, location),
  );
};
