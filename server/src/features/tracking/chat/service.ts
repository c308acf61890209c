import {
  CHAT_NOT_AVAILABLE_MESSAGE,
  type ChatMessageDto,
  type chatMessageSchema,
  type chatQuerySchema,
  type ChatPageDto,
  type UnreadCountDto,
  rooms,
} from '@freight/shared';
import type { z } from 'zod';
import { Types } from 'mongoose';
import { badRequest, conflict } from '../../../http/errors';
import { compareBy } from '../../../http/paginate';
import { authorize, type Actor } from '../../../policies';
import { FreightModel, roundCoord, type FreightListing } from '../../freight/model';
import { recordFact, type Fact } from '../../../events/record';
import { publish } from '../../../realtime/publish';
import {
  ChatMessageModel,
  ChatReadMarkerModel,
  ChatRoomModel,
  FreightPhotoModel,
  PHOTO_URL_PATTERN,
  toChatMessageDto,
  toChatRoomDto,
  type ChatMessage,
  type ChatRoom,
} from '../model';
import { nextInSequence, peekSequences } from '../../../infra/counters';
import { consumeRateLimit } from '../../../infra/rateLimit';
import {
  READ_ONLY_MESSAGE,
  chatRoomOf,
  loadForParticipant,
  roomsOfLoads,
  userSummaries,
} from '../access/service';

async function lastReadSeq(roomId: Types.ObjectId, userId: string): Promise<number> {
  const marker = await ChatReadMarkerModel.findOne({ chatRoomId: roomId, userId }).lean();
  return marker?.lastReadSeq ?? 0;
}

/**
 * Unread messages (from others, after the user's read marker) in each of these rooms. A room whose last number
 * (the Redis sequence chat sends draw from) is not past the marker has none, with no read; the others count among
 * the room's own messages (a `chatRoomId` equality each).
 */
async function unreadIn(
  roomIds: Types.ObjectId[],
  userId: string,
  readUpTo: (roomId: Types.ObjectId) => number | Promise<number>,
): Promise<number[]> {
  const me = new Types.ObjectId(userId);
  const lastSeqs = await peekSequences(roomIds.map((id) => `chat:${String(id)}`));
  return Promise.all(
    roomIds.map(async (chatRoomId, i) => {
      const after = await readUpTo(chatRoomId);
      const last = lastSeqs[i];
      if (last !== null && last <= after) return 0;
      return ChatMessageModel.countDocuments({ chatRoomId, seq: { $gt: after }, userId: { $ne: me } });
    }),
  );
}

export async function unreadInRoom(roomId: Types.ObjectId, userId: string): Promise<number> {
  return (await unreadIn([roomId], userId, (id) => lastReadSeq(id, userId)))[0];
}

/** Unread messages per room id; the user's read markers in one read (a `userId` equality). */
export async function unreadByRoom(userId: string, roomList: ChatRoom[]): Promise<Map<string, number>> {
  if (roomList.length === 0) return new Map();
  const markers = await ChatReadMarkerModel.find({ userId: new Types.ObjectId(userId) }).lean();
  const readUpTo = new Map(markers.map((m) => [String(m.chatRoomId), m.lastReadSeq ?? 0]));
  const counts = await unreadIn(
    roomList.map((r) => r._id),
    userId,
    (id) => readUpTo.get(String(id)) ?? 0,
  );
  return new Map(roomList.map((r, i) => [String(r._id), counts[i]]));
}

async function messageDtos(messages: ChatMessage[]): Promise<ChatMessageDto[]> {
  const users = await userSummaries(messages.map((m) => m.userId));
  return messages.map((m) => toChatMessageDto(m, users.get(String(m.userId))));
}

/**
 * GET /api/freight/:id/chat. Without a cursor: the newest page. `before=<seq>`: the page older than that (scrolling
 * up). `after=<seq>`: what came after that, oldest first (catching up after an outage). Messages are oldest → newest.
 */
