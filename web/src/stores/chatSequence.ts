import type { ChatMessageDto } from '@freight/shared';

/** The messages of a load's chat on screen, and how far they are known without a hole. */
export interface ChatSequence {
  /** Ordered by seq, each id once. */
  messages: ChatMessageDto[];
  /** Every message up to this seq is in `messages` (or older than the first page): the catch-up cursor. */
  syncedSeq: number;
}

/** Merges by id and orders by seq: a message seen live and again in a fetched page appears once. */
export function mergeMessages(existing: ChatMessageDto[], incoming: ChatMessageDto[]): ChatMessageDto[] {
  const byId = new Map(existing.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** The highest seq reachable from `from` without a gap through the known messages. */
export function contiguousSeq(messages: ChatMessageDto[], from: number): number {
  const seqs = new Set(messages.map((m) => m.seq));
  let seq = from;
  while (seqs.has(seq + 1)) seq += 1;
  return seq;
}

/**
 * Merges fetched messages. `syncedThrough`: the seq up to which the fetch saw everything (the last message of the
 * first page or of a catch-up page); an older page or a sent message passes the current cursor.
 */
export function withFetched(
  chat: ChatSequence,
  fetched: ChatMessageDto[],
  syncedThrough = chat.syncedSeq,
): ChatSequence {
  const messages = mergeMessages(chat.messages, fetched);
  return { messages, syncedSeq: contiguousSeq(messages, Math.max(chat.syncedSeq, syncedThrough)) };
}

/** The seq a catch-up page saw everything through: its last message, or the cursor it asked after. */
export const lastSeqOf = (page: ChatMessageDto[], after: number): number => page.at(-1)?.seq ?? after;

/**
 * Merges a pushed message. `gap` when messages between the cursor and it are missing (a push was lost or came out
 * of order): the caller catches up from the cursor.
 */
export function withPushed(chat: ChatSequence, message: ChatMessageDto): ChatSequence & { gap: boolean } {
  const merged = withFetched(chat, [message]);
  return { ...merged, gap: message.seq > merged.syncedSeq };
}
