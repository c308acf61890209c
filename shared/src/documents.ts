// Compliance documents: upload and review schemas, DTOs, verification status and socket events.
import { z } from 'zod';
import type { AuthorityNumberField } from './auth';
import { MAX_UPLOAD_BYTES } from './constants';
import { DATE_RANGE_MESSAGE, isDateInRange, parseCalendarDate } from './dates';
import { DOCUMENT_STATUSES, DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES_BY_USER_TYPE, type UserType } from './enums';

export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** SPEC §9: what an upload may be (judged by the file's first bytes on the server). */
export const DOCUMENT_ACCEPTED_MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
/** The file picker's accept attribute: PDF, JPG/JPEG and PNG. */
export const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
export const DOCUMENT_MAX_BYTES = MAX_UPLOAD_BYTES;

/** Reminders before a document's expiration date, in days (the expiry job sends each once). */
export const DOCUMENT_EXPIRY_REMINDER_DAYS = [30, 7, 1] as const;

/** SPEC §3: the document types a user type uploads (and must have approved to be verified). */
export function documentTypesFor(userType: UserType | null | undefined): readonly string[] {
  return (userType && DOCUMENT_TYPES_BY_USER_TYPE[userType]) || [];
}

export function documentTypeLabel(type: string): string {
  return DOCUMENT_TYPE_LABELS[type] ?? type;
}

/**
 * The unverified warning on the compliance card: SPEC's text for the types that post freight; a carrier is told what
 * its documents are for (booking and offers: it posts nothing).
 */
export function complianceWarningText(userType: UserType | null | undefined): string {
  return userType === 'carrier'
    ? 'Complete all required documents to book loads and make offers'
    : 'Complete all required documents to access freight posting';
}

const DAY_MS = 24 * 60 * 60 * 1000;

// An expiration date is a calendar date (`parseCalendarDate` in dates.ts). It is stored as 00:00 UTC of that date;
// the document is valid through that whole day and expired from the next one.

/** 00:00 UTC of `now`'s date. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** Whole days from today (UTC) to the expiration date: 0 on the last valid day, negative once expired. */
export function daysUntilExpiry(expirationDate: Date, now: Date): number {
  return Math.round((startOfUtcDay(expirationDate).getTime() - startOfUtcDay(now).getTime()) / DAY_MS);
}

export function isExpiredOn(expirationDate: Date | null | undefined, now: Date): boolean {
  return expirationDate != null && daysUntilExpiry(expirationDate, now) < 0;
}

/**
 * The text fields of call 20 (the file travels beside them). Which types are allowed depends on the caller's user
 * type, so the server checks documentType against `documentTypesFor` after this parse. An empty expirationDate is
 * the same as none (the form sends it only when set). A date more than one day in the past is refused (the day of
 * slack covers the time zones west of UTC).
 */
/** Documents that lapse on a known date: an upload must say when (issue 16), so expiry can unverify the carrier. */
export const EXPIRY_REQUIRED_TYPES: ReadonlySet<string> = new Set(['insurance']);
export const EXPIRY_REQUIRED_MESSAGE = 'Insurance documents need an expiration date';

export const documentUploadSchema = z
  .object({
    documentType: z.string({ message: 'Required' }).trim().min(1, 'Required'),
    expirationDate: z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (!v) return null;
        const date = parseCalendarDate(v);
        if (!date) {
          ctx.addIssue({ code: 'custom', message: 'Enter a valid date (YYYY-MM-DD)' });
          return z.NEVER;
        }
        if (daysUntilExpiry(date, new Date()) < -1) {
          ctx.addIssue({ code: 'custom', message: 'The expiration date has already passed' });
          return z.NEVER;
        }
        if (!isDateInRange(date.getTime())) {
          ctx.addIssue({ code: 'custom', message: DATE_RANGE_MESSAGE });
          return z.NEVER;
        }
        return date;
      }),
  })
  .superRefine((v, ctx) => {
    if (EXPIRY_REQUIRED_TYPES.has(v.documentType) && !v.expirationDate) {
      ctx.addIssue({ code: 'custom', path: ['expirationDate'], message: EXPIRY_REQUIRED_MESSAGE });
    }
  });
