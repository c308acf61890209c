import type { PendingDocumentDto, ServerEventPayload } from '@freight/shared';

export interface QueueShown {
  items: PendingDocumentDto[];
  total: number;
}

/**
 * The verification queue after `admin:queue-changed` (another admin reviewed, a user uploaded, a document expired).
 * The queue is oldest first: a new document belongs at the end, so it is shown only once the end is loaded.
 */
export function applyQueueChange(
  queue: QueueShown,
  { documentId, added, pendingCount }: ServerEventPayload<'admin:queue-changed'>,
): QueueShown {
  if (added) {
    const known = queue.items.some((d) => d.id === added.id);
    const endLoaded = queue.items.length >= queue.total;
    return { items: !known && endLoaded ? [...queue.items, added] : queue.items, total: pendingCount };
  }
  return { items: queue.items.filter((d) => d.id !== documentId), total: pendingCount };
}
