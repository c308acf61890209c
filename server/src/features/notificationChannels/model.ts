import { ALERT_FREQUENCIES } from '@freight/shared';
import mongoose, { Schema, type InferSchemaType, type Types } from 'mongoose';

/**
 * A user's choices off the app (issue 27): only what differs from the defaults is kept (`email.<kind>` and
 * `push.<kind>` as true/false), so a new kind gets its default for everyone. `_id` is the user's.
 */
const notificationPreferenceSchema = new Schema(
  {
    _id: Schema.Types.ObjectId,
    email: { type: Schema.Types.Mixed, default: {} },
    push: { type: Schema.Types.Mixed, default: {} },
    savedSearchFrequency: { type: String, enum: [...ALERT_FREQUENCIES, null], default: null },
  },
  { timestamps: true, minimize: false },
);
export type NotificationPreference = InferSchemaType<typeof notificationPreferenceSchema> & {
  _id: Types.ObjectId;
  email: Record<string, boolean>;
  push: Record<string, boolean>;
};
export const NotificationPreferenceModel = mongoose.model(
  'NotificationPreference',
  notificationPreferenceSchema,
);

/** One browser or installed app that receives the user's pushes; the push service's URL is unique. */
const pushSubscriptionSchema = new Schema(
  {
    endpoint: { type: String, required: true, unique: true },
    userId: { type: Schema.Types.ObjectId, required: true, index: true },
    p256dh: { type: String, required: true },
    auth: { type: String, required: true },
    device: { type: String, default: '' },
    lastSuccessAt: { type: Date, default: null },
  },
  { timestamps: true },
);
export type PushSubscriptionRecord = InferSchemaType<typeof pushSubscriptionSchema> & { _id: Types.ObjectId };
export const PushSubscriptionModel = mongoose.model('PushSubscription', pushSubscriptionSchema);

/**
 * One push message to a user's devices, by its dedupe key: the subscriptions it reached so far, so a retried job
 * sends only to those it missed and a repeated job sends nothing twice.
 */
const pushOutboxSchema = new Schema(
  {
    dedupeKey: { type: String, required: true, unique: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    reached: { type: [String], default: [] },
  },
  { timestamps: true },
);
export const PushOutboxModel = mongoose.model('PushOutbox', pushOutboxSchema);

/** A saved-search alert waiting for the user's next hourly or daily digest. */
const digestEntrySchema = new Schema(
  {
    frequency: { type: String, enum: ['hourly', 'daily'], required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    notificationId: { type: Schema.Types.ObjectId, required: true, unique: true },
    title: { type: String, required: true },
    body: { type: String, default: '' },
    link: { type: String, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);
digestEntrySchema.index({ frequency: 1, userId: 1 });
export type DigestEntry = InferSchemaType<typeof digestEntrySchema> & {
  _id: Types.ObjectId;
  createdAt: Date;
};
export const DigestEntryModel = mongoose.model('DigestEntry', digestEntrySchema);

/** The server's web-push (VAPID) key pair, made once and kept with the data; the private key sealed. */
const vapidKeySchema = new Schema(
  {
    _id: String,
    publicKey: { type: String, required: true },
    privateKeySealed: { type: String, required: true },
  },
  { timestamps: true },
);
export const VapidKeyModel = mongoose.model('VapidKey', vapidKeySchema);
