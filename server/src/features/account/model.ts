import mongoose, { Schema, type InferSchemaType } from 'mongoose';

/**
 * A single-use link sent by email (issue 27): a password reset or an email verification. Only the SHA-256 of the
 * token is stored; the token itself exists in the email alone. `usedAt` is set by the conditional update that
 * consumes it, so two uses of one link cannot both succeed.
 */
const accountTokenSchema = new Schema(
  {
    kind: { type: String, enum: ['reset', 'verify'], required: true },
    tokenHash: { type: String, required: true, unique: true },
    userId: { type: Schema.Types.ObjectId, required: true, index: true },
    /** The address the link was sent to: a verification proves this address only. */
    email: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
  },
  { timestamps: true },
);
export type AccountToken = InferSchemaType<typeof accountTokenSchema>;
export const AccountTokenModel = mongoose.model('AccountToken', accountTokenSchema);
