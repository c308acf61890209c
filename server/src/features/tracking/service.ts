import {
  CHAT_NOT_AVAILABLE_MESSAGE,
  FREIGHT_NOT_FOUND_MESSAGE,
  type ChatMessageDto,
  type chatMessageSchema,
  type chatQuerySchema,
  type LocationUpdateInput,
  type photoUploadSchema,
  type StatusChangeInput,
  type StopEventDto,
  type StopEventInput,
  type StopEventKind,
  STOP_EVENT_KINDS,
  STOP_EVENT_LABELS,
  type ChatPageDto,
  type FreightPhotoDto,
  type LocationDto,
  type LocationPointDto,
  type Page,
  type TrackedLoadDto,
  type TrackingFreightDto,
  type UnreadCountDto,
  type LoadPartiesDto,
  type LoadPartyDto,
  CARRIER_ON_LOAD_STATUSES,
  isCarrierOnLoad,
  isLocationUpdatable,
} from '@freight/shared';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { Types, type FilterQuery } from 'mongoose';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { compareBy, findByIds, paginate } from '../../http/paginate';
import type { PageQuery } from '../../http/validate';
import { withAggregate } from '../../infra/concurrency';
import {
  fileStore,
  isImage,
  sniffFile,
  storedFileName,
  type SniffedType,
  type UploadedFile,
} from '../../infra/storage';
import { assertStorageLeft } from '../documents/storageQuota';
import { authorize, type Actor } from '../../policies';
import { FreightModel, participantIds, roundCoord, type FreightListing } from '../freight/model';
import { moveLoad, withLoad } from '../freight/status';
import { UserModel } from '../users/model';
import {
  announceChatMessage,
  announceChatRead,
  announceLocation,
  announcePhoto,
  announceStop,
} from './announce';
import { openChatRoom } from './chatRooms';
import {
  ChatMessageModel,
  ChatReadMarkerModel,
  ChatRoomModel,
  FreightPhotoModel,
  LocationPointModel,
  LoadPositionModel,
  PHOTO_URL_PATTERN,
  positionOf,
  StopEventModel,
  toStopEventDto,
  type StopEvent,
  toChatMessageDto,
  toChatRoomDto,
  toFreightPhotoDto,
  toLocationPointDto,
  toTrackingFreightDto,
  type ChatMessage,
  type ChatRoom,
  type FreightPhoto,
  type LoadPosition,
  type LocationPoint,
  type UserSummarySource,
} from './model';
import { nextInSequence, peekSequences } from '../../infra/counters';
import { consumeRateLimit } from '../../infra/rateLimit';

/** An admin who is not a participant reads a load's chat and photos; only participants write (issue #12). */
const READ_ONLY_MESSAGE = "Only the load's participants can post here; admins can read.";

// ---------------------------------------------------------------------------------------------------------------
// Who sees a load

/** The load, if the actor takes part in it; anyone else is told it does not exist (404). */
export async function loadForParticipant(actor: Actor, freightId: string): Promise<FreightListing> {
  if (!Types.ObjectId.isValid(freightId)) throw notFound(FREIGHT_NOT_FOUND_MESSAGE);
  const load = await FreightModel.findById(freightId).lean<FreightListing>();
  if (!load) throw notFound(FREIGHT_NOT_FOUND_MESSAGE);
  authorize(actor, 'tracking:view', load, { hide: true, message: FREIGHT_NOT_FOUND_MESSAGE });
  return load;
}

async function userSummaries(ids: Array<Types.ObjectId | string>): Promise<Map<string, UserSummarySource>> {
  const users = await findByIds<UserSummarySource>(UserModel, ids, {
    firstName: 1,
    lastName: 1,
    profileImageUrl: 1,
  });
  return new Map(users.map((u) => [String(u._id), u]));
}

/** The room of a booked load. A load booked without one (an older booking) gets it now: booking opens it. */
async function chatRoomOf(load: FreightListing): Promise<ChatRoom | null> {
  const room = await ChatRoomModel.findOne({ freightListingId: load._id }).lean<ChatRoom>();
  if (room || !load.carrierId || !isCarrierOnLoad(load.status)) return room;
  await openChatRoom({
    freightId: String(load._id),
    shipperId: String(load.shipperId ?? load.userId),
    carrierId: String(load.carrierId),
  });
  return ChatRoomModel.findOne({ freightListingId: load._id }).lean<ChatRoom>();
}

