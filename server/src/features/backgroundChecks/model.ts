import {
  BACKGROUND_CHECK_STATUSES,
  type BackgroundCheckDto,
  type BackgroundCheckStatus,
} from '@freight/shared';
import mongoose, { Schema, Types, type InferSchemaType } from 'mongoose';
import { iso } from '../../http/dto';
import { companyStamps } from '../companies/stamps';

/**
 * SPEC §3 Background check info: one per driver (a rejected one is resubmitted in place). The SSN is kept only
 * encrypted (`ssnEncrypted`, infra/fieldEncryption.ts, bound to the driver's id) and as its last four digits; the
 * plaintext is never stored, logged or answered.
 */
const backgroundCheckSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    fullName: { type: String, required: true },
    /** 00:00 UTC of the date of birth. */
    dateOfBirth: { type: Date, required: true },
    ssnEncrypted: { type: String, required: true },
    ssnLast4: { type: String, required: true },
    currentAddress: { type: String, required: true },
    city: { type: String, required: true },
    state: { type: String, required: true },
    zipCode: { type: String, required: true },
    phoneNumber: { type: String, required: true },
    emergencyContactName: { type: String, required: true },
    emergencyContactPhone: { type: String, required: true },
    emergencyContactRelationship: { type: String, required: true },
    drivingExperience: { type: String, required: true },
    hasMovingViolations: { type: Boolean, default: false },
    movingViolationsDetails: { type: String, default: null },
    hasAccidents: { type: Boolean, default: false },
    accidentsDetails: { type: String, default: null },
    hasCriminalHistory: { type: Boolean, default: false },
    criminalHistoryDetails: { type: String, default: null },
    consentToBackgroundCheck: { type: Boolean, default: false },
    consentToRecordCheck: { type: Boolean, default: false },
    status: { type: String, enum: BACKGROUND_CHECK_STATUSES, default: 'pending' },
    rejectionReason: { type: String, default: null },
    submittedAt: { type: Date, default: () => new Date() },
    reviewedAt: { type: Date, default: null },
    reviewedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
  },
  { timestamps: true },
);
// One check per driver; the offer gate and "mine" read by it.
backgroundCheckSchema.index({ userId: 1 }, { unique: true });
// The admins' queue: pending checks, oldest submission first.
backgroundCheckSchema.index({ status: 1, submittedAt: 1 });

export type BackgroundCheck = InferSchemaType<typeof backgroundCheckSchema> & {
  _id: Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
};
// Company accounts (issue 28): each party's company beside its person id.
backgroundCheckSchema.plugin(companyStamps, { pairs: [['userId', 'companyId']] });
export const BackgroundCheckModel = mongoose.model('BackgroundCheck', backgroundCheckSchema);

/** What the SSN's ciphertext is bound to: the driver it belongs to. */
export const ssnContext = (userId: unknown) => `backgroundCheck:${String(userId)}:ssn`;

/** The fields a DTO may carry: everything but the encrypted SSN, which is never read for an answer. */
export const DTO_PROJECTION = { ssnEncrypted: 0 } as const;

export function toBackgroundCheckDto(c: Omit<BackgroundCheck, 'ssnEncrypted'>): BackgroundCheckDto {
  return {
    id: String(c._id),
    userId: String(c.userId),
    fullName: c.fullName,
    dateOfBirth: c.dateOfBirth.toISOString().slice(0, 10),
    ssnLast4: c.ssnLast4,
    currentAddress: c.currentAddress,
    city: c.city,
    state: c.state,
    zipCode: c.zipCode,
    phoneNumber: c.phoneNumber,
    emergencyContactName: c.emergencyContactName,
    emergencyContactPhone: c.emergencyContactPhone,
    emergencyContactRelationship: c.emergencyContactRelationship,
    drivingExperience: c.drivingExperience,
    hasMovingViolations: c.hasMovingViolations,
    movingViolationsDetails: c.movingViolationsDetails ?? null,
    hasAccidents: c.hasAccidents,
    accidentsDetails: c.accidentsDetails ?? null,
    hasCriminalHistory: c.hasCriminalHistory,
    criminalHistoryDetails: c.criminalHistoryDetails ?? null,
    consentToBackgroundCheck: c.consentToBackgroundCheck,
    consentToRecordCheck: c.consentToRecordCheck,
    status: c.status as BackgroundCheckStatus,
    rejectionReason: c.rejectionReason ?? null,
    submittedAt: c.submittedAt.toISOString(),
    reviewedAt: iso(c.reviewedAt),
    reviewedBy: c.reviewedBy ? String(c.reviewedBy) : null,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}
