import { z } from 'zod';
import { NOTIFICATION_KINDS, type NotificationKind } from './notifications';

/**
 * Where a notification reaches its user beyond the app (issue 27): the in-app notification is always stored; email
 * and web push follow the user's preferences, per kind.
 */
export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** How saved-search alerts leave the app: each match at once, or one digest an hour or a day. */
export const ALERT_FREQUENCIES = ['instant', 'hourly', 'daily'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  instant: 'As each load matches',
  hourly: 'Hourly digest',
  daily: 'Daily digest (8:00 a.m. Eastern)',
};
/** The digests' schedules (cron, UTC): on the hour, and daily at 13:00 UTC (8:00 a.m. Eastern, 5:00 a.m. Pacific). */
export const DIGEST_SCHEDULES: Record<Exclude<AlertFrequency, 'instant'>, string> = {
  hourly: '0 * * * *',
  daily: '0 13 * * *',
};
export const DEFAULT_ALERT_FREQUENCY: AlertFrequency = 'hourly';

/** Each kind as the settings screen names it, and its defaults off the app. */
export const NOTIFICATION_KIND_SETTINGS: Record<
  NotificationKind,
  { label: string; description: string; email: boolean; push: boolean }
> = {
  booking_requested: {
    label: 'Booking requests',
    description: 'A carrier asks to book one of your loads.',
    email: true,
    push: true,
  },
  booking_reviewed: {
    label: 'Booking answers',
    description: 'Your booking request is approved or declined.',
    email: true,
    push: true,
  },
  negotiation: {
    label: 'Rate offers',
    description: 'Offers, counter offers and their answers.',
    email: true,
    push: true,
  },
  shipment_offer: {
    label: 'Small shipment offers',
    description: 'Offers on your small shipments and their answers.',
    email: true,
    push: true,
  },
  freight_status: {
    label: 'Load status and tracking',
    description: 'Pickup, delivery and other changes to your loads (the proof of delivery is attached).',
    email: true,
    push: true,
  },
  saved_search_match: {
    label: 'Saved-search alerts',
    description: 'New loads that match a search you saved.',
    email: true,
    push: true,
  },
  document_reviewed: {
    label: 'Document reviews',
    description: 'Your uploaded documents are approved or rejected.',
    email: true,
    push: true,
  },
  document_expiring: {
    label: 'Documents about to expire',
    description: 'Reminders before an insurance certificate or authority expires.',
    email: true,
    push: false,
  },
  document_expired: {
    label: 'Expired documents',
    description: 'A document has expired and needs replacing.',
    email: true,
    push: true,
  },
  background_check: {
    label: 'Background checks',
    description: 'The result of your background check.',
    email: true,
    push: true,
  },
  subscription: {
    label: 'Subscription and billing',
    description: 'Your plan starts, is canceled or expires.',
    email: true,
    push: false,
  },
  invoice: {
    label: 'Invoices and payments',
    description:
      'Invoices sent to your company and every move on the ones you sent: approved, disputed, scheduled, paid.',
    email: true,
    push: true,
  },
  general: {
    label: 'Other account news',
    description: 'Broker invitations, matches on your driver routes, account changes.',
    email: true,
    push: true,
  },
  welcome: {
    label: 'Welcome',
    description: 'The welcome message after sign-up.',
    email: false,
    push: false,
  },
};

/** The order the settings screen lists the kinds in (work first, account last). */
export const NOTIFICATION_KIND_ORDER: NotificationKind[] = [
  'booking_requested',
  'booking_reviewed',
  'negotiation',
  'shipment_offer',
  'freight_status',
  'saved_search_match',
  'invoice',
  'document_reviewed',
  'document_expiring',
  'document_expired',
  'background_check',
  'subscription',
  'general',
  'welcome',
];

/**
 * Security messages: always by email, whatever the preferences say, and without an unsubscribe link. They are sent
 * by the account module directly, not as notifications.
 */
export const SECURITY_MESSAGES = [
  'Email address verification',
  'Password reset links and password changes',
  'Sign-in from a new device',
] as const;

export interface ChannelChoice {
  email: boolean;
  push: boolean;
}

export interface NotificationPreferencesDto {
  kinds: Record<NotificationKind, ChannelChoice>;
  savedSearchFrequency: AlertFrequency;
}

export function defaultNotificationPreferences(): NotificationPreferencesDto {
  const kinds = {} as Record<NotificationKind, ChannelChoice>;
  for (const kind of NOTIFICATION_KINDS) {
    const d = NOTIFICATION_KIND_SETTINGS[kind];
    kinds[kind] = { email: d.email, push: d.push };
  }
  return { kinds, savedSearchFrequency: DEFAULT_ALERT_FREQUENCY };
}

/** PUT /api/notification-preferences: any part of the preferences; what is left out stays as it is. */
export const updateNotificationPreferencesSchema = z
  .object({
    kinds: z
      .partialRecord(
        z.enum(NOTIFICATION_KINDS),
        z.object({ email: z.boolean().optional(), push: z.boolean().optional() }).strict(),
      )
      .optional(),
    savedSearchFrequency: z.enum(ALERT_FREQUENCIES).optional(),
  })
  .strict();
export type UpdateNotificationPreferencesInput = z.infer<typeof updateNotificationPreferencesSchema>;

const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+=*$/, 'must be base64url')
    .refine((s) => Math.floor((s.replace(/=+$/, '').length * 3) / 4) === bytes, `must be ${bytes} bytes`);

/** POST /api/push/subscriptions: the browser's PushSubscription.toJSON(). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().url('must be a URL').max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushEndpointSchema = z.object({ endpoint: z.string().url('must be a URL').max(2048) });

/** What a push message carries; the service worker shows it and opens `url` on tap. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path of the app ('/tracking/…'). */
  url: string;
  /** Replaces an earlier notification with the same tag on the device. */
  tag: string;
}
