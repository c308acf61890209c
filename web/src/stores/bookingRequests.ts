import { create } from 'zustand';
import type { BookingRequestDto, Page } from '@freight/shared';
import { apiRequest, handleUnauthorized, isUnauthorizedError } from '../lib/api';
import { onReconnect, onSocketEvent } from '../lib/socket';
import { useFreightStore } from './freight';

type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** The dashboard's Carrier Booking Requests card: pending requests on the user's loads, live. */
interface BookingRequestsState {
  items: BookingRequestDto[];
  total: number;
  status: LoadStatus;
  load: () => Promise<void>;
  /** Approve or reject; resolves with the server's message (SPEC §7 call 7). */
  review: (id: string, status: 'approved' | 'rejected') => Promise<string>;
  reset: () => void;
}

const PAGE_SIZE = 50;

export const useBookingRequestsStore = create<BookingRequestsState>((set, get) => ({
  items: [],
  total: 0,
  status: 'idle',

  load: async () => {
    set({ status: 'loading' });
    try {
      const page = await apiRequest<Page<BookingRequestDto>>(
        'GET',
        `/api/booking-requests?status=pending&pageSize=${PAGE_SIZE}`,
      );
      set({ items: page.items, total: page.total, status: 'loaded' });
    } catch (err) {
      set({ status: 'failed' });
      if (isUnauthorizedError(err)) handleUnauthorized();
      else console.error('Loading booking requests failed', err);
    }
  },

  review: async (id, status) => {
    const res = await apiRequest<{ message: string }>('POST', `/api/booking-requests/${id}/review`, {
      status,
    });
    await get().load();
    if (useFreightStore.getState().status !== 'idle') void useFreightStore.getState().load();
    return res.message;
  },

  reset: () => set({ items: [], total: 0, status: 'idle' }),
}));

onSocketEvent('booking:requested', ({ request }) => {
  useBookingRequestsStore.setState((s) =>
    s.status === 'idle' || s.items.some((r) => r.id === request.id)
      ? s
      : { items: [request, ...s.items], total: s.total + 1 },
  );
});
onSocketEvent('booking:reviewed', ({ request }) => {
  useBookingRequestsStore.setState((s) =>
    s.items.some((r) => r.id === request.id)
      ? { items: s.items.filter((r) => r.id !== request.id), total: Math.max(0, s.total - 1) }
      : s,
  );
});
onReconnect(() => {
  if (useBookingRequestsStore.getState().status !== 'idle') void useBookingRequestsStore.getState().load();
});
