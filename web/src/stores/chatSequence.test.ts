import { describe, expect, it } from 'vitest';
import type { ChatMessageDto } from '@freight/shared';
import { lastSeqOf, mergeMessages, withFetched, withPushed, type ChatSequence } from './chatSequence';

const message = (seq: number, text = `m${seq}`): ChatMessageDto =>
  ({ id: `id${seq}`, seq, message: text }) as ChatMessageDto;
const seqs = (chat: ChatSequence) => chat.messages.map((m) => m.seq);
const empty: ChatSequence = { messages: [], syncedSeq: 0 };

describe('chat sequence', () => {
  it('merges by id and orders by seq, a later copy replacing an earlier one', () => {
    const merged = mergeMessages([message(3), message(1)], [message(2), message(3, 'again')]);
    expect(merged.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(merged[2].message).toBe('again');
  });

  it('advances the cursor through a first page to its last message', () => {
    const page = [message(4), message(5), message(6)];
    const chat = withFetched(empty, page, lastSeqOf(page, 0));
    expect(chat).toMatchObject({ syncedSeq: 6 });
    expect(seqs(chat)).toEqual([4, 5, 6]);
  });

  it('follows pushes in order without a gap', () => {
    const first = withPushed({ messages: [message(1)], syncedSeq: 1 }, message(2));
    expect(first).toMatchObject({ syncedSeq: 2, gap: false });
    expect(withPushed(first, message(3))).toMatchObject({ syncedSeq: 3, gap: false });
  });

  it('shows a duplicate push once and reports no gap', () => {
    const chat = { messages: [message(1), message(2)], syncedSeq: 2 };
    const again = withPushed(chat, message(2));
    expect(again).toMatchObject({ syncedSeq: 2, gap: false });
    expect(seqs(again)).toEqual([1, 2]);
  });

  it('reports a gap when a push skips a seq, and closes it when the missing one comes', () => {
    const chat = { messages: [message(1)], syncedSeq: 1 };
    const ahead = withPushed(chat, message(3));
    expect(ahead).toMatchObject({ syncedSeq: 1, gap: true });
    expect(seqs(ahead)).toEqual([1, 3]);
    // Out of order: the late push fills the hole and the cursor jumps past both.
    expect(withPushed(ahead, message(2))).toMatchObject({ syncedSeq: 3, gap: false });
  });

  it('merges a catch-up page with what was pushed meanwhile', () => {
    const pushed = withPushed({ messages: [message(1)], syncedSeq: 1 }, message(4));
    const page = [message(2), message(3), message(4)];
    const caughtUp = withFetched(pushed, page, lastSeqOf(page, pushed.syncedSeq));
    expect(caughtUp.syncedSeq).toBe(4);
    expect(seqs(caughtUp)).toEqual([1, 2, 3, 4]);
  });

  it('keeps the cursor where it was for an empty catch-up page or an older page', () => {
    const chat = { messages: [message(5), message(6)], syncedSeq: 6 };
    expect(withFetched(chat, [], lastSeqOf([], 6)).syncedSeq).toBe(6);
    const older = withFetched(chat, [message(3), message(4)]);
    expect(older.syncedSeq).toBe(6);
    expect(seqs(older)).toEqual([3, 4, 5, 6]);
  });
});
