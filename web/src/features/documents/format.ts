import { DOCUMENT_TYPE_LABELS, MAX_UPLOAD_BYTES, type DocumentStatus } from '@freight/shared';
import { formatUtcDay } from '../../lib/formatters';

/**
 * An expiration date is a calendar date stored as 00:00 UTC (shared/documents.ts): shown in US format in UTC, so it
 * reads as the date the user picked whatever their time zone.
 */
export function formatCalendarDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatUtcDay(date);
}

export const documentTypeLabel = (type: string) => DOCUMENT_TYPE_LABELS[type] ?? type;

export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  expired: 'Expired',
};

/** SPEC §4: pending in the warning colour, approved green, rejected red. */
export const DOCUMENT_STATUS_COLORS: Record<DocumentStatus, string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  expired: 'gray',
};

const MAX_UPLOAD_MB = MAX_UPLOAD_BYTES / (1024 * 1024);

/** Why the drop area refused a file (its `FileError` codes), told next to it instead of ignoring the file. */
export function fileRejectionReason(fileName: string, errors: readonly string[]): string {
  if (errors.includes('FILE_INVALID_TYPE')) return `${fileName} is not a PDF, JPG or PNG file.`;
  if (errors.includes('FILE_TOO_LARGE')) return `${fileName} is larger than ${MAX_UPLOAD_MB} MB.`;
  if (errors.includes('TOO_MANY_FILES')) return 'Choose one file at a time.';
  if (errors.includes('FILE_TOO_SMALL')) return `${fileName} is empty.`;
  return `${fileName} cannot be uploaded.`;
}
