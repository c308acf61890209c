import { freightRoomSchema, rooms, type Ack } from '@freight/shared';
import { toAppError } from '../../http/errors';
import { parse } from '../../http/validate';
import type { SocketHandler } from '../../realtime/handlers';
import { loadForParticipant, sendChatMessage, updateLocation } from './service';

/** Runs one client event and answers its ack with DESIGN §1's shape, whatever goes wrong. */
async function answer<T>(
  ack: unknown,
  run: () => Promise<T>,
  log: (msg: string, err: unknown) => void,
): Promise<void> {
  let res: Ack<T>;
  try {
    res = { ok: true, data: await run() };
  } catch (err) {
    const appError = toAppError(err);
    if (!appError) log('tracking socket event failed', err);
    res = appError
      ? { ok: false, error: { code: appError.code, message: appError.message } }
      : { ok: false, error: { code: 'INTERNAL_ERROR', message: 'Something went wrong. Please try again.' } };
  }
  if (typeof ack === 'function') ack(res);
}

/**
 * freight:join, freight:leave, chat:send, location:update. Joining freight:<id> is for participants only (the ack
 * says not found to anyone else); the writes go through the same services, and checks, as the REST calls.
 */
export const trackingSocketHandler: SocketHandler = (socket, { rt }) => {
  const log = (msg: string, err: unknown) => rt.log.error(msg, err);

  socket.on('freight:join', (payload, ack) =>
    answer(
      ack,
      async () => {
        const { freightId } = parse(freightRoomSchema, payload);
        await loadForParticipant(socket.data.actor, freightId);
        await socket.join(rooms.freight(freightId));
        return { freightId };
      },
      log,
    ),
  );

  socket.on('freight:leave', (payload, ack) =>
    answer(
      ack,
      async () => {
        const { freightId } = parse(freightRoomSchema, payload);
        await socket.leave(rooms.freight(freightId));
        return { freightId };
      },
      log,
    ),
  );

  socket.on('chat:send', (payload, ack) =>
    answer(
      ack,
      async () => {
        const { freightId } = parse(freightRoomSchema, payload);
        return (await sendChatMessage(socket.data.actor, freightId, payload)).message;
      },
      log,
    ),
  );

  socket.on('location:update', (payload, ack) =>
    answer(
      ack,
      async () => {
        const { freightId } = parse(freightRoomSchema, payload);
        return updateLocation(socket.data.actor, freightId, payload);
      },
      log,
    ),
  );
};
