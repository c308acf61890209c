import { DEFAULT_PAGE_SIZE, type MailboxMessageDto, type Page } from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createPagedListStore } from '../lib/resourceStore';

/** The admin mailbox (issue 27): what the embedded mail sink received, newest first, page by page. */
export const useAdminMailStore = createPagedListStore<MailboxMessageDto>({
  name: 'the mailbox',
  pageSize: DEFAULT_PAGE_SIZE,
  fetchPage: (page, pageSize) =>
    apiRequest<Page<MailboxMessageDto>>('GET', `/api/admin/mail?page=${page}&pageSize=${pageSize}`),
});
