import { COMPANY_ROLES, INVITABLE_COMPANY_ROLES, USER_TYPES } from '@freight/shared';
import mongoose, { Schema, type HydratedDocument, type InferSchemaType } from 'mongoose';

/**
 * The company (issue 28): the business a member acts for. It is the source of truth for the business fields (type,
 * name, MC and USDOT numbers, verification, plan); each member's user document keeps a copy of them, written by the
 * companies service under the company's lease, so everything that reads an account's type, verification or plan
 * reads one document (and one equality on FerretDB).
 */
const companySchema = new Schema(
  {
    name: { type: String, default: '' },
    type: { type: String, enum: [...USER_TYPES, null], default: null },
    ownerId: { type: Schema.Types.ObjectId, ref: 'User', required: true, index: true },
    mcNumber: { type: String, default: null, index: true },
    usdotNumber: { type: String, default: null, index: true },
    isVerified: { type: Boolean, default: false },
    subscriptionStatus: { type: String, default: 'inactive' },
    subscriptionPlan: { type: String, default: null },
    subscriptionExpiresAt: { type: Date, default: null },
    subscriptionCanceledAt: { type: Date, default: null },
    /** Members, owner included (counted under the company's lease against the plan's seats). */
    memberCount: { type: Number, default: 1 },
    /** The quick pay the company offers as a payer (issue 40): fee in basis points, promised days; null: none. */
    quickPay: {
      type: new Schema({ feeBps: Number, days: Number }, { _id: false }),
      default: null,
    },
  },
  { timestamps: true },
);

export type Company = InferSchemaType<typeof companySchema>;
export type CompanyDoc = HydratedDocument<Company>;
export const CompanyModel = mongoose.model('Company', companySchema);

/** An invitation to join a company by email with a role: single use, seven days, the token kept as a hash. */
const companyInvitationSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, ref: 'Company', required: true, index: true },
    email: { type: String, required: true, lowercase: true, trim: true, index: true },
    role: { type: String, enum: INVITABLE_COMPANY_ROLES, required: true },
    tokenHash: { type: String, required: true, unique: true },
    status: { type: String, enum: ['pending', 'accepted', 'revoked'], default: 'pending' },
    invitedBy: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    acceptedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    expiresAt: { type: Date, required: true },
  },
  { timestamps: true },
);

export type CompanyInvitation = InferSchemaType<typeof companyInvitationSchema>;
export const CompanyInvitationModel = mongoose.model('CompanyInvitation', companyInvitationSchema);

export { COMPANY_ROLES };
