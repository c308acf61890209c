import { DEFAULT_PAGE_SIZE, type DocumentDto, type Page } from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createPagedListStore } from '../lib/resourceStore';

export interface UploadInput {
  file: File;
  documentType: string;
  /** 'YYYY-MM-DD'; sent only when set (SPEC §5). */
  expirationDate?: string;
}

function newestFirst(a: DocumentDto, b: DocumentDto): number {
  return b.uploadedAt.localeCompare(a.uploadedAt);
}

/** The signed-in user's documents (call 21), newest first, grown page by page; live through socketRoutes. */
export const useDocumentsStore = createPagedListStore<
  DocumentDto,
  Page<DocumentDto>,
  {
    /** Call 20; throws the API error (`"<status>: <body>"`) for the page to report. */
    upload: (input: UploadInput) => Promise<DocumentDto>;
    /** `document:reviewed` and `document:expired`: the document changed on the server. */
    receive: (document: DocumentDto) => void;
  }
>({
  name: 'documents',
  entities: { items: 'document' },
  pageSize: DEFAULT_PAGE_SIZE,
  fetchPage: (page, pageSize) =>
    apiRequest<Page<DocumentDto>>('GET', `/api/documents?page=${page}&pageSize=${pageSize}`),
  extend: (set, get) => ({
    upload: async ({ file, documentType, expirationDate }) => {
      const form = new FormData();
      form.append('documentType', documentType);
      if (expirationDate) form.append('expirationDate', expirationDate);
      form.append('file', file, file.name);
      const document = await apiRequest<DocumentDto>('POST', '/api/documents/upload', form);
      get().upsert(document);
      return document;
    },
    receive: (document) => {
      get().upsert(document);
      set((s) => ({ items: [...s.items].sort(newestFirst) }));
    },
  }),
});
