import {
  CHAT_MESSAGE_TYPES,
  PHOTO_TYPES,
  STOP_EVENT_KINDS,
  type DeliveryExceptionKind,
  type StopEventDto,
  type StopEventKind,
  type ChatMessageDto,
  type ChatMessageType,
  type ChatRoomDto,
  type FreightPhotoDto,
  type LocationPointDto,
  type PhotoType,
  type TrackingFreightDto,
  type TrackingUserSummary,
} from '@freight/shared';
import mongoose, { Schema, Types, type InferSchemaType } from 'mongoose';
import { centsToDollars, toAssignmentDto, type FreightListing } from '../freight/model';
import { iso } from '../../http/dto';
import { stopPointOf, stopViewsFor } from '../freight/stops';
import { viewerTrackingActions } from '../../policies/tracking';
import type { Actor } from '../../policies/types';
import { companyStamps } from '../companies/stamps';

type WithId<T> = T & { _id: Types.ObjectId; createdAt: Date };

/** Every location a carrier reported for a load: the trail (the listing holds only the latest point). */
const locationPointSchema = new Schema(
  {
    freightListingId: { type: Schema.Types.ObjectId, ref: 'FreightListing', required: true },
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    lat: { type: Number, required: true },
    lng: { type: Number, required: true },
    /**
     * The phone's own id for the point (issue 29): a late point sent twice is stored once. `createdAt` is when the
     * phone took it (the trail's order), `receivedAt` when it reached us.
     */
    clientId: { type: String, default: null },
    receivedAt: { type: Date, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);
locationPointSchema.index({ freightListingId: 1, createdAt: -1, _id: -1 });
locationPointSchema.index({ freightListingId: 1, clientId: 1 });
export type LocationPoint = WithId<InferSchemaType<typeof locationPointSchema>>;
export const LocationPointModel = mongoose.model('FreightLocationPoint', locationPointSchema);

/**
 * Where a load is now: one small record per load (its `_id` is the load's), rewritten by every location update, so
 * pings never touch the load's own document (DESIGN §2.1b). Loads located before it existed keep their old fields.
 */
const loadPositionSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    lat: { type: Number, required: true },
    lng: { type: Number, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);
export type LoadPosition = InferSchemaType<typeof loadPositionSchema>;
export const LoadPositionModel = mongoose.model('LoadPosition', loadPositionSchema);

/** The load's current position: its position record, else what older versions stored on the load. */
export function positionOf(
  f: Pick<FreightListing, 'currentLat' | 'currentLng' | 'lastLocationUpdate'>,
  p: LoadPosition | null | undefined,
) {
  return p
    ? { lat: p.lat, lng: p.lng, at: p.at }
    : { lat: f.currentLat ?? null, lng: f.currentLng ?? null, at: f.lastLocationUpdate ?? null };
}

/**
 * What the carrier reported at the stops (issue 16): one record per load and kind, in their own collection so a
 * report never rewrites the load. The unique index keeps a repeated report to one record.
 */
const stopEventSchema = new Schema(
  {
    freightListingId: { type: Schema.Types.ObjectId, ref: 'FreightListing', required: true },
    kind: { type: String, enum: STOP_EVENT_KINDS, required: true },
    /** stop_done (issue 39): the stop's number on the load and its kind; null for the other kinds. */
    stop: { type: Number, default: null },
    stopKind: { type: String, default: null },
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    at: { type: Date, required: true },
    lat: { type: Number, default: null },
    lng: { type: Number, default: null },
  },
  { versionKey: false },
);
// One report per stop: each kind once, and stop_done once per stop in between (`stop` is null for the other kinds).
stopEventSchema.index({ freightListingId: 1, kind: 1, stop: 1 }, { unique: true });
/** The index that keyed a report by kind alone, before a load could have stops in between: dropped at start. */
export const RETIRED_STOP_EVENT_INDEX = 'freightListingId_1_kind_1';
export type StopEvent = InferSchemaType<typeof stopEventSchema> & { _id: Types.ObjectId };
export const StopEventModel = mongoose.model('LoadStopEvent', stopEventSchema);

export function toStopEventDto(e: StopEvent): StopEventDto {
  return {
    id: String(e._id),
    freightListingId: String(e.freightListingId),
    kind: e.kind as StopEventKind,
    stop: e.stop ?? null,
    stopKind: (e.stopKind as StopEventDto['stopKind']) ?? null,
    at: e.at.toISOString(),
    lat: e.lat ?? null,
    lng: e.lng ?? null,
  };
}

/** Where a load is picked up or delivered: the stop's best point known (freight's `stopPointOf`), else null. */
export const placeOf = stopPointOf;

/** A freight photo: the bytes live encrypted in the file store under storageKey (DESIGN §3). */
const freightPhotoSchema = new Schema(
  {
    freightListingId: { type: Schema.Types.ObjectId, ref: 'FreightListing', required: true },
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    photoType: { type: String, enum: PHOTO_TYPES, required: true },
    description: { type: String, default: null },
    latitude: { type: Number, default: null },
    longitude: { type: Number, default: null },
    storageKey: { type: String, required: true },
    mimeType: { type: String, required: true },
    fileSize: { type: Number, required: true },
    fileName: { type: String, default: null },
    /** The phone's own id for a photo taken offline (issue 29): sent twice, stored once; `createdAt` is when taken. */
    clientId: { type: String, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);
freightPhotoSchema.index({ freightListingId: 1, createdAt: -1 });
freightPhotoSchema.index({ freightListingId: 1, clientId: 1 });
freightPhotoSchema.index({ freightListingId: 1, photoType: 1 });
freightPhotoSchema.index({ userId: 1 }); // a user's stored bytes (storage quota)
export type FreightPhoto = WithId<InferSchemaType<typeof freightPhotoSchema>>;
export const FreightPhotoModel = mongoose.model('FreightPhoto', freightPhotoSchema);

/** One chat room per booked load, opened at booking (chat/rooms.ts). */
const chatRoomSchema = new Schema(
  {
    freightListingId: { type: Schema.Types.ObjectId, ref: 'FreightListing', required: true, unique: true },
    shipperId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    carrierId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);
// The user's rooms (unread counts): one equality per role the room names, newest first.
chatRoomSchema.index({ shipperId: 1, createdAt: -1 });
chatRoomSchema.index({ carrierId: 1, createdAt: -1 });
export type ChatRoom = WithId<InferSchemaType<typeof chatRoomSchema>>;
// Company accounts (issue 28): each party's company beside its person id.
chatRoomSchema.plugin(companyStamps, {
  pairs: [
    ['shipperId', 'shipperCompanyId'],
    ['carrierId', 'carrierCompanyId'],
  ],
});
export const ChatRoomModel = mongoose.model('ChatRoom', chatRoomSchema);

const chatMessageSchema = new Schema(
  {
    chatRoomId: { type: Schema.Types.ObjectId, ref: 'ChatRoom', required: true },
    freightListingId: { type: Schema.Types.ObjectId, ref: 'FreightListing', required: true },
    seq: { type: Number, required: true },
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    message: { type: String, required: true },
    messageType: { type: String, enum: CHAT_MESSAGE_TYPES, default: 'text' },
    imageUrl: { type: String, default: null },
    latitude: { type: Number, default: null },
    longitude: { type: Number, default: null },
    // Always set (a missing value would count as null in the unique index): a retried send stores one message.
    clientMessageId: { type: String, required: true },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);
// Numbers messages: a send takes the next seq; of two sends that took the same, the index keeps one, the other retries.
chatMessageSchema.index({ chatRoomId: 1, seq: 1 }, { unique: true });
chatMessageSchema.index({ chatRoomId: 1, userId: 1, clientMessageId: 1 }, { unique: true });
export type ChatMessage = WithId<InferSchemaType<typeof chatMessageSchema>>;
export const ChatMessageModel = mongoose.model('ChatMessage', chatMessageSchema);

/** How far a user has read a room's chat: messages after lastReadSeq from others are unread. */
const chatReadMarkerSchema = new Schema(
  {
    chatRoomId: { type: Schema.Types.ObjectId, ref: 'ChatRoom', required: true },
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    lastReadSeq: { type: Number, default: 0 },
  },
  { timestamps: true },
);
chatReadMarkerSchema.index({ chatRoomId: 1, userId: 1 }, { unique: true });
chatReadMarkerSchema.index({ userId: 1 });
export const ChatReadMarkerModel = mongoose.model('ChatReadMarker', chatReadMarkerSchema);

/** Where a photo's bytes are served (participants only). */
export const photoUrl = (freightId: string, photoId: string) =>
  `/api/freight/${freightId}/photos/${photoId}/file`;
export const PHOTO_URL_PATTERN = /^\/api\/freight\/([0-9a-f]{24})\/photos\/([0-9a-f]{24})\/file$/;

export type UserSummarySource = {
  _id: Types.ObjectId;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
};
export const toUserSummary = (u: UserSummarySource | undefined): TrackingUserSummary => ({
  firstName: u?.firstName ?? '',
  lastName: u?.lastName ?? '',
  profileImageUrl: u?.profileImageUrl ?? null,
});

export function toTrackingFreightDto(
  viewer: Actor,
  f: FreightListing,
  chatAvailable: boolean,
  position: LoadPosition | null,
): TrackingFreightDto {
  const here = positionOf(f, position);
  const pickup = stopPointOf(f, 'pickup');
  const delivery = stopPointOf(f, 'delivery');
  return {
    id: String(f._id),
    title: f.title,
    status: f.status as TrackingFreightDto['status'],
    isUrgent: Boolean(f.isUrgent),
    price: centsToDollars(f.rateCents),
    distance: f.distance ?? null,
    cargoType: f.cargoType ?? f.commodity ?? null,
    equipmentType: f.equipmentType,
    pickupCity: f.originCity,
    pickupState: f.originState,
    deliveryCity: f.destinationCity,
    deliveryState: f.destinationState,
    pickupDate: iso(f.pickupDate),
    deliveryDate: iso(f.deliveryDate),
    lastLocationUpdate: iso(here.at),
    currentLat: here.lat,
    currentLng: here.lng,
    pickupLat: pickup?.lat ?? null,
    pickupLng: pickup?.lng ?? null,
    deliveryLat: delivery?.lat ?? null,
    deliveryLng: delivery?.lng ?? null,
    posterId: String(f.userId),
    carrierId: f.carrierId ? String(f.carrierId) : null,
    chatAvailable,
    deliveryNote: f.deliveryNote ?? null,
    deliveryProof: f.deliveryProof
      ? {
          receiverName: f.deliveryProof.receiverName,
          signedAt: f.deliveryProof.signedAt.toISOString(),
          exception: (f.deliveryProof.exception ?? 'none') as DeliveryExceptionKind,
          exceptionNote: f.deliveryProof.exceptionNote ?? null,
          signatureUrl: `/api/freight/${String(f._id)}/delivery/signature`,
        }
      : null,
    assignment: toAssignmentDto(f),
    updatedAt: f.updatedAt.toISOString(),
    viewerActions: viewerTrackingActions(viewer, f),
    ...stopViewsFor(viewer, f),
    extraStopCount: f.extraStops?.length ?? 0,
  };
}

export function toLocationPointDto(p: LocationPoint): LocationPointDto {
  return {
    id: String(p._id),
    freightListingId: String(p.freightListingId),
    lat: p.lat,
    lng: p.lng,
    createdAt: p.createdAt.toISOString(),
  };
}

export function toFreightPhotoDto(p: FreightPhoto, user: UserSummarySource | undefined): FreightPhotoDto {
  const summary = toUserSummary(user);
  return {
    id: String(p._id),
    freightListingId: String(p.freightListingId),
    userId: String(p.userId),
    photoUrl: photoUrl(String(p.freightListingId), String(p._id)),
    photoType: p.photoType as PhotoType,
    description: p.description ?? null,
    latitude: p.latitude ?? null,
    longitude: p.longitude ?? null,
    createdAt: p.createdAt.toISOString(),
    user: { firstName: summary.firstName, lastName: summary.lastName },
  };
}

export function toChatRoomDto(r: ChatRoom): ChatRoomDto {
  return {
    id: String(r._id),
    freightListingId: String(r.freightListingId),
    shipperId: String(r.shipperId),
    carrierId: String(r.carrierId),
    createdAt: r.createdAt.toISOString(),
  };
}

export function toChatMessageDto(m: ChatMessage, user: UserSummarySource | undefined): ChatMessageDto {
  return {
    id: String(m._id),
    chatRoomId: String(m.chatRoomId),
    freightListingId: String(m.freightListingId),
    seq: m.seq,
    userId: String(m.userId),
    message: m.message,
    messageType: m.messageType as ChatMessageType,
    imageUrl: m.imageUrl ?? null,
    latitude: m.latitude ?? null,
    longitude: m.longitude ?? null,
    clientMessageId: m.clientMessageId,
    createdAt: m.createdAt.toISOString(),
    user: toUserSummary(user),
  };
}