export async function getChat(
  actor: Actor,
  freightId: string,
  q: z.output<typeof chatQuerySchema>,
): Promise<ChatPageDto> {
  const load = await loadForParticipant(actor, freightId);
  const room = await chatRoomOf(load);
  if (!room) throw conflict(CHAT_NOT_AVAILABLE_MESSAGE);
  let messages: ChatMessage[];
  let hasMore: boolean;
  if (q.after !== undefined) {
    messages = await ChatMessageModel.find({ chatRoomId: room._id, seq: { $gt: q.after } })
      .sort({ seq: 1 })
      .limit(q.pageSize + 1)
      .lean<ChatMessage[]>();
    hasMore = messages.length > q.pageSize;
    messages = messages.slice(0, q.pageSize);
  } else {
    const filter =
      q.before !== undefined ? { chatRoomId: room._id, seq: { $lt: q.before } } : { chatRoomId: room._id };
    messages = await ChatMessageModel.find(filter)
      .sort({ seq: -1 })
      .limit(q.pageSize + 1)
      .lean<ChatMessage[]>();
    hasMore = messages.length > q.pageSize;
    messages = messages.slice(0, q.pageSize).reverse();
  }
  const [total, unreadCount, dtos] = await Promise.all([
    ChatMessageModel.countDocuments({ chatRoomId: room._id }),
    unreadInRoom(room._id, actor.id),
    messageDtos(messages),
  ]);
  return { room: toChatRoomDto(room), messages: dtos, hasMore, total, unreadCount };
}

/** An image message must show a photo uploaded to this load (served to participants only), nothing else. */
async function assertOwnPhotoUrl(load: FreightListing, imageUrl: string): Promise<void> {
  const m = PHOTO_URL_PATTERN.exec(imageUrl);
  const ok =
    m !== null &&
    m[1] === String(load._id) &&
    (await FreightPhotoModel.exists({ _id: m[2], freightListingId: load._id })) !== null;
  if (!ok) throw badRequest('imageUrl: Upload the image to this load first');
}

/**
 * POST /api/freight/:id/chat/message and the chat:send socket event. A retried send (same clientMessageId from the
 * same user) answers the message stored the first time and stores nothing.
 */
export async function sendChatMessage(
  actor: Actor,
  freightId: string,
  input: z.output<typeof chatMessageSchema>,
): Promise<{ message: ChatMessageDto; created: boolean }> {
  const load = await loadForParticipant(actor, freightId);
  authorize(actor, 'tracking:write', load, { message: READ_ONLY_MESSAGE });
  const room = await chatRoomOf(load);
  if (!room) throw conflict(CHAT_NOT_AVAILABLE_MESSAGE);
  await consumeRateLimit('chat', actor.id);
  if (input.messageType === 'image') await assertOwnPhotoUrl(load, input.imageUrl!);

  const findRetried = async () =>
    input.clientMessageId
      ? ChatMessageModel.findOne({
          chatRoomId: room._id,
          userId: actor.id,
          clientMessageId: input.clientMessageId,
        }).lean<ChatMessage>()
      : null;
  // The next number in the room comes from a Redis counter (atomic across processes; seeded from the stored
  // messages when Redis does not hold it), so a send costs no read of the room's messages (a full read on FerretDB,
  // which pushes down only `_id`). The unique index on (room, seq) stays the backstop: a clash takes the next number.
  // A retried send (same clientMessageId) is refused by the other unique index and answers with the message stored
  // the first time; the number it drew is skipped, so numbers increase but may have gaps (the client's catch-up
  // takes the server's last number as synced, so a gap costs at most one extra fetch).
  const lastStoredSeq = async () =>
    (
      await ChatMessageModel.findOne({ chatRoomId: room._id }, { seq: 1 })
        .sort({ seq: -1 })
        .lean<{ seq: number }>()
    )?.seq ?? 0;
  const sender = (await userSummaries([actor.id])).get(actor.id);
  const loadId = String(load._id);
  let message: ChatMessageDto | null = null;
  for (let attempt = 0; !message; attempt++) {
    const seq = await nextInSequence(`chat:${String(room._id)}`, lastStoredSeq);
    const doc = new ChatMessageModel({
      chatRoomId: room._id,
      freightListingId: load._id,
      seq,
      userId: actor.id,
      message: input.message,
      messageType: input.messageType,
      imageUrl: input.messageType === 'image' ? input.imageUrl : null,
      latitude: input.messageType === 'location' ? roundCoord(input.latitude!) : null,
      longitude: input.messageType === 'location' ? roundCoord(input.longitude!) : null,
      clientMessageId: input.clientMessageId ?? new Types.ObjectId().toHexString(),
      createdAt: new Date(),
    });
    const dto = toChatMessageDto(doc.toObject() as ChatMessage, sender);
    try {
      // Under the message's own lease, not the load's (see 'chatMessage' in infra/concurrency.ts). A crash between
      // the insert and its fact is settled at start, or by the projector that reaches it.
      await recordFact({ kind: 'chatMessage', id: dto.id }, chatFact(actor, loadId, dto), () => doc.save());
      message = dto;
    } catch (err) {
      if ((err as { code?: number }).code !== 11000 || attempt >= 20) throw err;
      const twin = await findRetried();
      if (twin) return { message: (await messageDtos([twin]))[0], created: false };
    }
  }

  // The sender has read everything up to their own message (the others' new counts: tracking/projectors.ts).
  await markReadUpTo(room._id, actor.id, message.seq);
  return { message, created: true };
}

