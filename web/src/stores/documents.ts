import { create } from 'zustand';
import {
  DEFAULT_PAGE_SIZE,
  type DocumentDto,
  type Page,
  type ServerEventPayload,
  type VerificationStatusDto,
} from '@freight/shared';
import { apiRequest, isSessionLost } from '../lib/api';
import { onReconnect, onSocketEvent } from '../lib/socket';
import { useSessionStore } from './session';

type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface UploadInput {
  file: File;
  documentType: string;
  /** 'YYYY-MM-DD'; sent only when set (SPEC §5). */
  expirationDate?: string;
}

interface DocumentsState {
  /** The signed-in user's documents, newest first (call 21). */
  items: DocumentDto[];
  total: number;
  page: number;
  status: LoadStatus;
  /** Call 4: required, submitted and approved types, and isVerified. */
  verification: VerificationStatusDto | null;
  verificationStatus: LoadStatus;
  hasMore: () => boolean;
  loadDocuments: () => Promise<void>;
  loadNextPage: () => Promise<void>;
  loadVerification: () => Promise<void>;
  /** Call 20; throws the API error (`"<status>: <body>"`) for the page to report. */
  upload: (input: UploadInput) => Promise<DocumentDto>;
  /** `document:reviewed` and `document:expired`: the document changed on the server. */
  receiveDocument: (document: DocumentDto) => void;
  /** `verification:changed`. */
  receiveVerification: (payload: ServerEventPayload<'verification:changed'>) => void;
  reset: () => void;
}

const PAGE_SIZE = DEFAULT_PAGE_SIZE;

function reportFailure(what: string, err: unknown): void {
  if (!isSessionLost(err)) console.error(`${what} failed`, err);
}

/** The session user's isVerified follows the server's pushes, so every screen that reads it changes live. */
function syncSessionVerified(isVerified: boolean): void {
  const user = useSessionStore.getState().user;
  if (user && user.isVerified !== isVerified) useSessionStore.setState({ user: { ...user, isVerified } });
}

const initialState = {
  items: [] as DocumentDto[],
  total: 0,
  page: 0,
  status: 'idle' as LoadStatus,
  verification: null as VerificationStatusDto | null,
  verificationStatus: 'idle' as LoadStatus,
};

export const useDocumentsStore = create<DocumentsState>((set, get) => ({
  ...initialState,

  hasMore: () => get().items.length < get().total,

  loadDocuments: async () => {
    set({ status: 'loading' });
    try {
      const result = await apiRequest<Page<DocumentDto>>(
        'GET',
        `/api/documents?page=1&pageSize=${PAGE_SIZE}`,
      );
      set({ items: result.items, total: result.total, page: 1, status: 'loaded' });
    } catch (err) {
      set({ status: 'failed' });
      reportFailure('Loading documents', err);
    }
  },

  loadNextPage: async () => {
    const { page, status } = get();
    if (status === 'loading' || !get().hasMore()) return;
    set({ status: 'loading' });
    try {
      const result = await apiRequest<Page<DocumentDto>>(
        'GET',
        `/api/documents?page=${page + 1}&pageSize=${PAGE_SIZE}`,
      );
      set((s) => {
        const known = new Set(s.items.map((d) => d.id));
        return {
          items: [...s.items, ...result.items.filter((d) => !known.has(d.id))],
          total: result.total,
          page: page + 1,
          status: 'loaded',
        };
      });
    } catch (err) {
      set({ status: 'failed' });
      reportFailure('Loading documents', err);
    }
  },

  loadVerification: async () => {
    set({ verificationStatus: 'loading' });
    try {
      const verification = await apiRequest<VerificationStatusDto>('GET', '/api/users/verification-status');
      set({ verification, verificationStatus: 'loaded' });
      syncSessionVerified(verification.isVerified);
    } catch (err) {
      set({ verificationStatus: 'failed' });
      reportFailure('Loading the verification status', err);
    }
  },

  upload: async ({ file, documentType, expirationDate }) => {
    const form = new FormData();
    form.append('documentType', documentType);
    if (expirationDate) form.append('expirationDate', expirationDate);
    form.append('file', file, file.name);
    const document = await apiRequest<DocumentDto>('POST', '/api/documents/upload', form);
    set((s) =>
      s.items.some((d) => d.id === document.id) ? s : { items: [document, ...s.items], total: s.total + 1 },
    );
    // The submitted counter changed: read the status again.
    void get().loadVerification();
    return document;
  },

  receiveDocument: (document) => {
    set((s) => {
      const known = s.items.some((d) => d.id === document.id);
      if (known) return { items: s.items.map((d) => (d.id === document.id ? document : d)) };
      if (s.status === 'idle') return s;
      return { items: [document, ...s.items].sort(newestFirst), total: s.total + 1 };
    });
  },

  receiveVerification: ({ isVerified, requiredDocuments, submittedDocuments, approvedDocuments }) => {
    set({
      verification: { isVerified, requiredDocuments, submittedDocuments, approvedDocuments },
      verificationStatus: 'loaded',
    });
    syncSessionVerified(isVerified);
  },

  reset: () => set(initialState),
}));

function newestFirst(a: DocumentDto, b: DocumentDto): number {
  return b.uploadedAt.localeCompare(a.uploadedAt);
}

onSocketEvent('document:reviewed', ({ document }) => useDocumentsStore.getState().receiveDocument(document));
onSocketEvent('document:expired', ({ document }) => useDocumentsStore.getState().receiveDocument(document));
onSocketEvent('verification:changed', (payload) => useDocumentsStore.getState().receiveVerification(payload));
onReconnect(() => {
  const state = useDocumentsStore.getState();
  if (state.status !== 'idle') void state.loadDocuments();
  if (state.verificationStatus !== 'idle') void state.loadVerification();
});
