import { useState } from 'react';

export type BoardView = 'cards' | 'table';
const KEY = 'freightconnect.boardView';

/** The visitor chose the table in this browser (the prerendered board shows cards, so it is drawn afresh). */
export function prefersTableView(): boolean {
  try {
    return localStorage.getItem(KEY) === 'table';
  } catch {
    return false; // storage refused (private mode), or no browser (the prerender at build): cards, as before
  }
}

const stored = (): BoardView => (prefersTableView() ? 'table' : 'cards');

/** The board's layout, cards or table: the user's choice, remembered in this browser. */
export function useBoardView(): [BoardView, (view: BoardView) => void] {
  const [view, setView] = useState<BoardView>(stored);
  return [
    view,
    (next) => {
      setView(next);
      try {
        localStorage.setItem(KEY, next);
      } catch {
        // not remembered; the choice still applies now
      }
    },
  ];
}
