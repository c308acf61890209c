import {
  SHIPMENT_REPORT_KINDS,
  type ShipmentMessageDto,
  type ShipmentPhotoDto,
  type ShipmentReportDto,
  type ShipmentReportKind,
} from '@freight/shared';
import mongoose, { Schema, Types, type InferSchemaType } from 'mongoose';

type WithId<T> = T & { _id: Types.ObjectId; createdAt: Date };

/**
 * A matched small shipment's chat (issue 23): the same shape as a load's chat (tracking/model.ts), keyed by the
 * shipment. Numbered per shipment; a retried send (same clientMessageId from the same user) stores one message.
 */
const shipmentMessageSchema = new Schema(
  {
    shipmentId: { type: Schema.Types.ObjectId, ref: 'SmallShipment', required: true },
    seq: { type: Number, required: true },
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    userName: { type: String, default: '' },
    message: { type: String, required: true },
    messageType: { type: String, enum: ['text', 'image'], default: 'text' },
    imageUrl: { type: String, default: null },
    clientMessageId: { type: String, required: true },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);
shipmentMessageSchema.index({ shipmentId: 1, seq: 1 }, { unique: true });
shipmentMessageSchema.index({ shipmentId: 1, userId: 1, clientMessageId: 1 }, { unique: true });
export type ShipmentMessage = WithId<InferSchemaType<typeof shipmentMessageSchema>>;
export const ShipmentMessageModel = mongoose.model('ShipmentMessage', shipmentMessageSchema);

/** A photo shared in a shipment's workspace: the bytes live encrypted in the file store under storageKey. */
const shipmentPhotoSchema = new Schema(
  {
    shipmentId: { type: Schema.Types.ObjectId, ref: 'SmallShipment', required: true },
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    userName: { type: String, default: '' },
    description: { type: String, default: null },
    storageKey: { type: String, required: true },
    mimeType: { type: String, required: true },
    fileSize: { type: Number, required: true },
    fileName: { type: String, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);
shipmentPhotoSchema.index({ shipmentId: 1, createdAt: -1 });
shipmentPhotoSchema.index({ userId: 1 }); // a user's stored bytes (storage quota)
export type ShipmentPhoto = WithId<InferSchemaType<typeof shipmentPhotoSchema>>;
export const ShipmentPhotoModel = mongoose.model('ShipmentPhoto', shipmentPhotoSchema);

/** The driver's reports, one per shipment and kind (the unique index is the second guard after the lease). */
const shipmentReportSchema = new Schema(
  {
    shipmentId: { type: Schema.Types.ObjectId, ref: 'SmallShipment', required: true },
    kind: { type: String, enum: SHIPMENT_REPORT_KINDS, required: true },
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);
shipmentReportSchema.index({ shipmentId: 1, kind: 1 }, { unique: true });
export type ShipmentReport = InferSchemaType<typeof shipmentReportSchema> & { _id: Types.ObjectId };
export const ShipmentReportModel = mongoose.model('ShipmentReport', shipmentReportSchema);

export const shipmentPhotoUrl = (shipmentId: string, photoId: string) =>
  `/api/small-shipments/${shipmentId}/photos/${photoId}/file`;
export const SHIPMENT_PHOTO_URL_PATTERN =
  /^\/api\/small-shipments\/([0-9a-f]{24})\/photos\/([0-9a-f]{24})\/file$/;

export function toShipmentMessageDto(m: ShipmentMessage): ShipmentMessageDto {
  return {
    id: String(m._id),
    shipmentId: String(m.shipmentId),
    seq: m.seq,
    userId: String(m.userId),
    userName: m.userName ?? '',
    message: m.message,
    messageType: m.messageType as ShipmentMessageDto['messageType'],
    imageUrl: m.imageUrl ?? null,
    clientMessageId: m.clientMessageId,
    createdAt: m.createdAt.toISOString(),
  };
}

export function toShipmentPhotoDto(p: ShipmentPhoto): ShipmentPhotoDto {
  return {
    id: String(p._id),
    shipmentId: String(p.shipmentId),
    userId: String(p.userId),
    userName: p.userName ?? '',
    photoUrl: shipmentPhotoUrl(String(p.shipmentId), String(p._id)),
    description: p.description ?? null,
    createdAt: p.createdAt.toISOString(),
  };
}

export function toShipmentReportDto(r: ShipmentReport): ShipmentReportDto {
  return {
    id: String(r._id),
    shipmentId: String(r.shipmentId),
    kind: r.kind as ShipmentReportKind,
    at: r.at.toISOString(),
  };
}