export type DocumentUploadInput = z.input<typeof documentUploadSchema>;

/** Call 24: approve, or reject with a non-empty reason. */
export const documentReviewSchema = z.discriminatedUnion(
  'status',
  [
    z.object({ status: z.literal('approved'), rejectionReason: z.string().optional().nullable() }),
    z.object({
      status: z.literal('rejected'),
      rejectionReason: z
        .string({ message: 'Please provide a rejection reason.' })
        .trim()
        .min(1, 'Please provide a rejection reason.')
        .max(2000),
    }),
  ],
  { message: 'status must be approved or rejected' },
);
export type DocumentReviewInput = z.input<typeof documentReviewSchema>;

/** A document as its owner (and admins) see it. The stored file's location never leaves the server. */
export interface DocumentDto {
  id: string;
  userId: string;
  documentType: string;
  fileName: string;
  fileSize: number;
  mimeType: string;
  status: DocumentStatus;
  /** The calendar date (00:00 UTC) through which the document is valid, or null. */
  expirationDate: string | null;
  uploadedAt: string;
  reviewedAt: string | null;
  reviewedBy: string | null;
  rejectionReason: string | null;
  /** GET this to open the decrypted file (owner or admin). */
  downloadUrl: string;
}

/** SPEC §3 'Pending document (admin view)', plus what the queue shows. */
export interface PendingDocumentDto {
  id: string;
  userId: string;
  userType: UserType | null;
  userCompanyName: string | null;
  documentType: string;
  fileName: string;
  mimeType: string;
  fileSize: number;
  uploadedAt: string;
  expirationDate: string | null;
  downloadUrl: string;
}

/** Call 4. */
export interface VerificationStatusDto {
  isVerified: boolean;
  /** The user type's document types (empty for types that need none). */
  requiredDocuments: string[];
  /** Required types with a document in review or approved and not expired. */
  submittedDocuments: string[];
  /** Required types with an approved document that has not expired. */
  approvedDocuments: string[];
  /** Road numbers the type needs before verification completes and that are not given yet (issue 39). */
  missingNumbers: AuthorityNumberField[];
}

/** SPEC §9: compliance percent = approved / required, rounded (0 when nothing is required). */
export function compliancePercent(
  v: Pick<VerificationStatusDto, 'requiredDocuments' | 'approvedDocuments'>,
): number {
  if (v.requiredDocuments.length === 0) return 0;
  return Math.min(100, Math.round((v.approvedDocuments.length / v.requiredDocuments.length) * 100));
}

export interface DocumentEvents {
  /** To `user:<owner>`: an admin approved or rejected one of the user's documents. */
  'document:reviewed': (payload: { document: DocumentDto }) => void;
  /** To `user:<owner>`: the expiry job marked one of the user's documents expired. */
  'document:expired': (payload: { document: DocumentDto }) => void;
  /** To `user:<id>`: the user's verification was recomputed (review, expiry). */
  'verification:changed': (payload: VerificationStatusDto & { userId: string }) => void;
  /** To `role:admin`: a document entered the queue (upload) or left it (review, expiry). */
  'admin:queue-changed': (payload: {
    reason: 'uploaded' | 'reviewed' | 'expired';
    documentId: string;
    /** The document that entered the queue (on upload). */
    added: PendingDocumentDto | null;
    /** The queue's size after the change. */
    pendingCount: number;
  }) => void;
}

/** The admin queue's summary cards (replaces SPEC §9's fixed 0 / 0 / '--' with real figures). */
export interface ReviewStatsDto {
  /** Documents approved since midnight UTC. */
  approvedToday: number;
  /** Documents rejected since midnight UTC. */
  rejectedToday: number;
  /** Mean minutes from upload to decision over the last 30 days; null when nothing was reviewed. */
  avgReviewMinutes: number | null;
}