/** A message posted in a load's chat (its own id keys it; the stored message proves it). */
function chatFact(actor: Actor, loadId: string, message: ChatMessageDto): Fact<'chat.posted'> {
  return {
    name: 'chat.posted',
    key: message.id,
    by: actor,
    loadId,
    subjects: { messageId: message.id, chatRoomId: message.chatRoomId },
    data: { message },
    proof: {
      collection: ChatMessageModel.collection.collectionName,
      filter: { _id: new Types.ObjectId(message.id) },
    },
  };
}

/**
 * Moves the user's read marker up to `seq` (never back). Two concurrent upserts of a marker that does not exist yet
 * both try to insert it, and the unique index refuses the second (on MongoDB as on FerretDB): that one then
 * updates the marker the first created.
 */
async function markReadUpTo(chatRoomId: Types.ObjectId, userId: string, seq: number): Promise<void> {
  const update = () =>
    ChatReadMarkerModel.updateOne({ chatRoomId, userId }, { $max: { lastReadSeq: seq } }, { upsert: true });
  try {
    await update();
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err;
    await update();
  }
}

/** POST /api/freight/:id/chat/read: marks the chat read up to `seq` (default: everything). */
export async function markChatRead(
  actor: Actor,
  freightId: string,
  seq: number | undefined,
): Promise<UnreadCountDto> {
  const load = await loadForParticipant(actor, freightId);
  const room = await chatRoomOf(load);
  if (!room) return { freightId, unreadCount: 0 };
  const last = await ChatMessageModel.findOne({ chatRoomId: room._id }, { seq: 1 })
    .sort({ seq: -1 })
    .lean<{ seq: number }>();
  const upTo = Math.min(seq ?? Infinity, last?.seq ?? 0);
  await markReadUpTo(room._id, actor.id, upTo);
  const result = { freightId, unreadCount: await unreadInRoom(room._id, actor.id) };
  // Not a business fact (no one else's view changes): the reader's other tabs get their count straight from here.
  publish('chat:unread', rooms.user(actor.id), result);
  return result;
}

/** GET /api/tracking/unread: the user's loads with unread chat messages (the navigation's counts). */
export async function unreadCounts(actor: Actor): Promise<{ items: UnreadCountDto[]; total: number }> {
  const me = new Types.ObjectId(actor.id);
  const newest = { createdAt: -1 as const, _id: -1 as const };
  // The user's rooms by each role a room names (two equalities, merged), newest 200.
  const byRole = await Promise.all(
    [{ shipperId: me }, { carrierId: me }].map((f) =>
      ChatRoomModel.find(f).sort(newest).limit(200).lean<ChatRoom[]>(),
    ),
  );
  const roomList = byRole.flat().sort(compareBy(newest)).slice(0, 200);
  // Rooms name the shipper and carrier; a poster or broker of the load takes part too, and its assigned driver.
  const posted = await Promise.all(
    [{ userId: me }, { brokerId: me }, { shipperId: me }, { assignedDriverId: me }].map((f) =>
      FreightModel.find({ ...f, carrierId: { $ne: null } }, { _id: 1, updatedAt: 1 })
        .sort({ updatedAt: -1 })
        .limit(200)
        .lean<Array<{ _id: Types.ObjectId; updatedAt: Date }>>(),
    ),
  );
  const known = new Set(roomList.map((r) => String(r.freightListingId)));
  const missing = [...new Map(posted.flat().map((p) => [String(p._id), p._id])).entries()]
    .filter(([id]) => !known.has(id))
    .map(([, id]) => id);
  roomList.push(...(await roomsOfLoads(missing)));
  const unread = await unreadByRoom(actor.id, roomList);
  const items = roomList
    .map((r) => ({ freightId: String(r.freightListingId), unreadCount: unread.get(String(r._id)) ?? 0 }))
    .filter((i) => i.unreadCount > 0);
  return { items, total: items.reduce((sum, i) => sum + i.unreadCount, 0) };
}
