import { EMPTY_LOAD_BOARD_FILTERS, type LoadBoardFilters } from '@freight/shared';

/** What a signed-out visitor asked for on the board, kept in the address (`?action=`) across signing in (issue 23). */
export const BOARD_ACTIONS = ['offer', 'book', 'save-search'] as const;
export type BoardAction = (typeof BOARD_ACTIONS)[number];

export function boardActionOf(value: string | null): BoardAction | null {
  return (BOARD_ACTIONS as readonly string[]).includes(value ?? '') ? (value as BoardAction) : null;
}

/** The tab's own storage: the filters of a search to save survive the reload that signing in makes. */
const KEY = 'fm.board.searchToSave';

export function keepSearchForSignIn(filters: LoadBoardFilters): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(filters));
  } catch {
    // storage off (private mode): the visitor sets the filters again after signing in
  }
}

/** The kept filters, once (read and forgotten), with any field they lack at its empty value. */
export function takeSearchKeptForSignIn(): LoadBoardFilters | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return null;
    const out: LoadBoardFilters = { ...EMPTY_LOAD_BOARD_FILTERS };
    for (const key of Object.keys(out) as (keyof LoadBoardFilters)[]) {
      const value = (parsed as Record<string, unknown>)[key];
      if (typeof value === typeof out[key]) (out as unknown as Record<string, unknown>)[key] = value;
    }
    return out;
  } catch {
    return null;
  }
}
