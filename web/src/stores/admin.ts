import { create } from 'zustand';
import {
  DEFAULT_PAGE_SIZE,
  type DocumentDto,
  type DocumentReviewInput,
  type Page,
  type PendingDocumentDto,
  type ReviewStatsDto,
  type ServerEventPayload,
} from '@freight/shared';
import { apiRequest, isSessionLost } from '../lib/api';
import { onReconnect, onSocketEvent } from '../lib/socket';

type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

interface AdminState {
  /** The document verification queue (call 23), oldest first. */
  pending: PendingDocumentDto[];
  /** Documents waiting in the queue (all pages). */
  total: number;
  /** Today's decisions and the mean time to a decision; null until loaded. */
  stats: ReviewStatsDto | null;
  loadStats: () => Promise<void>;
  page: number;
  status: LoadStatus;
  hasMore: () => boolean;
  loadPending: () => Promise<void>;
  loadNextPage: () => Promise<void>;
  /** Call 24; throws the API error for the page to report. The reviewed document leaves the queue. */
  review: (id: string, decision: DocumentReviewInput) => Promise<DocumentDto>;
  /** `admin:queue-changed`: another admin reviewed, a user uploaded, or a document expired. */
  receiveQueueChange: (payload: ServerEventPayload<'admin:queue-changed'>) => void;
  reset: () => void;
}

const PAGE_SIZE = DEFAULT_PAGE_SIZE;

function reportFailure(err: unknown): void {
  if (!isSessionLost(err)) console.error('Loading the verification queue failed', err);
}

const initialState = {
  pending: [] as PendingDocumentDto[],
  total: 0,
  stats: null as ReviewStatsDto | null,
  page: 0,
  status: 'idle' as LoadStatus,
};

export const useAdminStore = create<AdminState>((set, get) => ({
  ...initialState,

  hasMore: () => get().pending.length < get().total,

  loadStats: async () => {
    try {
      set({ stats: await apiRequest<ReviewStatsDto>('GET', '/api/admin/documents/stats') });
    } catch (err) {
      reportFailure(err);
    }
  },

  loadPending: async () => {
    set({ status: 'loading' });
    void get().loadStats();
    try {
      const result = await apiRequest<Page<PendingDocumentDto>>(
        'GET',
        `/api/admin/documents/pending?page=1&pageSize=${PAGE_SIZE}`,
      );
      set({ pending: result.items, total: result.total, page: 1, status: 'loaded' });
    } catch (err) {
      set({ status: 'failed' });
      reportFailure(err);
    }
  },

  loadNextPage: async () => {
    const { page, status } = get();
    if (status === 'loading' || !get().hasMore()) return;
    set({ status: 'loading' });
    try {
      const result = await apiRequest<Page<PendingDocumentDto>>(
        'GET',
        `/api/admin/documents/pending?page=${page + 1}&pageSize=${PAGE_SIZE}`,
      );
      set((s) => {
        const known = new Set(s.pending.map((d) => d.id));
        return {
          pending: [...s.pending, ...result.items.filter((d) => !known.has(d.id))],
          total: result.total,
          page: page + 1,
          status: 'loaded',
        };
      });
    } catch (err) {
      set({ status: 'failed' });
      reportFailure(err);
    }
  },

  review: async (id, decision) => {
    const document = await apiRequest<DocumentDto>('POST', `/api/admin/documents/${id}/review`, decision);
    set((s) => removeFromQueue(s, id));
    return document;
  },

  receiveQueueChange: ({ documentId, added, pendingCount }) => {
    // A decision (by any admin) changes today's counts.
    if (!added && get().status !== 'idle') void get().loadStats();
    set((s) => {
      if (s.status === 'idle') return s;
      if (added) {
        if (s.pending.some((d) => d.id === added.id)) return { total: pendingCount };
        // The queue is oldest first: a new document belongs at the end, once the end is loaded.
        const endLoaded = s.pending.length >= s.total;
        return { pending: endLoaded ? [...s.pending, added] : s.pending, total: pendingCount };
      }
      return { ...removeFromQueue(s, documentId), total: pendingCount };
    });
  },

  reset: () => set(initialState),
}));

function removeFromQueue(s: AdminState, id: string): Partial<AdminState> {
  if (!s.pending.some((d) => d.id === id)) return {};
  return { pending: s.pending.filter((d) => d.id !== id), total: Math.max(0, s.total - 1) };
}

onSocketEvent('admin:queue-changed', (payload) => useAdminStore.getState().receiveQueueChange(payload));
onReconnect(() => {
  if (useAdminStore.getState().status !== 'idle') void useAdminStore.getState().loadPending();
});
