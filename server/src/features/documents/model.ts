import { DOCUMENT_STATUSES, type DocumentDto, type DocumentStatus } from '@freight/shared';
import mongoose, { Schema, Types, type InferSchemaType } from 'mongoose';
import { iso } from '../../http/dto';
import { companyStamps } from '../companies/stamps';

/**
 * A compliance document (SPEC §3). The file itself lives encrypted in the file store under `storageKey` (SPEC's
 * filePath); only its original name, size and sniffed type are kept here. `remindersSent` records which expiry
 * reminders (days before the date) went out, so repeated expiry runs send each once.
 */
const documentSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    documentType: { type: String, required: true },
    fileName: { type: String, required: true },
    storageKey: { type: String, required: true },
    fileSize: { type: Number, required: true },
    mimeType: { type: String, required: true },
    status: { type: String, enum: DOCUMENT_STATUSES, default: 'pending' },
    expirationDate: { type: Date, default: null },
    uploadedAt: { type: Date, default: () => new Date() },
    reviewedAt: { type: Date, default: null },
    reviewedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    rejectionReason: { type: String, default: null },
    remindersSent: { type: [Number], default: [] },
    expiredAt: { type: Date, default: null },
    // The UTC days (YYYY-MM-DD) of reviewedAt and expiredAt: "reviewed in the last days" becomes a few equalities,
    // which the storage answers from an index on FerretDB too (a range on the date would read every document).
    reviewedDay: { type: String, default: null },
    expiredDay: { type: String, default: null },
  },
  { timestamps: false },
);
documentSchema.index({ userId: 1, uploadedAt: -1 });
documentSchema.index({ status: 1, uploadedAt: 1 });
documentSchema.index({ status: 1, expirationDate: 1 });
documentSchema.index({ status: 1, expiredAt: 1 });
documentSchema.index({ reviewedDay: 1 });
documentSchema.index({ expiredDay: 1 });

/** The UTC day of a moment, as stored in reviewedDay and expiredDay. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The UTC days from the day of `now - days` through today's. */
export function daysBack(now: Date, days: number): string[] {
  return Array.from({ length: days + 1 }, (_, i) =>
    utcDay(new Date(now.getTime() - (days - i) * 86_400_000)),
  );
}

export type ComplianceDocument = InferSchemaType<typeof documentSchema> & { _id: Types.ObjectId };
// Company accounts (issue 28): each party's company beside its person id.
documentSchema.plugin(companyStamps, { pairs: [['userId', 'companyId']] });
export const DocumentModel = mongoose.model('Document', documentSchema);

export const downloadUrl = (id: string) => `/api/documents/${id}/download`;

export function toDocumentDto(d: ComplianceDocument): DocumentDto {
  const id = String(d._id);
  return {
    id,
    userId: String(d.userId),
    documentType: d.documentType,
    fileName: d.fileName,
    fileSize: d.fileSize,
    mimeType: d.mimeType,
    status: d.status as DocumentStatus,
    expirationDate: iso(d.expirationDate),
    uploadedAt: iso(d.uploadedAt)!,
    reviewedAt: iso(d.reviewedAt),
    reviewedBy: d.reviewedBy ? String(d.reviewedBy) : null,
    rejectionReason: d.rejectionReason ?? null,
    downloadUrl: downloadUrl(id),
  };
}
