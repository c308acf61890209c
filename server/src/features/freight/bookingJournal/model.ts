import mongoose, { Schema, Types, type InferSchemaType } from 'mongoose';

/**
 * An open booking of a load (at most one per load): written before the first step, deleted after the last. What it
 * names is the whole intent, so finishing it needs nothing else.
 */
const openBookingSchema = new Schema({
  freightListingId: { type: Schema.Types.ObjectId, required: true },
  carrierId: { type: Schema.Types.ObjectId, required: true },
  actorId: { type: Schema.Types.ObjectId, required: true },
  requestId: { type: Schema.Types.ObjectId, default: null },
  negotiationId: { type: Schema.Types.ObjectId, default: null },
  rateCents: { type: Number, default: null },
  createdAt: { type: Date, default: Date.now },
});
openBookingSchema.index({ freightListingId: 1 }, { unique: true });
export type OpenBooking = InferSchemaType<typeof openBookingSchema> & { _id: Types.ObjectId };
export const OpenBookingModel = mongoose.model('OpenBooking', openBookingSchema);
