import { NOTIFICATION_KINDS, type NotificationDto } from '@freight/shared';
import mongoose, { Schema, Types, type InferSchemaType } from 'mongoose';

const notificationSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    kind: { type: String, enum: NOTIFICATION_KINDS, required: true },
    title: { type: String, required: true },
    body: { type: String, default: '' },
    link: { type: String, default: null },
    readAt: { type: Date, default: null },
    /** Notifications folded into this one (issue 25): its source's key and how many it stands for. */
    coalesceKey: { type: String, default: null },
    count: { type: Number, default: 1 },
    // Unique, and always set (a missing value would count as null in the unique index): a job carrying
    // the same key twice (a retry, a repeated reminder run) stores one notification.
    dedupeKey: {
      type: String,
      required: true,
      unique: true,
      default: () => new Types.ObjectId().toHexString(),
    },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);
notificationSchema.index({ userId: 1, createdAt: -1 });
notificationSchema.index({ userId: 1, readAt: 1 });

/**
 * Each user's unread count, kept beside the notifications so a delivery or the bell does not count them: every change
 * is made under the user's 'notifications' lease (FerretDB applies `$inc` as read-modify-write). `_id` is the user's.
 */
const unreadCounterSchema = new Schema({
  _id: Schema.Types.ObjectId,
  unread: { type: Number, required: true },
});
export const UnreadCounterModel = mongoose.model('NotificationUnreadCounter', unreadCounterSchema);

/**
 * The dedupe keys of jobs folded into an earlier notification (issue 26): a fold changes that notification rather than
 * storing one under its own key, so a repeat of the same job (a projector's replay) is recognised here instead.
 */
const foldedJobSchema = new Schema({ _id: { type: String, required: true } }, { versionKey: false });
export const FoldedNotificationJobModel = mongoose.model('FoldedNotificationJob', foldedJobSchema);

export type Notification = InferSchemaType<typeof notificationSchema> & { _id: Types.ObjectId };
export const NotificationModel = mongoose.model('Notification', notificationSchema);

export function toNotificationDto(n: Notification): NotificationDto {
  return {
    id: String(n._id),
    userId: String(n.userId),
    kind: n.kind as NotificationDto['kind'],
    title: n.title,
    body: n.body,
    link: n.link ?? null,
    readAt: n.readAt ? n.readAt.toISOString() : null,
    createdAt: (n as unknown as { createdAt: Date }).createdAt.toISOString(),
  };
}
