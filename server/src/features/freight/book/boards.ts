import {
  compileBoardFilter,
  type BoardFilter,
  type BoardName,
  type FreightListingDto,
} from '@freight/shared';
import { viewerLoadActions } from '../../../policies/freight';
import type { AppSocket } from '../../../realtime/types';
import type { BookChange } from './book';

interface OpenBoard {
  /** The open loads this board shows. */
  shows: (l: FreightListingDto) => boolean;
  /** The same filters on any status (the viewer's own loads in later states stay on their board). */
  showsOwn: (l: FreightListingDto) => boolean;
}

/** The boards open on this process's sockets, with their filters (each process matches its own sockets). */
const boards = new Map<AppSocket, Map<BoardName, OpenBoard>>();

export function openBoard(socket: AppSocket, name: BoardName, filters: BoardFilter): void {
  let mine = boards.get(socket);
  if (!mine) {
    mine = new Map();
    boards.set(socket, mine);
    socket.once('disconnect', () => boards.delete(socket));
  }
  mine.set(name, {
    shows: compileBoardFilter(filters),
    showsOwn: compileBoardFilter(filters, { anyStatus: true }),
  });
}

export function closeBoard(socket: AppSocket, name?: BoardName): void {
  const mine = boards.get(socket);
  if (!mine) return;
  if (name) mine.delete(name);
  if (!name || mine.size === 0) boards.delete(socket);
}

export function openBoardCount(): number {
  return boards.size;
}

/**
 * Pushes one change to the sockets whose boards it concerns: `freight:posted` / `freight:updated` when a board shows
 * the load after the change (the viewer's own loads on any status but cancelled), `freight:removed` when a board
 * showed it before and does not now. Other sockets hear nothing.
 */
export function pushChange(change: BookChange, kind: 'posted' | 'updated'): void {
  const { before, after } = change;
  for (const [socket, mine] of boards) {
    const me = socket.data.actor.id;
    const own = (after.userId === me || after.carrierId === me) && after.status !== 'cancelled';
    let shows = false;
    let showed = false;
    for (const board of mine.values()) {
      if (board.shows(after) || (own && board.showsOwn(after))) shows = true;
      if (before && board.shows(before)) showed = true;
    }
    if (shows) {
      // What this viewer may do with it (issue 23): each socket hears the load with its own actions.
      const listing = { ...after, viewerActions: viewerLoadActions(socket.data.actor, after) };
      socket.emit(kind === 'posted' && !before ? 'freight:posted' : 'freight:updated', { listing });
    } else if (showed) {
      socket.emit('freight:removed', { id: after.id });
    }
  }
}
