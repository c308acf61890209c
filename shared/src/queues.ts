/** BullMQ queue names; one processor per queue (event family) in workers/. */
export const QUEUES = {
  notifications: 'notifications',
  documentExpiry: 'document-expiry',
  subscriptionExpiry: 'subscription-expiry',
  loadDocuments: 'load-documents',
  mail: 'mail',
  push: 'push',
  digests: 'notification-digests',
  /** Webhook deliveries of the public API (issue 30): one job per event and endpoint. */
  webhooks: 'webhooks',
  /** Posted trucks past their last available day (issue 29). */
  truckPostExpiry: 'truck-post-expiry',
  /** An invoice's reminder to its payer, a delayed job at its due date (issue 40). */
  invoiceOverdue: 'invoice-overdue',
  /** A stop's free-time warning, a delayed job 15 minutes before the free time ends (issue 41). */
  stopClock: 'stop-clock',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
