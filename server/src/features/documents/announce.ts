import {
  documentTypeLabel,
  rooms,
  type DocumentDto,
  type PendingDocumentDto,
  type ServerEventPayload,
  type VerificationStatusDto,
} from '@freight/shared';
import { publish } from '../../realtime/publish';
import { notify } from '../notifications/service';
import { DocumentModel, type ComplianceDocument } from './model';

// What the documents feature tells people: live pushes and notifications, one function per event.

const formatDate = (d: Date) => d.toLocaleDateString('en-US', { timeZone: 'UTC' });
const inDays = (n: number) => (n === 0 ? 'today' : n === 1 ? 'tomorrow' : `in ${n} days`);

/** The admins' verification queue changed: a document entered it or left it. */
async function announceQueueChanged(
  reason: ServerEventPayload<'admin:queue-changed'>['reason'],
  documentId: string,
  added: PendingDocumentDto | null = null,
): Promise<void> {
  publish('admin:queue-changed', rooms.role('admin'), {
    reason,
    documentId,
    added,
    pendingCount: await DocumentModel.countDocuments({ status: 'pending' }),
  });
}

export async function announceDocumentUploaded(pending: PendingDocumentDto): Promise<void> {
  await announceQueueChanged('uploaded', pending.id, pending);
}

export async function announceDocumentReviewed(
  document: DocumentDto,
  reviewed: ComplianceDocument,
): Promise<void> {
  publish('document:reviewed', rooms.user(document.userId), { document });
  await announceQueueChanged('reviewed', document.id);
  const label = documentTypeLabel(reviewed.documentType);
  const approved = reviewed.status === 'approved';
  await notify({
    userId: document.userId,
    kind: 'document_reviewed',
    title: approved ? `${label} approved` : `${label} rejected`,
    body: approved
      ? `Your ${label} (${reviewed.fileName}) was approved.`
      : `Your ${label} (${reviewed.fileName}) was rejected: ${reviewed.rejectionReason}`,
    link: '/documents',
    dedupeKey: `doc-review:${document.id}`,
  });
}

/** The reminder `due` days ahead (30, 7 or 1) of a document that expires in `daysLeft` days. */
export async function announceDocumentExpiring(
  doc: ComplianceDocument,
  daysLeft: number,
  due: number,
): Promise<void> {
  const label = documentTypeLabel(doc.documentType);
  await notify({
    userId: String(doc.userId),
    kind: 'document_expiring',
    title: `${label} expires ${inDays(daysLeft)}`,
    body: `Your ${label} (${doc.fileName}) expires on ${formatDate(doc.expirationDate!)}. Upload a renewed document to stay verified.`,
    link: '/documents',
    // One ':' only: notify() makes the key a BullMQ job id `n:<key>`, and BullMQ refuses ids with more parts.
    dedupeKey: `doc-expiry:${String(doc._id)}-${due}d`,
  });
}

/** `before` is the document as it was when it expired (a pending one also leaves the admins' queue). */
export async function announceDocumentExpired(
  document: DocumentDto,
  before: ComplianceDocument,
): Promise<void> {
  publish('document:expired', rooms.user(document.userId), { document });
  if (before.status === 'pending') await announceQueueChanged('expired', document.id);
  const label = documentTypeLabel(before.documentType);
  await notify({
    userId: document.userId,
    kind: 'document_expired',
    title: `${label} expired`,
    body: `Your ${label} (${before.fileName}) expired on ${formatDate(before.expirationDate!)}. Upload a renewed document to stay verified.`,
    link: '/documents',
    dedupeKey: `doc-expired:${document.id}`,
  });
}

/** The user's verification as just computed (`verified`: the flag now stored). */
export function announceVerificationChanged(
  userId: string,
  status: VerificationStatusDto,
  verified: boolean,
): void {
  publish('verification:changed', rooms.user(userId), { ...status, isVerified: verified, userId });
}
