import {
  DEFAULT_PAGE_SIZE,
  type DocumentDto,
  type DocumentReviewInput,
  type Page,
  type PendingDocumentDto,
  type ReviewStatsDto,
  type ServerEventPayload,
} from '@freight/shared';
import { apiRequest, logFailure } from '../lib/api';
import { createPagedListStore } from '../lib/resourceStore';
import { applyQueueChange } from './adminQueue';

/** The queue's first page comes with today's review stats (null when they could not be read). */
interface QueuePage extends Page<PendingDocumentDto> {
  stats?: ReviewStatsDto | null;
}

function fetchStats(): Promise<ReviewStatsDto | null> {
  return apiRequest<ReviewStatsDto>('GET', '/api/admin/documents/stats').catch((err: unknown) => {
    logFailure('Loading the review stats', err);
    return null;
  });
}

/** The document verification queue (call 23), oldest first, grown page by page; live through socketRoutes. */
export const useAdminStore = createPagedListStore<
  PendingDocumentDto,
  QueuePage,
  {
    /** Today's decisions and the mean time to a decision; null until loaded. */
    stats: ReviewStatsDto | null;
    /** Call 24; throws the API error for the page to report. The reviewed document leaves the queue. */
    review: (id: string, decision: DocumentReviewInput) => Promise<DocumentDto>;
    /** `admin:queue-changed`; a decision (by any admin) also changes today's counts. */
    receiveQueueChange: (payload: ServerEventPayload<'admin:queue-changed'>) => void;
  }
>({
  name: 'the verification queue',
  pageSize: DEFAULT_PAGE_SIZE,
  fetchPage: async (page, pageSize) => {
    const queue = apiRequest<QueuePage>(
      'GET',
      `/api/admin/documents/pending?page=${page}&pageSize=${pageSize}`,
    );
    if (page > 1) return queue;
    const [answer, stats] = await Promise.all([queue, fetchStats()]);
    return { ...answer, stats };
  },
  fromPage: (answer) => (answer.stats ? { stats: answer.stats } : {}),
  extend: (set, get) => ({
    stats: null,
    review: async (id, decision) => {
      const document = await apiRequest<DocumentDto>('POST', `/api/admin/documents/${id}/review`, decision);
      get().remove(id);
      return document;
    },
    receiveQueueChange: (payload) => {
      if (get().status === 'idle') return;
      set((s) => applyQueueChange(s, payload));
      if (!payload.added) {
        void fetchStats().then((stats) => {
          if (stats) set({ stats });
        });
      }
    },
  }),
});
