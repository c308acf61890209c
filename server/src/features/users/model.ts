import { COMPANY_ROLES, SUBSCRIPTION_STATUSES, USER_TYPES, type UserDto } from '@freight/shared';
import mongoose, { Schema, type HydratedDocument, type InferSchemaType } from 'mongoose';
import { iso } from '../../http/dto';
import { toActor, viewerAccountActions } from '../../policies';

const userSchema = new Schema(
  {
    email: { type: String, required: true, unique: true, lowercase: true, trim: true },
    passwordHash: { type: String, default: null },
    // SPEC §3 default; accounts created with a password are stored as 'local'.
    authProvider: { type: String, default: 'replit' },
    firstName: { type: String, default: '' },
    lastName: { type: String, default: '' },
    profileImageUrl: { type: String, default: null },
    userType: { type: String, enum: [...USER_TYPES, null], default: null, index: true },
    companyName: { type: String, default: null },
    phoneNumber: { type: String, default: null },
    isVerified: { type: Boolean, default: false },
    // Issue 27: false from sign-up until the emailed link is followed. Missing (accounts from before): verified.
    emailVerified: { type: Boolean },
    /** Sessions that signed in before this are ended (set by a password reset). */
    sessionsValidAfter: { type: Date, default: null },
    // Two-factor sign-in (issue 27): the TOTP seed sealed with the field key, on once confirmed; recovery codes as
    // SHA-256 hashes, each removed when used.
    totpSecret: { type: String, default: null },
    totpPendingSecret: { type: String, default: null },
    totpEnabled: { type: Boolean, default: false },
    recoveryCodeHashes: { type: [String], default: [] },
    stripeCustomerId: { type: String, default: null },
    stripeSubscriptionId: { type: String, default: null },
    subscriptionStatus: { type: String, enum: SUBSCRIPTION_STATUSES, default: 'inactive' },
    subscriptionPlan: { type: String, default: null },
    subscriptionExpiresAt: { type: Date, default: null, index: true },
    subscriptionCanceledAt: { type: Date, default: null },
    mcNumber: { type: String, default: null, index: true },
    usdotNumber: { type: String, default: null, index: true },
    // Company accounts (issue 28): the company this person acts for and their role in it. The business fields above
    // (type, company name, verification, plan, numbers) are the company's, copied here by the companies service.
    companyId: { type: Schema.Types.ObjectId, ref: 'Company', default: null, index: true },
    companyRole: { type: String, enum: [...COMPANY_ROLES, null], default: null },
    lastActiveAt: { type: Date, default: null },
  },
  { timestamps: true },
);

// The subscription-expiry job: active subscriptions (the equality), by date.
userSchema.index({ subscriptionStatus: 1, subscriptionExpiresAt: 1 });

export type User = InferSchemaType<typeof userSchema>;
export type UserDoc = HydratedDocument<User>;
export const UserModel = mongoose.model('User', userSchema);

export function toUserDto(u: UserDoc | (User & { _id: mongoose.Types.ObjectId })): UserDto {
  return {
    id: String(u._id),
    email: u.email,
    authProvider: u.authProvider,
    firstName: u.firstName,
    lastName: u.lastName,
    profileImageUrl: u.profileImageUrl ?? null,
    userType: (u.userType as UserDto['userType']) ?? null,
    companyName: u.companyName ?? null,
    phoneNumber: u.phoneNumber ?? null,
    isVerified: u.isVerified,
    emailVerified: u.emailVerified !== false,
    twoFactorEnabled: Boolean(u.totpEnabled),
    subscriptionStatus: u.subscriptionStatus as UserDto['subscriptionStatus'],
    subscriptionPlan: u.subscriptionPlan ?? null,
    subscriptionExpiresAt: iso(u.subscriptionExpiresAt),
    subscriptionCanceledAt: iso(u.subscriptionCanceledAt),
    mcNumber: u.mcNumber ?? null,
    usdotNumber: u.usdotNumber ?? null,
    createdAt: iso(u.createdAt)!,
    updatedAt: iso(u.updatedAt)!,
    viewerActions: viewerAccountActions(toActor(u)),
  };
}

/** Short display name used in notifications and chat. */
export function displayName(u: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  return `${u.firstName} ${u.lastName}`.trim() || u.email;
}
