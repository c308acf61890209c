import {
  boardFilterSchema,
  loadboardFiltersPayloadSchema,
  loadboardLeavePayloadSchema,
  rooms,
} from '@freight/shared';
import { z } from 'zod';
import { clientEvents, expecting } from '../../realtime/clientEvents';
import type { SocketHandler } from '../../realtime/types';
import { closeBoard, openBoard } from './book/boards';

const joinPayloadSchema = expecting(
  z.union([z.object({}), z.undefined(), z.null()]),
  'Expected an empty payload',
);
const leavePayloadSchema = expecting(loadboardLeavePayloadSchema, 'Expected an empty payload or { board }');
/** A malformed envelope is refused as a whole; a filter that does not parse is named. */
const filtersPayloadSchema = expecting(
  loadboardFiltersPayloadSchema,
  'Expected { board, filters }',
).transform(({ board, filters }, ctx) => {
  const parsed = boardFilterSchema.safeParse(filters);
  if (parsed.success) return { board, filters: parsed.data };
  const issue = parsed.error.issues[0];
  ctx.addIssue({
    code: 'custom',
    path: issue.path.length ? issue.path : ['filters'],
    message: issue.message,
  });
  return z.NEVER;
});

/**
 * The boards open on a socket, with their filters: the open-load book pushes each socket only the postings and
 * changes its boards show, and removals of loads they showed (loadboard:filters / loadboard:join / loadboard:leave).
 */
export const freightSocketHandler: SocketHandler = (socket, { rt }) => {
  const on = clientEvents(socket, rt.log);

  on('loadboard:join', joinPayloadSchema, () => {
    openBoard(socket, 'road', {});
    return { room: rooms.loadboard };
  });

  on('loadboard:filters', filtersPayloadSchema, ({ board, filters }) => {
    openBoard(socket, board, filters);
    return { board };
  });

  on('loadboard:leave', leavePayloadSchema, (payload) => {
    closeBoard(socket, payload?.board);
    return { room: rooms.loadboard };
  });
};
