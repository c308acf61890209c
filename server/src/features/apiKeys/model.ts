import { API_SCOPES } from '@freight/shared';
import mongoose, { Schema, type InferSchemaType } from 'mongoose';

/**
 * An API key (issue 30): the company it acts for, who made it, and its scopes. Only a SHA-256 of the whole key is
 * kept (keys carry 256 bits of randomness, so a slow hash buys nothing); a request finds its key by that hash, one
 * top-level equality.
 */
const apiKeySchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true, index: true },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    name: { type: String, required: true },
    prefix: { type: String, required: true, unique: true },
    hash: { type: String, required: true, unique: true },
    scopes: { type: [{ type: String, enum: API_SCOPES }], default: [] },
    lastUsedAt: { type: Date, default: null },
    revokedAt: { type: Date, default: null },
  },
  { timestamps: true },
);

export type ApiKey = InferSchemaType<typeof apiKeySchema> & { _id: mongoose.Types.ObjectId };
export const ApiKeyModel = mongoose.model('ApiKey', apiKeySchema);
