import type { LoadHistoryEntryDto, LoadHistoryPageDto } from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createDetailStore } from '../lib/resourceStore';

/** A load's history (issue 26): its facts, oldest first, and where the next page starts. */
export interface LoadHistory {
  /** The load's id. */
  id: string;
  entries: LoadHistoryEntryDto[];
  next: number | null;
}

interface LoadHistoryActions {
  /** The next page of older-to-newer entries after the last one read. */
  more: (freightId: string) => Promise<void>;
  /** A fact pushed as it happens (`load:history`): kept once, in its place. */
  receive: (freightId: string, entry: LoadHistoryEntryDto) => void;
}

const page = (freightId: string, after?: number | null) =>
  apiRequest<LoadHistoryPageDto>(
    'GET',
    `/api/freight/${freightId}/history${after ? `?after=${after}&pageSize=100` : '?pageSize=100'}`,
  );

/** Entries by their place in the log, each once. */
const merged = (a: LoadHistoryEntryDto[], b: LoadHistoryEntryDto[]) => {
  const byId = new Map([...a, ...b].map((e) => [e.id, e]));
  return [...byId.values()].sort((x, y) => x.seq - y.seq);
};

export const useLoadHistoryStore = createDetailStore<LoadHistory, LoadHistoryActions>({
  name: 'the history',
  fetch: async (freightId) => ({ id: freightId, ...(await page(freightId)) }),
  extend: (_set, get) => ({
    more: async (freightId) => {
      const current = get().byId[freightId]?.data;
      if (!current?.next) return;
      const next = await page(freightId, current.next);
      get().patch(freightId, { entries: merged(current.entries, next.entries), next: next.next });
    },
    receive: (freightId, entry) => {
      const current = get().byId[freightId]?.data;
      // Not open here: the next open reads it. While a later page is unread, the push waits for that page.
      if (!current || current.next !== null) return;
      get().patch(freightId, { entries: merged(current.entries, [entry]) });
    },
  }),
});
