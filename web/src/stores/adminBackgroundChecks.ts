import {
  DEFAULT_PAGE_SIZE,
  type BackgroundCheckDto,
  type BackgroundCheckReviewInput,
  type Page,
  type PendingBackgroundCheckDto,
  type ServerEventPayload,
} from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createPagedListStore } from '../lib/resourceStore';
import { applyCheckQueueChange } from './adminBackgroundChecksQueue';

/** The admins' queue of pending background checks, oldest first, grown page by page; live through socketRoutes. */
export const useAdminBackgroundChecksStore = createPagedListStore<
  PendingBackgroundCheckDto,
  Page<PendingBackgroundCheckDto>,
  {
    /** Approve, or reject with a reason; throws the API error for the page to report. The check leaves the queue. */
    review: (id: string, decision: BackgroundCheckReviewInput) => Promise<BackgroundCheckDto>;
    /** `admin:background-checks-changed`. */
    receiveQueueChange: (payload: ServerEventPayload<'admin:background-checks-changed'>) => void;
  }
>({
  name: 'the background check queue',
  pageSize: DEFAULT_PAGE_SIZE,
  fetchPage: (page, pageSize) =>
    apiRequest<Page<PendingBackgroundCheckDto>>(
      'GET',
      `/api/admin/background-checks?page=${page}&pageSize=${pageSize}`,
    ),
  extend: (set, get) => ({
    review: async (id, decision) => {
      const check = await apiRequest<BackgroundCheckDto>(
        'POST',
        `/api/admin/background-checks/${id}/review`,
        decision,
      );
      get().remove(id);
      return check;
    },
    receiveQueueChange: (payload) => {
      if (get().status === 'idle') return;
      set((s) => applyCheckQueueChange(s, payload));
    },
  }),
});
