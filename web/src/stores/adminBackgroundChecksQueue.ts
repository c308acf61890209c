import type { PendingBackgroundCheckDto, ServerEventPayload } from '@freight/shared';

export interface CheckQueueShown {
  items: PendingBackgroundCheckDto[];
  total: number;
}

/**
 * The pending background checks after `admin:background-checks-changed` (a driver submitted, an admin decided). The
 * queue is oldest first: a new check belongs at the end, so it is shown only once the end is loaded.
 */
export function applyCheckQueueChange(
  queue: CheckQueueShown,
  { checkId, added, pendingCount }: ServerEventPayload<'admin:background-checks-changed'>,
): CheckQueueShown {
  if (added) {
    const known = queue.items.some((c) => c.id === added.id);
    const endLoaded = queue.items.length >= queue.total;
    return { items: !known && endLoaded ? [...queue.items, added] : queue.items, total: pendingCount };
  }
  return { items: queue.items.filter((c) => c.id !== checkId), total: pendingCount };
}
