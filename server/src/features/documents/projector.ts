import { documentTypeLabel, rooms, type PendingDocumentDto, type ServerEventPayload } from '@freight/shared';
import { registerProjector } from '../../events/projectors';
import { publish } from '../../realtime/publish';
import { notify } from '../notifications/service';
import { DocumentModel } from './model';
import { partyRooms } from '../companies/rooms';

// What the documents feature tells people (issue 26): live pushes and notifications, from the log's facts.

const formatDate = (d: Date) => d.toLocaleDateString('en-US', { timeZone: 'UTC' });
const inDays = (n: number) => (n === 0 ? 'today' : n === 1 ? 'tomorrow' : `in ${n} days`);

/** The admins' verification queue changed: a document entered it or left it (the count is the queue as it is now). */
async function pushQueueChanged(
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

/** Live pushes: the owner's documents and verification, the admins' queue. Clients upsert, so a replay is harmless. */
export const documentsLiveProjector = registerProjector({
  name: 'documents-live',
  applicableEvents: ['document.uploaded', 'document.reviewed', 'document.expired', 'verification.changed'],
  async handle(event) {
    switch (event.name) {
      case 'document.uploaded':
        await pushQueueChanged('uploaded', event.data.queued.id, event.data.queued);
        return;
      case 'document.reviewed': {
        const { document } = event.data;
        publish('document:reviewed', await partyRooms([document.userId]), { document });
        await pushQueueChanged('reviewed', document.id);
        return;
      }
      case 'document.expired': {
        const { document, previousStatus } = event.data;
        publish('document:expired', await partyRooms([document.userId]), { document });
        if (previousStatus === 'pending') await pushQueueChanged('expired', document.id);
        return;
      }
      case 'verification.changed': {
        const { userId, isVerified, verification } = event.data;
        publish('verification:changed', await partyRooms([userId]), { ...verification, isVerified, userId });
        return;
      }
      default:
        return;
    }
  },
});

/**
 * The owner's notifications. Each keeps the dedupe key it had before the log (one per review, per reminder, per
 * expiry of a document): each is derived from its fact and its one recipient, and a notification sent before the
 * conversion is not sent again by a replay.
 */
export const documentsNoticesProjector = registerProjector({
  name: 'documents-notices',
  applicableEvents: ['document.reviewed', 'document.expiring', 'document.expired'],
  async handle(event) {
    switch (event.name) {
      case 'document.reviewed': {
        const { document } = event.data;
        const label = documentTypeLabel(document.documentType);
        const approved = document.status === 'approved';
        await notify({
          userId: document.userId,
          kind: 'document_reviewed',
          title: approved ? `${label} approved` : `${label} rejected`,
          body: approved
            ? `Your ${label} (${document.fileName}) was approved.`
            : `Your ${label} (${document.fileName}) was rejected: ${document.rejectionReason}`,
          link: '/documents',
          dedupeKey: `doc-review:${document.id}`,
        });
        return;
      }
      case 'document.expiring': {
        const { document, daysLeft, reminder } = event.data;
        const label = documentTypeLabel(document.documentType);
        await notify({
          userId: document.userId,
          kind: 'document_expiring',
          title: `${label} expires ${inDays(daysLeft)}`,
          body: `Your ${label} (${document.fileName}) expires on ${formatDate(new Date(document.expirationDate!))}. Upload a renewed document to stay verified.`,
          link: '/documents',
          dedupeKey: `doc-expiry:${document.id}-${reminder}d`,
        });
        return;
      }
      case 'document.expired': {
        const { document } = event.data;
        const label = documentTypeLabel(document.documentType);
        await notify({
          userId: document.userId,
          kind: 'document_expired',
          title: `${label} expired`,
          body: `Your ${label} (${document.fileName}) expired on ${formatDate(new Date(document.expirationDate!))}. Upload a renewed document to stay verified.`,
          link: '/documents',
          dedupeKey: `doc-expired:${document.id}`,
        });
        return;
      }
      default:
        return;
    }
  },
});
