import { z } from 'zod';

export const NOTIFICATION_KINDS = [
  'welcome',
  'document_reviewed',
  'document_expiring',
  'document_expired',
  'booking_requested',
  'booking_reviewed',
  'negotiation',
  'freight_status',
  'saved_search_match',
  'subscription',
  'shipment_offer',
  'background_check',
  'invoice',
  'general',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NotificationDto {
  id: string;
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  readAt: string | null;
  createdAt: string;
}

/** The payload of a `notifications` queue job. */
export const notificationJobSchema = z.object({
  userId: z.string().min(1),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string().min(1),
  body: z.string().default(''),
  link: z.string().nullable().optional(),
  /** Makes the job idempotent: a second job with the same key stores nothing. */
  dedupeKey: z.string().optional(),
  /**
   * Coalescing (issue 25): notifications to one recipient from one source (`key`) while the first is unread and
   * younger than NOTIFICATION_COALESCE_SECONDS become one, counted: its title and body become these texts with
   * `{count}` replaced ("12 new loads match Dallas → Denver"), its link this job's.
   */
  coalesce: z
    .object({ key: z.string().min(1), title: z.string().min(1), body: z.string().default('') })
    .optional(),
});
export type NotificationJob = z.input<typeof notificationJobSchema>;

export interface NotificationEvents {
  'notification:new': (payload: { notification: NotificationDto; unreadCount: number }) => void;
}
