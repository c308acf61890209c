import {
  boardFilterSchema,
  loadboardFiltersPayloadSchema,
  loadboardLeavePayloadSchema,
  rooms,
  type Ack,
  type BoardName,
} from '@freight/shared';
import { z } from 'zod';
import type { SocketHandler } from '../../realtime/handlers';
import { closeBoard, openBoard } from './book/boards';

const joinPayloadSchema = z.union([z.object({}), z.undefined(), z.null()]);

const invalid = (message: string) => ({
  ok: false as const,
  error: { code: 'VALIDATION_ERROR' as const, message },
});
const replyOf = <T>(ack: unknown): ((res: Ack<T>) => void) =>
  typeof ack === 'function' ? (ack as (res: Ack<T>) => void) : () => undefined;

/**
 * The boards open on a socket, with their filters: the open-load book pushes each socket only the postings and
 * changes its boards show, and removals of loads they showed (loadboard:filters / loadboard:join / loadboard:leave).
 */
export const freightSocketHandler: SocketHandler = (socket) => {
  socket.on('loadboard:join', (payload: unknown, ack: unknown) => {
    const reply = replyOf<{ room: string }>(ack);
    if (!joinPayloadSchema.safeParse(payload).success) return reply(invalid('Expected an empty payload'));
    openBoard(socket, 'road', {});
    reply({ ok: true, data: { room: rooms.loadboard } });
  });

  socket.on('loadboard:filters', (payload: unknown, ack: unknown) => {
    const reply = replyOf<{ board: BoardName }>(ack);
    const envelope = loadboardFiltersPayloadSchema.safeParse(payload);
    if (!envelope.success) return reply(invalid('Expected { board, filters }'));
    const filters = boardFilterSchema.safeParse(envelope.data.filters);
    if (!filters.success) {
      const issue = filters.error.issues[0];
      return reply(invalid(`${issue.path.join('.') || 'filters'}: ${issue.message}`));
    }
    openBoard(socket, envelope.data.board, filters.data);
    reply({ ok: true, data: { board: envelope.data.board } });
  });

  socket.on('loadboard:leave', (payload: unknown, ack: unknown) => {
    const reply = replyOf<{ room: string }>(ack);
    const parsed = loadboardLeavePayloadSchema.safeParse(payload);
    if (!parsed.success) return reply(invalid('Expected an empty payload or { board }'));
    closeBoard(socket, parsed.data?.board);
    reply({ ok: true, data: { room: rooms.loadboard } });
  });
};
