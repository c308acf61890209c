import { z } from 'zod';

/**
 * Webhooks of the public API (issue 30): a company's endpoints receive its events, signed per Standard Webhooks
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`), at least once, in order per load. Invoice and rating
 * events (issue 40) go to both companies of the invoice or of the rated load, in the load's order too.
 */
export const WEBHOOK_EVENTS = [
  'load.posted',
  'load.edited',
  'load.withdrawn',
  'load.status_changed',
  'booking.requested',
  'booking.reviewed',
  'offer.received',
  'offer.answered',
  'tracking.stop',
  'tracking.arrived',
  'tracking.departed',
  'invoice.submitted',
  'invoice.corrected',
  'invoice.approved',
  'invoice.disputed',
  'invoice.scheduled',
  'invoice.paid',
  'invoice.quick_pay_requested',
  'invoice.overdue',
  'invoice.quick_pay_missed',
  'rating.given',
  'rating.changed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'load.posted': 'A load was posted',
  'load.edited': 'A load was edited',
  'load.withdrawn': 'A load was withdrawn',
  'load.status_changed': 'A load moved (booked, in transit, delivered, cancelled)',
  'booking.requested': 'A carrier asked to book a load',
  'booking.reviewed': 'A booking request was approved or rejected',
  'offer.received': 'A carrier made or revised a rate offer, or a load was offered to a posted truck',
  'offer.answered': 'An offer was accepted, rejected, countered or expired',
  'tracking.stop':
    'A stop was reported (arrived at pickup, loaded, done at a stop on the way, arrived at delivery)',
  'tracking.arrived':
    "A truck arrived at a stop: from its positions entering the stop's geofence, or the driver's check-in",
  'tracking.departed': 'A truck left a stop, with its time there (the dwell) when its arrival is known',
  'invoice.submitted': 'A carrier sent an invoice for a delivered load',
  'invoice.corrected': 'A corrected invoice replaced an open or disputed one',
  'invoice.approved': 'An invoice was approved by the company billed',
  'invoice.disputed': 'An invoice was disputed (a reason per disputed line)',
  'invoice.scheduled': "An invoice's payment was scheduled for a day",
  'invoice.paid': 'An invoice was marked paid (with the payment reference)',
  'invoice.quick_pay_requested': "A carrier asked the payer's quick pay on an invoice",
  'invoice.overdue': 'An invoice passed its due date unpaid',
  'invoice.quick_pay_missed': 'The day a payer promised to pay a quick pay by passed unpaid',
  'rating.given': 'A load was rated: by your company, or your company by the other side',
  'rating.changed': 'A rating was changed (within 7 days of giving it)',
};

/**
 * X12 214 shipment status codes, so a transport management system maps stop and status events without a table:
 * X3 arrived at pickup, AF departed pickup (loaded), X1 arrived at delivery, D1 completed unloading (delivered).
 */
export const X12_STOP_CODES = { arrived_pickup: 'X3', loaded: 'AF', arrived_delivery: 'X1' } as const;
/** A stop between the first pickup and the last delivery, done: departed a pickup (AF) or a delivery (CD). */
export const X12_DEPARTED_DELIVERY = 'CD';
export function x12StopCode(e: {
  kind: keyof typeof X12_STOP_CODES | 'stop_done';
  stopKind: 'pickup' | 'delivery' | null;
}): string {
  if (e.kind === 'stop_done') return e.stopKind === 'pickup' ? X12_STOP_CODES.loaded : X12_DEPARTED_DELIVERY;
  return X12_STOP_CODES[e.kind];
}
export const X12_STATUS_CODES: Partial<Record<string, string>> = { delivered: 'D1' };
/** A stop's arrival or departure (issue 41's clock): X3 / AF at a pickup, X1 / CD at a delivery. */
export function x12VisitCode(kind: 'pickup' | 'delivery', transition: 'arrived' | 'departed'): string {
  if (kind === 'pickup')
    return transition === 'arrived' ? X12_STOP_CODES.arrived_pickup : X12_STOP_CODES.loaded;
  return transition === 'arrived' ? X12_STOP_CODES.arrived_delivery : X12_DEPARTED_DELIVERY;
}

/** Endpoints one company may register. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
/** How long the previous secret keeps signing after a rotation (both signatures are sent meanwhile). */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;
/** An endpoint whose deliveries fail for this long without one success is disabled (and its owner told). */
export const WEBHOOK_DISABLE_AFTER_MS = 24 * 60 * 60 * 1000;

export const createWebhookEndpointSchema = z.object({
  url: z
    .string()
    .trim()
    .max(2000)
    .url('url must be a URL')
    .describe('https:// (http:// only for targets the operator allows, e.g. in tests)'),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, 'Choose at least one event')
    .transform((e) => [...new Set(e)]),
  description: z.string().trim().max(200).optional(),
});
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointSchema>;

export const updateWebhookEndpointSchema = z.object({
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, 'Choose at least one event')
    .transform((e) => [...new Set(e)])
    .optional(),
  /** true re-enables a disabled endpoint (its failure clock starts again). */
  enabled: z.boolean().optional(),
});

export const webhookEndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    status: z.enum(['active', 'disabled']),
    disabledReason: z.string().nullable(),
    /** Since when every delivery has failed (null: the last one succeeded). */
    failingSince: z.string().nullable(),
    /** The previous secret still signs until then (after a rotation). */
    previousSecretExpiresAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpointDto = z.infer<typeof webhookEndpointSchema>;

/** The endpoint with its signing secret (`whsec_…`), shown once: on creation and on rotation. */
export const webhookEndpointWithSecretSchema = z
  .object({ endpoint: webhookEndpointSchema, secret: z.string() })
  .meta({ id: 'WebhookEndpointWithSecret' });
export type WebhookEndpointWithSecretDto = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookAttemptSchema = z.object({
  at: z.string(),
  /** The HTTP status answered; null when no answer came (refused, timed out, blocked). */
  status: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** The start of the answer's body (or the error). */
  excerpt: z.string(),
});

export const webhookDeliverySchema = z
  .object({
    id: z.string().describe('The webhook-id header: the same on every retry and replay'),
    endpointId: z.string(),
    event: z.enum(WEBHOOK_EVENTS),
    loadId: z.string().nullable(),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.array(webhookAttemptSchema),
    createdAt: z.string(),
    deliveredAt: z.string().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDeliveryDto = z.infer<typeof webhookDeliverySchema>;

/** The body of every delivery (Standard Webhooks' `type`, `timestamp`, `data`). */
export const webhookPayloadSchema = z.object({
  type: z.enum(WEBHOOK_EVENTS),
  timestamp: z.string(),
  data: z.looseObject({
    loadId: z.string().nullable(),
    x12: z.string().nullable().optional().describe('X12 214 status code of a stop or status event'),
  }),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
