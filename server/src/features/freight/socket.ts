import { rooms, type Ack } from '@freight/shared';
import { z } from 'zod';
import type { SocketHandler } from '../../realtime/handlers';

const payloadSchema = z.union([z.object({}), z.undefined(), z.null()]);

/** Load board room membership (loadboard:join / loadboard:leave): signed-in sockets while the board is open. */
export const freightSocketHandler: SocketHandler = (socket) => {
  const handle =
    (join: boolean) =>
    (payload: unknown, ack: (res: Ack<{ room: string }>) => void): void => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      if (!payloadSchema.safeParse(payload).success) {
        reply({ ok: false, error: { code: 'VALIDATION_ERROR', message: 'Expected an empty payload' } });
        return;
      }
      if (join) void socket.join(rooms.loadboard);
      else void socket.leave(rooms.loadboard);
      reply({ ok: true, data: { room: rooms.loadboard } });
    };
  socket.on('loadboard:join', handle(true));
  socket.on('loadboard:leave', handle(false));
};
