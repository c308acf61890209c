import { useState } from 'react';

export type BoardView = 'cards' | 'table';
const KEY = 'freightconnect.boardView';

function stored(): BoardView {
  try {
    return localStorage.getItem(KEY) === 'table' ? 'table' : 'cards';
  } catch {
    return 'cards'; // storage refused (private mode): cards, as before
  }
}

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
