import type { BackgroundCheckDto, BackgroundCheckInput, MyBackgroundCheckDto } from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createListStore } from '../lib/resourceStore';

/**
 * The signed-in driver's background check: a list of at most one (none before the first submission); live through
 * socketRoutes (`backgroundCheck:reviewed`).
 */
export const useBackgroundCheckStore = createListStore<
  BackgroundCheckDto,
  {
    /** POST /api/background-check; throws the API error (`"<status>: <body>"`) for the form to report. */
    submit: (input: BackgroundCheckInput) => Promise<BackgroundCheckDto>;
    /** `backgroundCheck:reviewed`: an admin decided. */
    receive: (check: BackgroundCheckDto) => void;
  },
  { items: BackgroundCheckDto[] }
>({
  name: 'your background check',
  fetch: async () => {
    const { check } = await apiRequest<MyBackgroundCheckDto>('GET', '/api/background-check');
    return { items: check ? [check] : [] };
  },
  extend: (set) => ({
    submit: async (input) => {
      const check = await apiRequest<BackgroundCheckDto>('POST', '/api/background-check', input);
      set({ items: [check], total: 1, status: 'loaded', error: null });
      return check;
    },
    receive: (check) => set((s) => (s.status === 'idle' ? s : { items: [check], total: 1 })),
  }),
});

/** The driver's check, or null (none submitted, or not loaded yet). */
export const selectMyCheck = (s: { items: BackgroundCheckDto[] }): BackgroundCheckDto | null =>
  s.items[0] ?? null;
