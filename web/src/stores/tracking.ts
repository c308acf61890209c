import { create } from 'zustand';
import {
  CHAT_NOT_AVAILABLE_MESSAGE,
  type Ack,
  type ChatMessageDto,
  type ChatMessageInput,
  type ChatPageDto,
  type FreightPhotoDto,
  type FreightStatus,
  type LocationDto,
  type LocationPointDto,
  type Page,
  type ServerEventPayload,
  type TrackedLoadDto,
  type TrackingFreightDto,
  type TrackingStatusTarget,
  type UnreadCountDto,
} from '@freight/shared';
import { apiRequest, errorMessage, errorStatus, isSessionLost } from '../lib/api';
import { emitWithAck, isSocketConnected, onReconnect, onSocketEvent, useSocketStore } from '../lib/socket';

/**
 * Tracking (DESIGN §1, §7): the open load's detail, location and trail, photos and chat; the user's tracked loads;
 * unread chat counts per load. Socket events keep it live; while the socket is down the page polls (chat 5 s,
 * location 30 s) through `catchUpChat` and `refreshLocation`; on reconnect it re-joins the room and fetches what it
 * missed. Chat messages are merged by id and shown in seq order, so nothing appears twice.
 */

type LoadStatus = 'idle' | 'loading' | 'loaded' | 'notFound' | 'failed';
type ChatStatus = 'idle' | 'loading' | 'loaded' | 'unavailable' | 'failed';

const CHAT_PAGE_SIZE = 50;
const TRAIL_PAGE_SIZE = 100;
const PHOTO_PAGE_SIZE = 50;
const LOADS_PAGE_SIZE = 20;

interface TrackingState {
  freightId: string | null;
  detail: TrackingFreightDto | null;
  detailStatus: LoadStatus;
  location: LocationDto | null;
  /** Oldest → newest. */
  trail: LocationPointDto[];
  photos: FreightPhotoDto[];
  /** Ordered by seq. */
  messages: ChatMessageDto[];
  chatStatus: ChatStatus;
  chatError: string | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  /** Every message up to this seq is in `messages` (or older than the first page): the catch-up cursor. */
  syncedSeq: number;

  /** Unread chat messages per load id (the navigation's counts). */
  unread: Record<string, number>;
  unreadStatus: LoadStatus;

  loads: TrackedLoadDto[];
  loadsPage: number;
  loadsTotal: number;
  loadsStatus: LoadStatus;

  open: (freightId: string) => Promise<void>;
  close: () => void;
  loadOlderMessages: () => Promise<void>;
  /** Fetches the messages after `syncedSeq` (reconnect, and the polling fallback). */
  catchUpChat: () => Promise<void>;
  /** Re-reads the location (the polling fallback) or, with `full`, the detail, location, trail and photos. */
  refreshLocation: (full?: boolean) => Promise<void>;
  sendMessage: (input: ChatMessageInput) => Promise<ChatMessageDto>;
  sendImage: (file: File) => Promise<ChatMessageDto>;
  updateLocation: (latitude: number, longitude: number) => Promise<LocationDto>;
  uploadPhoto: (form: FormData) => Promise<FreightPhotoDto>;
  changeStatus: (status: TrackingStatusTarget) => Promise<void>;
  markRead: () => Promise<void>;
  loadUnread: () => Promise<void>;
  loadFirstLoadsPage: () => Promise<void>;
  loadNextLoadsPage: () => Promise<void>;

  receiveMessage: (payload: ServerEventPayload<'chat:message'>) => void;
  receiveLocation: (payload: ServerEventPayload<'freight:location'>) => void;
  receiveStatus: (payload: ServerEventPayload<'freight:status'>) => void;
  receivePhoto: (payload: ServerEventPayload<'freight:photo'>) => void;
  receiveUnread: (payload: UnreadCountDto) => void;
}

