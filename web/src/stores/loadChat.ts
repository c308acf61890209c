import type { ChatMessageDto, ChatMessageInput, ChatPageDto, ServerEventPayload } from '@freight/shared';
import { apiRequest, logFailure } from '../lib/api';
import { createDetailStore } from '../lib/resourceStore';
import { emitWithAck } from '../lib/socket';
import { socketOrRest } from '../lib/socketOrRest';
import { lastSeqOf, withFetched, withPushed, type ChatSequence } from './chatSequence';

const CHAT_PAGE_SIZE = 50;
/** A catch-up stops after this many pages; the next one (poll, reconnect, gap) goes on from the cursor. */
const CATCH_UP_MAX_PAGES = 20;

/** A load's chat as loaded so far (the first page, older pages, what was pushed and caught up). */
export interface ChatThread extends ChatSequence {
  /** The load's id. */
  id: string;
  hasOlder: boolean;
  /** The user's unread count when the first page came. */
  unreadCount: number;
}

interface LoadChatActions {
  loadingOlder: boolean;
  loadOlder: (freightId: string) => Promise<void>;
  /**
   * Fetches the messages after the cursor (on joining the room, the polling fallback, a gap in the pushes); a chat
   * not loaded yet (or unavailable until booking) tries its first page again.
   */
  catchUp: (freightId: string) => Promise<void>;
  send: (freightId: string, input: ChatMessageInput) => Promise<ChatMessageDto>;
  /** The `chat:message` socket event; true when it showed a gap (the caller catches up). */
  receive: (payload: ServerEventPayload<'chat:message'>) => boolean;
}

const chatPath = (freightId: string, query: string) =>
  `/api/freight/${freightId}/chat?pageSize=${CHAT_PAGE_SIZE}${query}`;

/** A client message id: a retried send of the same message carries the same one (stored once). */
function newClientMessageId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * The open load's chat (DESIGN §1): messages merged by id and shown in seq order, so nothing appears twice; live
 * from socketRoutes. A chat the server refuses until booking (409) fails with the server's message.
 */
export const useLoadChatStore = createDetailStore<ChatThread, LoadChatActions>({
  name: 'the chat',
  refetchOnReconnect: false, // the open load's chat catches up when its room is joined again
  fetch: async (freightId) => {
    const page = await apiRequest<ChatPageDto>('GET', chatPath(freightId, ''));
    const empty: ChatSequence = { messages: [], syncedSeq: 0 };
    return {
      id: freightId,
      ...withFetched(empty, page.messages, lastSeqOf(page.messages, 0)),
      hasOlder: page.hasMore,
      unreadCount: page.unreadCount,
    };
  },
  extend: (set, get) => {
    const catchingUp = new Set<string>();
    const thread = (freightId: string) => get().byId[freightId]?.data;

    return {
      loadingOlder: false,

      loadOlder: async (freightId) => {
        const shown = thread(freightId);
        if (!shown?.hasOlder || get().loadingOlder || shown.messages.length === 0) return;
        set({ loadingOlder: true });
        try {
          const page = await apiRequest<ChatPageDto>(
            'GET',
            chatPath(freightId, `&before=${shown.messages[0].seq}`),
          );
          const current = thread(freightId);
          if (current)
            get().patch(freightId, { ...withFetched(current, page.messages), hasOlder: page.hasMore });
        } catch (err) {
          logFailure('Loading older messages', err);
        } finally {
          set({ loadingOlder: false });
        }
      },

      catchUp: async (freightId) => {
        const entry = get().byId[freightId];
        if (!entry || entry.status === 'loading' || catchingUp.has(freightId)) return;
        if (entry.status !== 'loaded') {
          await get().load(freightId);
          return;
        }
        catchingUp.add(freightId);
        try {
          for (let pages = 0; pages < CATCH_UP_MAX_PAGES; pages++) {
            const after = thread(freightId)?.syncedSeq ?? 0;
            const page = await apiRequest<ChatPageDto>('GET', chatPath(freightId, `&after=${after}`));
            const current = thread(freightId);
            if (!current) return;
            get().patch(freightId, withFetched(current, page.messages, lastSeqOf(page.messages, after)));
            if (!page.hasMore) break;
          }
        } catch (err) {
          logFailure('Catching up the chat', err);
        } finally {
          catchingUp.delete(freightId);
        }
      },

      send: async (freightId, input) => {
        const payload = { ...input, clientMessageId: input.clientMessageId ?? newClientMessageId() };
        const message = await socketOrRest(
          () => emitWithAck('chat:send', { ...payload, freightId }),
          () => apiRequest<ChatMessageDto>('POST', `/api/freight/${freightId}/chat/message`, payload),
        );
        const current = thread(freightId);
        if (current) get().patch(freightId, withFetched(current, [message]));
        return message;
      },

      receive: ({ freightId, message }) => {
        const current = thread(freightId);
        if (!current || get().byId[freightId]?.status !== 'loaded') return false;
        const { gap, ...merged } = withPushed(current, message);
        get().patch(freightId, merged);
        return gap;
      },
    };
  },
});
