import { WEBHOOK_EVENTS } from '@freight/shared';
import mongoose, { Schema, type InferSchemaType } from 'mongoose';

/**
 * A company's webhook endpoint (issue 30). Its signing secrets are kept encrypted (they must be used, not only
 * compared); after a rotation the previous one keeps signing until `expiresAt`.
 */
const endpointSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true, index: true },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    url: { type: String, required: true },
    description: { type: String, default: '' },
    events: { type: [{ type: String, enum: WEBHOOK_EVENTS }], default: [] },
    secrets: {
      type: [{ _id: false, sealed: String, createdAt: Date, expiresAt: { type: Date, default: null } }],
      default: [],
    },
    status: { type: String, enum: ['active', 'disabled'], default: 'active' },
    disabledReason: { type: String, default: null },
    failingSince: { type: Date, default: null },
    deleted: { type: Boolean, default: false },
  },
  { timestamps: true },
);
export type WebhookEndpoint = InferSchemaType<typeof endpointSchema> & { _id: mongoose.Types.ObjectId };
export const WebhookEndpointModel = mongoose.model('WebhookEndpoint', endpointSchema);

/**
 * One event for one endpoint. `_id` is the `webhook-id` (the same on every retry and replay, so a receiver
 * de-duplicates). Deliveries of one lane (one load, for an endpoint) go out in `seq` order: the next waits while
 * one before it is pending.
 */
const deliverySchema = new Schema(
  {
    _id: { type: String, required: true },
    endpointId: { type: Schema.Types.ObjectId, required: true, index: true },
    companyId: { type: Schema.Types.ObjectId, required: true },
    event: { type: String, enum: WEBHOOK_EVENTS, required: true },
    eventId: { type: String, required: true },
    seq: { type: Number, required: true },
    lane: { type: String, required: true, index: true },
    loadId: { type: String, default: null },
    body: { type: String, required: true },
    status: { type: String, enum: ['pending', 'delivered', 'failed'], default: 'pending' },
    attempts: {
      type: [
        {
          _id: false,
          at: Date,
          status: { type: Number, default: null },
          durationMs: Number,
          excerpt: String,
        },
      ],
      default: [],
    },
    deliveredAt: { type: Date, default: null },
  },
  { timestamps: true },
);
export type WebhookDelivery = InferSchemaType<typeof deliverySchema>;
export const WebhookDeliveryModel = mongoose.model('WebhookDelivery', deliverySchema);