/** GET /api/freight/:id/parties (issue 16): the poster and the carrier with their MC and USDOT numbers. */
export async function loadParties(actor: Actor, freightId: string): Promise<LoadPartiesDto> {
  const load = await loadForParticipant(actor, freightId);
  const users = await findByIds<PartySource>(
    UserModel,
    [load.userId, ...(load.carrierId ? [load.carrierId] : [])],
    { firstName: 1, lastName: 1, email: 1, companyName: 1, mcNumber: 1, usdotNumber: 1 },
  );
  const byId = new Map(users.map((u) => [String(u._id), u]));
  const party = (id: unknown): LoadPartyDto | null => {
    const u = id ? byId.get(String(id)) : undefined;
    if (!u) return null;
    return {
      name: `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() || u.email,
      companyName: u.companyName ?? null,
      mcNumber: u.mcNumber ?? null,
      usdotNumber: u.usdotNumber ?? null,
    };
  };
  return { poster: party(load.userId), carrier: party(load.carrierId) };
}
type PartySource = {
  _id: Types.ObjectId;
  firstName?: string | null;
  lastName?: string | null;
  email: string;
  companyName?: string | null;
  mcNumber?: string | null;
  usdotNumber?: string | null;
};

/** GET /api/freight/:id/tracking: SPEC §3 "Freight detail (tracking)". */
export async function getTrackingDetail(actor: Actor, freightId: string): Promise<TrackingFreightDto> {
  const load = await loadForParticipant(actor, freightId);
  return toTrackingFreightDto(actor, load, (await chatRoomOf(load)) !== null, await positionRecord(load._id));
}

function positionRecord(loadId: Types.ObjectId): Promise<LoadPosition | null> {
  return LoadPositionModel.findById(loadId).lean<LoadPosition>();
}

/**
 * Loads that have (had) a carrier, as equality-led filters (DESIGN §2): one per role the user can hold on a load,
 * each reading only the user's own loads (the carrier condition is checked among them). An admin sees every load
 * past 'available', one status at a time, and cancelled loads that had a carrier.
 */
function trackedLoadFilters(actor: Actor): Array<FilterQuery<FreightListing>> {
  if (actor.userType === 'admin') {
    return [
      ...CARRIER_ON_LOAD_STATUSES.map((status) => ({ status })),
      { status: 'cancelled', carrierId: { $ne: null } },
    ];
  }
  const me = new Types.ObjectId(actor.id);
  const withCarrier = { carrierId: { $ne: null } };
  return [
    { carrierId: me },
    { userId: me, ...withCarrier },
    { brokerId: me, ...withCarrier },
    { shipperId: me, ...withCarrier },
  ];
}

/** The chat rooms of these loads: a `freightListingId` equality each (unique index). */
async function roomsOfLoads(loadIds: Types.ObjectId[]): Promise<ChatRoom[]> {
  const found = await Promise.all(
    loadIds.map((id) => ChatRoomModel.findOne({ freightListingId: id }).lean<ChatRoom>()),
  );
  return found.filter((r): r is ChatRoom => r !== null);
}

/** GET /api/tracking/loads: loads the user takes part in that have (had) a carrier, most recently changed first. */
export async function listTrackedLoads(
  actor: Actor,
  { page, pageSize }: PageQuery,
): Promise<Page<TrackedLoadDto>> {
  const { items: loads, total } = await paginate<FreightListing>(
    FreightModel,
    trackedLoadFilters(actor),
    { updatedAt: -1, _id: -1 },
    { page, pageSize },
  );
  const roomList = await roomsOfLoads(loads.map((l) => l._id));
  const unread = await unreadByRoom(actor.id, roomList);
  const roomByLoad = new Map(roomList.map((r) => [String(r.freightListingId), r]));
  // One `_id` read per load of the page (FerretDB pushes `_id` equality down; `$in` it does not).
  const positions = await Promise.all(loads.map((l) => positionRecord(l._id)));
  return {
    items: loads.map((l, i) => {
      const room = roomByLoad.get(String(l._id));
      return {
        ...toTrackingFreightDto(actor, l, Boolean(room), positions[i]),
        unreadCount: room ? (unread.get(String(room._id)) ?? 0) : 0,
      };
    }),
    page,
    pageSize,
    total,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Location

export async function getLocation(actor: Actor, freightId: string): Promise<LocationDto> {
  const load = await loadForParticipant(actor, freightId);
  const here = positionOf(load, await positionRecord(load._id));
  return { lat: here.lat, lng: here.lng, lastLocationUpdate: here.at ? here.at.toISOString() : null };
}

export async function locationHistory(
  actor: Actor,
  freightId: string,
  { page, pageSize }: PageQuery,
): Promise<Page<LocationPointDto>> {
  const load = await loadForParticipant(actor, freightId);
  const found = await paginate<LocationPoint>(
    LocationPointModel,
    { freightListingId: load._id },
    { createdAt: -1, _id: -1 },
    { page, pageSize },
  );
  return { ...found, items: found.items.map(toLocationPointDto) };
}

/**
 * POST /api/freight/:id/location and the location:update socket event. Only the booked carrier, only while the
 * load is booked or in transit. A ping writes the trail and the load's position record, never the load itself. It
 * does not start the trip: positions are shared automatically while the carrier's page is open, days before pickup
 * perhaps; the trip starts with Loaded (recordStop) or Start Trip.
 */
export async function updateLocation(
  actor: Actor,
  freightId: string,
  input: LocationUpdateInput,
): Promise<LocationDto> {
  const load = await loadForParticipant(actor, freightId);
  authorize(actor, 'tracking:updateLocation', load, {
    message: 'Only the booked carrier can update the location',
  });
  await consumeRateLimit('location', actor.id);
  const lat = roundCoord(input.latitude);
  const lng = roundCoord(input.longitude);
  // Under the load's lease (issue 25): a delivery, which moves the load under the same lease, cannot slip in between
  // the status check and the writes, so no position is stored after the load was delivered.
  const { point, at } = await withLoad(load._id, async () => {
    const current =
      (await FreightModel.findById(load._id).select({ status: 1 }).lean<{ status: string }>()) ?? load;
    if (!isLocationUpdatable(current.status)) {
      throw new AppError(
        'LOCATION_NOT_UPDATABLE',
        'The location can be updated only while the load is booked or in transit',
      );
    }
    const created = await LocationPointModel.create({
      freightListingId: load._id,
      userId: actor.id,
      lat,
      lng,
    });
    await storePosition(load._id, { lat, lng, at: created.createdAt });
    return { point: created, at: created.createdAt };
  });
  const location: LocationDto = { lat, lng, lastLocationUpdate: at.toISOString() };
  announceLocation({
    freightId,
    ...location,
    point: toLocationPointDto(point.toObject() as LocationPoint),
  });
  return location;
}

/**
 * Rewrites the load's position record (its own small document: racing pings can only reorder positions, never touch
 * the load). Two first pings may both try to insert it: the loser writes over the winner's.
 */
async function storePosition(
  loadId: Types.ObjectId,
  p: { lat: number; lng: number; at: Date },
): Promise<void> {
  const write = () => LoadPositionModel.updateOne({ _id: loadId }, { $set: p }, { upsert: true });
  try {
    await write();
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err;
    await write();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Stop events

/** GET /api/freight/:id/stops: the stop events reported so far, in their order. */
export async function listStops(actor: Actor, freightId: string): Promise<StopEventDto[]> {
  const load = await loadForParticipant(actor, freightId);
  return stopsOf(load._id);
}

async function stopsOf(loadId: Types.ObjectId): Promise<StopEventDto[]> {
  const found = await StopEventModel.find({ freightListingId: loadId }).lean<StopEvent[]>();
  const order = (e: StopEvent) => STOP_EVENT_KINDS.indexOf(e.kind as StopEventKind);
  return found.sort((a, b) => order(a) - order(b)).map(toStopEventDto);
}

/**
 * POST /api/freight/:id/stops: the booked carrier reports a stop (arrived at pickup, loaded, arrived at delivery), in
 * that order, each once, while the load is booked or in transit; Loaded starts the trip. Under the load's lease, so
 * the order check and the trip's start hold against a racing report or move; the unique index is the second guard.
 */
export async function recordStop(
  actor: Actor,
  freightId: string,
  { kind }: StopEventInput,
): Promise<StopEventDto> {
  const load = await loadForParticipant(actor, freightId);
  authorize(actor, 'tracking:advance', load, { message: 'Only the booked carrier can report stops' });
  const stop = await withLoad(load._id, async () => {
    const current = await FreightModel.findById(load._id).lean<FreightListing>();
    if (!current || !isLocationUpdatable(current.status)) {
      throw conflict('Stops can be reported only while the load is booked or in transit');
    }
    const reported = new Set((await stopsOf(load._id)).map((e) => e.kind));
    if (reported.has(kind)) throw conflict(`${STOP_EVENT_LABELS[kind]} was already reported`);
    const needed = STOP_EVENT_KINDS[STOP_EVENT_KINDS.indexOf(kind) - 1];
    if (needed && !reported.has(needed)) {
      throw conflict(`Report ${STOP_EVENT_LABELS[needed].toLowerCase()} first`);
    }
    const position = positionOf(current, await positionRecord(load._id));
    let created: StopEvent;
    try {
      const doc = await StopEventModel.create({
        freightListingId: load._id,
        kind,
        userId: actor.id,
        at: new Date(),
        lat: position.lat,
        lng: position.lng,
      });
      created = doc.toObject() as StopEvent;
    } catch (err) {
      if ((err as { code?: number }).code === 11000)
        throw conflict(`${STOP_EVENT_LABELS[kind]} was already reported`);
      throw err;
    }
    if (kind === 'loaded' && current.status === 'booked') {
      await moveLoad(actor, load._id, { to: 'in_transit' }, { expect: 'booked' });
    }
    return toStopEventDto(created);
  });
  await announceStop(load, stop);
  return stop;
}

// ---------------------------------------------------------------------------------------------------------------
// Status

/**
 * POST /api/freight/:id/status: the tracking side's moves of the status machine (freight/status.ts): the booked
 * carrier starts the trip and delivers (with a delivery photo on record); the poster's side cancels. A move the
 * machine does not have is 409; one the actor may not make is 403.
 */
export async function changeStatus(
  actor: Actor,
  freightId: string,
  { status: to, deliveryNote }: StatusChangeInput,
): Promise<TrackingFreightDto> {
  const load = await loadForParticipant(actor, freightId);
  const { after } = await moveLoad(actor, load._id, to === 'delivered' ? { to, deliveryNote } : { to });
  return toTrackingFreightDto(
    actor,
    after,
    (await chatRoomOf(after)) !== null,
    await positionRecord(after._id),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Photos

/** POST /api/freight/:id/photos: an image (judged by its first bytes), encrypted into the file store. */
export async function uploadPhoto(
  actor: Actor,
  freightId: string,
  file: UploadedFile | undefined,
  input: z.output<typeof photoUploadSchema>,
): Promise<FreightPhotoDto> {
  const load = await loadForParticipant(actor, freightId);
  authorize(actor, 'tracking:write', load, { message: READ_ONLY_MESSAGE });
  if (!file || file.size === 0) throw badRequest('photo: Please select a photo');
  if ((input.latitude === undefined) !== (input.longitude === undefined)) {
    throw badRequest('latitude: Send both latitude and longitude, or neither');
  }
  const type = await sniffFile(file.path);
  if (!type || !isImage(type))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Photo files must be images (JPEG or PNG)');
  await assertStorageLeft(actor.id, file.size); // early answer; checked again under the lease

  const storageKey = await fileStore().saveFile(file.path);
  let photo: FreightPhoto;
  try {
    // Under the uploader's lease: the storage quota holds against their other uploads in flight.
    const doc = await withAggregate('user', actor.id, async () => {
      await assertStorageLeft(actor.id, file.size);
      return FreightPhotoModel.create({
        freightListingId: load._id,
        userId: actor.id,
        photoType: input.photoType,
        description: input.description,
        latitude: input.latitude === undefined ? null : roundCoord(input.latitude),
        longitude: input.longitude === undefined ? null : roundCoord(input.longitude),
        storageKey,
        mimeType: type.mime,
        fileSize: file.size,
        fileName: storedFileName(file.originalname ?? '', type, 'photo'),
      });
    });
    photo = doc.toObject() as FreightPhoto;
  } catch (err) {
    await fileStore()
      .remove(storageKey)
      .catch(() => undefined); // nothing half-done
    throw err;
  }
  const users = await userSummaries([actor.id]);
  const dto = toFreightPhotoDto(photo, users.get(actor.id));
  announcePhoto(freightId, dto);
  return dto;
}

export async function listPhotos(
  actor: Actor,
  freightId: string,
  { page, pageSize }: PageQuery,
): Promise<Page<FreightPhotoDto>> {
  const load = await loadForParticipant(actor, freightId);
  const found = await paginate<FreightPhoto>(
    FreightPhotoModel,
    { freightListingId: load._id },
    { createdAt: -1, _id: -1 },
    { page, pageSize },
  );
  const users = await userSummaries(found.items.map((p) => p.userId));
  return { ...found, items: found.items.map((p) => toFreightPhotoDto(p, users.get(String(p.userId)))) };
}

/** The decrypted bytes of a photo, to participants only. */
export async function openPhoto(
  actor: Actor,
  freightId: string,
  photoId: string,
): Promise<{ stream: Readable; mimeType: string; size: number; fileName: string }> {
  const load = await loadForParticipant(actor, freightId);
  if (!Types.ObjectId.isValid(photoId)) throw notFound('Photo not found');
  const photo = await FreightPhotoModel.findOne({
    _id: photoId,
    freightListingId: load._id,
  }).lean<FreightPhoto>();
  if (!photo) throw notFound('Photo not found');
  // The served name ends in the detected type's extension, whatever name the upload came with.
  const ext = photo.mimeType === 'image/png' ? 'png' : 'jpg';
  const fileName = storedFileName(
    photo.fileName ?? '',
    { ext, mime: photo.mimeType } as SniffedType,
    'photo',
  );
  return {
    stream: await fileStore().open(photo.storageKey),
    mimeType: photo.mimeType,
    size: photo.fileSize,
    fileName,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Chat

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

async function unreadInRoom(roomId: Types.ObjectId, userId: string): Promise<number> {
  return (await unreadIn([roomId], userId, (id) => lastReadSeq(id, userId)))[0];
}

/** Unread messages per room id; the user's read markers in one read (a `userId` equality). */
async function unreadByRoom(userId: string, roomList: ChatRoom[]): Promise<Map<string, number>> {
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
  let stored: ChatMessage | null = null;
  for (let attempt = 0; !stored; attempt++) {
    const seq = await nextInSequence(`chat:${String(room._id)}`, lastStoredSeq);
    try {
      const doc = await ChatMessageModel.create({
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
      });
      stored = doc.toObject() as ChatMessage;
    } catch (err) {
      if ((err as { code?: number }).code !== 11000 || attempt >= 20) throw err;
      const twin = await findRetried();
      if (twin) return { message: (await messageDtos([twin]))[0], created: false };
    }
  }

  const message = (await messageDtos([stored]))[0];
  // The sender has read everything up to their own message; the others get their new unread count.
  await markReadUpTo(room._id, actor.id, stored.seq);
  const others = [...new Set(participantIds(load))].filter((id) => id !== actor.id);
  const unread = await Promise.all(
    others.map(async (userId) => ({ userId, unreadCount: await unreadInRoom(room._id, userId) })),
  );
  announceChatMessage(freightId, message, unread);
  return { message, created: true };
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
  announceChatRead(actor.id, result);
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
  // Rooms name the shipper and carrier; a poster or broker of the load takes part too.
  const posted = await Promise.all(
    [{ userId: me }, { brokerId: me }, { shipperId: me }].map((f) =>
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