const openLoadState = {
  freightId: null as string | null,
  detail: null as TrackingFreightDto | null,
  detailStatus: 'idle' as LoadStatus,
  location: null as LocationDto | null,
  trail: [] as LocationPointDto[],
  photos: [] as FreightPhotoDto[],
  messages: [] as ChatMessageDto[],
  chatStatus: 'idle' as ChatStatus,
  chatError: null as string | null,
  hasOlder: false,
  loadingOlder: false,
  syncedSeq: 0,
};

function reportFailure(err: unknown, what: string): void {
  if (!isSessionLost(err)) console.error(`${what} failed`, err);
}

/** Merges by id and orders by seq: a message seen live and again in a catch-up page appears once. */
function mergeMessages(existing: ChatMessageDto[], incoming: ChatMessageDto[]): ChatMessageDto[] {
  const byId = new Map(existing.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** The highest seq reachable from `from` without a gap through the known messages. */
function contiguousSeq(messages: ChatMessageDto[], from: number): number {
  const seqs = new Set(messages.map((m) => m.seq));
  let seq = from;
  while (seqs.has(seq + 1)) seq += 1;
  return seq;
}

/** A client message id: a retried send of the same message carries the same one (stored once). */
function newClientMessageId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The ack failed for want of a connection (not a refusal): the same request goes over HTTP instead. */
const isTransportFailure = (ack: Ack<unknown>) =>
  !ack.ok && ack.error.code === 'INTERNAL_ERROR' && /Not connected|timed out/.test(ack.error.message);

/** Over the socket when connected, else (or when the socket fails us) over REST; refusals throw their message. */
async function socketOrRest<T>(viaSocket: () => Promise<Ack<T>>, viaRest: () => Promise<T>): Promise<T> {
  if (isSocketConnected()) {
    const ack = await viaSocket();
    if (ack.ok) return ack.data;
    if (!isTransportFailure(ack)) throw new Error(ack.error.message);
  }
  try {
    return await viaRest();
  } catch (err) {
    throw new Error(errorMessage(err));
  }
}

const base = (freightId: string) => `/api/freight/${freightId}`;

export const useTrackingStore = create<TrackingState>((set, get) => {
  /** Still looking at this load (a late answer for a load the user has left is dropped). */
  const current = (freightId: string) => get().freightId === freightId;

  async function join(freightId: string): Promise<void> {
    if (!isSocketConnected()) return;
    const ack = await emitWithAck('freight:join', { freightId });
    if (!ack.ok) {
      console.error('Joining the tracking room failed', ack.error);
      return;
    }
    // Whatever was sent between the first fetch (or the outage) and the join.
    if (current(freightId)) await get().catchUpChat();
  }

  async function loadChat(freightId: string): Promise<void> {
    set({ chatStatus: 'loading', chatError: null });
    try {
      const page = await apiRequest<ChatPageDto>('GET', `${base(freightId)}/chat?pageSize=${CHAT_PAGE_SIZE}`);
      if (!current(freightId)) return;
      const messages = mergeMessages(get().messages, page.messages);
      set((s) => ({
        messages,
        hasOlder: page.hasMore,
        chatStatus: 'loaded',
        unread: { ...s.unread, [freightId]: page.unreadCount },
        syncedSeq: Math.max(s.syncedSeq, page.messages.at(-1)?.seq ?? 0),
      }));
      set({ syncedSeq: contiguousSeq(get().messages, get().syncedSeq) });
    } catch (err) {
      if (!current(freightId)) return;
      if (errorStatus(err) === 409) {
        set({ chatStatus: 'unavailable', chatError: errorMessage(err, CHAT_NOT_AVAILABLE_MESSAGE) });
      } else {
        set({ chatStatus: 'failed', chatError: errorMessage(err) });
        reportFailure(err, 'Loading the chat');
      }
    }
  }

  async function loadTrail(freightId: string): Promise<void> {
    try {
      const page = await apiRequest<Page<LocationPointDto>>(
        'GET',
        `${base(freightId)}/location/history?pageSize=${TRAIL_PAGE_SIZE}`,
      );
      if (current(freightId)) set({ trail: [...page.items].reverse() });
    } catch (err) {
      reportFailure(err, 'Loading the location history');
    }
  }

  async function loadPhotos(freightId: string): Promise<void> {
    try {
      const page = await apiRequest<Page<FreightPhotoDto>>(
        'GET',
        `${base(freightId)}/photos?pageSize=${PHOTO_PAGE_SIZE}`,
      );
      if (current(freightId)) set({ photos: page.items });
    } catch (err) {
      reportFailure(err, 'Loading the photos');
    }
  }

  async function loadDetail(freightId: string): Promise<boolean> {
    try {
      const detail = await apiRequest<TrackingFreightDto>('GET', `${base(freightId)}/tracking`);
      if (!current(freightId)) return false;
      set({
        detail,
        detailStatus: 'loaded',
        location: {
          lat: detail.currentLat,
          lng: detail.currentLng,
          lastLocationUpdate: detail.lastLocationUpdate,
        },
      });
      return true;
    } catch (err) {
      if (!current(freightId)) return false;
      const status = errorStatus(err);
      if (status === 404 || status === 403) set({ detailStatus: 'notFound' });
      else {
        set({ detailStatus: 'failed' });
        reportFailure(err, 'Loading the load');
      }
      return false;
    }
  }

  return {
    ...openLoadState,
    unread: {},
    unreadStatus: 'idle',
    loads: [],
    loadsPage: 0,
    loadsTotal: 0,
    loadsStatus: 'idle',

    open: async (freightId) => {
      if (get().freightId && get().freightId !== freightId) get().close();
      set({ ...openLoadState, freightId, detailStatus: 'loading' });
      if (!(await loadDetail(freightId))) return;
      await Promise.all([loadChat(freightId), loadTrail(freightId), loadPhotos(freightId)]);
      if (current(freightId)) await join(freightId);
    },

    close: () => {
      const { freightId } = get();
      if (freightId && isSocketConnected()) void emitWithAck('freight:leave', { freightId });
      set({ ...openLoadState });
    },

    loadOlderMessages: async () => {
      const { freightId, messages, hasOlder, loadingOlder } = get();
      if (!freightId || !hasOlder || loadingOlder || messages.length === 0) return;
      set({ loadingOlder: true });
      try {
        const page = await apiRequest<ChatPageDto>(
          'GET',
          `${base(freightId)}/chat?pageSize=${CHAT_PAGE_SIZE}&before=${messages[0].seq}`,
        );
        if (current(freightId))
          set((s) => ({ messages: mergeMessages(s.messages, page.messages), hasOlder: page.hasMore }));
      } catch (err) {
        reportFailure(err, 'Loading older messages');
      } finally {
        set({ loadingOlder: false });
      }
    },

    catchUpChat: async () => {
      const { freightId, chatStatus } = get();
      if (!freightId) return;
      if (chatStatus !== 'loaded') {
        // Not loaded yet (or unavailable until booking): try the first page again.
        if (get().detailStatus === 'loaded') await loadChat(freightId);
        return;
      }
      try {
        for (let rounds = 0; rounds < 20; rounds++) {
          const after = get().syncedSeq;
          const page = await apiRequest<ChatPageDto>(
            'GET',
            `${base(freightId)}/chat?pageSize=${CHAT_PAGE_SIZE}&after=${after}`,
          );
          if (!current(freightId)) return;
          set((s) => {
            const messages = mergeMessages(s.messages, page.messages);
            return {
              messages,
              syncedSeq: contiguousSeq(messages, Math.max(after, page.messages.at(-1)?.seq ?? after)),
            };
          });
          if (!page.hasMore) break;
        }
      } catch (err) {
        reportFailure(err, 'Catching up the chat');
      }
    },

    refreshLocation: async (full = false) => {
      const { freightId } = get();
      if (!freightId) return;
      if (full) {
        if (await loadDetail(freightId)) await Promise.all([loadTrail(freightId), loadPhotos(freightId)]);
        return;
      }
      try {
        const location = await apiRequest<LocationDto>('GET', `${base(freightId)}/location`);
        if (!current(freightId)) return;
        const known = get().location;
        if (known?.lastLocationUpdate !== location.lastLocationUpdate) {
          set({ location });
          void loadTrail(freightId);
        }
      } catch (err) {
        reportFailure(err, 'Loading the location');
      }
    },

    sendMessage: async (input) => {
      const freightId = get().freightId;
      if (!freightId) throw new Error('No load is open');
      const payload = { ...input, clientMessageId: input.clientMessageId ?? newClientMessageId() };
      const message = await socketOrRest(
        () => emitWithAck('chat:send', { ...payload, freightId }),
        () => apiRequest<ChatMessageDto>('POST', `${base(freightId)}/chat/message`, payload),
      );
      if (current(freightId)) set((s) => ({ messages: mergeMessages(s.messages, [message]) }));
      return message;
    },

    sendImage: async (file) => {
      const form = new FormData();
      form.append('photoType', 'in_transit');
      form.append('photo', file);
      const photo = await get().uploadPhoto(form);
      return get().sendMessage({ message: 'Shared a photo', messageType: 'image', imageUrl: photo.photoUrl });
    },

    updateLocation: async (latitude, longitude) => {
      const freightId = get().freightId;
      if (!freightId) throw new Error('No load is open');
      const location = await socketOrRest(
        () => emitWithAck('location:update', { freightId, latitude, longitude }),
        () => apiRequest<LocationDto>('POST', `${base(freightId)}/location`, { latitude, longitude }),
      );
      if (current(freightId)) {
        set({ location });
        // Without a socket no event comes back: re-read what the update changed.
        if (!isSocketConnected()) await get().refreshLocation(true);
      }
      return location;
    },

    uploadPhoto: async (form) => {
      const freightId = get().freightId;
      if (!freightId) throw new Error('No load is open');
      const photo = await apiRequest<FreightPhotoDto>('POST', `${base(freightId)}/photos`, form);
      if (current(freightId)) {
        set((s) => ({ photos: s.photos.some((p) => p.id === photo.id) ? s.photos : [photo, ...s.photos] }));
      }
      return photo;
    },

    changeStatus: async (status) => {
      const freightId = get().freightId;
      if (!freightId) return;
      const detail = await apiRequest<TrackingFreightDto>('POST', `${base(freightId)}/status`, { status });
      if (current(freightId)) set({ detail });
    },

    markRead: async () => {
      const { freightId, chatStatus } = get();
      if (!freightId || chatStatus !== 'loaded') return;
      set((s) => ({ unread: { ...s.unread, [freightId]: 0 } }));
      try {
        const result = await apiRequest<UnreadCountDto>('POST', `${base(freightId)}/chat/read`, {});
        get().receiveUnread(result);
      } catch (err) {
        reportFailure(err, 'Marking the chat read');
      }
    },

    loadUnread: async () => {
      set({ unreadStatus: 'loading' });
      try {
        const result = await apiRequest<{ items: UnreadCountDto[] }>('GET', '/api/tracking/unread');
        set({
          unread: Object.fromEntries(result.items.map((i) => [i.freightId, i.unreadCount])),
          unreadStatus: 'loaded',
        });
      } catch (err) {
        set({ unreadStatus: 'failed' });
        reportFailure(err, 'Loading unread chat counts');
      }
    },

    loadFirstLoadsPage: async () => {
      set({ loadsStatus: 'loading' });
      try {
        const page = await apiRequest<Page<TrackedLoadDto>>(
          'GET',
          `/api/tracking/loads?page=1&pageSize=${LOADS_PAGE_SIZE}`,
        );
        set({ loads: page.items, loadsPage: 1, loadsTotal: page.total, loadsStatus: 'loaded' });
      } catch (err) {
        set({ loadsStatus: 'failed' });
        reportFailure(err, 'Loading tracked loads');
      }
    },

    loadNextLoadsPage: async () => {
      const { loadsPage, loadsStatus, loads, loadsTotal } = get();
      if (loadsStatus === 'loading' || loads.length >= loadsTotal) return;
      set({ loadsStatus: 'loading' });
      try {
        const page = await apiRequest<Page<TrackedLoadDto>>(
          'GET',
          `/api/tracking/loads?page=${loadsPage + 1}&pageSize=${LOADS_PAGE_SIZE}`,
        );
        set((s) => {
          const seen = new Set(s.loads.map((l) => l.id));
          return {
            loads: [...s.loads, ...page.items.filter((l) => !seen.has(l.id))],
            loadsPage: loadsPage + 1,
            loadsTotal: page.total,
            loadsStatus: 'loaded',
          };
        });
      } catch (err) {
        set({ loadsStatus: 'failed' });
        reportFailure(err, 'Loading tracked loads');
      }
    },

    receiveMessage: ({ freightId, message }) => {
      if (!current(freightId) || get().chatStatus !== 'loaded') return;
      set((s) => {
        const messages = mergeMessages(s.messages, [message]);
        return { messages, syncedSeq: contiguousSeq(messages, s.syncedSeq) };
      });
    },

    receiveLocation: ({ freightId, lat, lng, lastLocationUpdate, point }) => {
      if (!current(freightId)) return;
      set((s) => ({
        location: { lat, lng, lastLocationUpdate },
        detail: s.detail ? { ...s.detail, currentLat: lat, currentLng: lng, lastLocationUpdate } : s.detail,
        trail: s.trail.some((p) => p.id === point.id) ? s.trail : [...s.trail, point],
      }));
    },

    receiveStatus: ({ freightId, status }) => {
      if (current(freightId)) {
        set((s) => ({ detail: s.detail ? { ...s.detail, status: status as FreightStatus } : s.detail }));
      }
      set((s) => ({ loads: s.loads.map((l) => (l.id === freightId ? { ...l, status } : l)) }));
    },

    receivePhoto: ({ freightId, photo }) => {
      if (!current(freightId)) return;
      set((s) => ({ photos: s.photos.some((p) => p.id === photo.id) ? s.photos : [photo, ...s.photos] }));
    },

    receiveUnread: ({ freightId, unreadCount }) => {
      set((s) => ({
        unread: { ...s.unread, [freightId]: unreadCount },
        loads: s.loads.map((l) => (l.id === freightId ? { ...l, unreadCount } : l)),
      }));
    },
  };
});

onSocketEvent('chat:message', (payload) => useTrackingStore.getState().receiveMessage(payload));
onSocketEvent('freight:location', (payload) => useTrackingStore.getState().receiveLocation(payload));
onSocketEvent('freight:status', (payload) => useTrackingStore.getState().receiveStatus(payload));
onSocketEvent('freight:photo', (payload) => useTrackingStore.getState().receivePhoto(payload));
onSocketEvent('chat:unread', (payload) => useTrackingStore.getState().receiveUnread(payload));

// Whenever the socket (re)connects: join the open load's room again and fetch what was missed.
useSocketStore.subscribe((state, previous) => {
  if (!state.connected || previous.connected) return;
  const { freightId, detailStatus } = useTrackingStore.getState();
  if (freightId && detailStatus === 'loaded') {
    void emitWithAck('freight:join', { freightId }).then((ack) => {
      if (ack.ok) void useTrackingStore.getState().catchUpChat();
    });
  }
});
onReconnect(() => {
  const state = useTrackingStore.getState();
  if (state.freightId && state.detailStatus === 'loaded') void state.refreshLocation(true);
  if (state.unreadStatus !== 'idle') void state.loadUnread();
  if (state.loadsStatus !== 'idle') void state.loadFirstLoadsPage();
});
