import { z } from 'zod';
import {
  BOOKING_REQUEST_STATUSES,
  FREIGHT_STATUSES,
  NEGOTIATION_STATUSES,
  STOP_APPOINTMENT_KINDS,
} from './enums';
import { MAX_PAGE_SIZE } from './constants';
import { boardFilterIssues, freightSearchSchema } from './freight';
import { INVOICE_LINE_KINDS, INVOICE_STATUSES, type InvoiceDto } from './invoices';
import { LOAD_DOCUMENT_SLUGS, type LoadDocumentKind } from './loadDocuments';
import { RATING_SIDES, type RatingDto, type RatingValues } from './ratings';
import { STOP_EVENT_KINDS } from './tracking';
import type { DomainEventData } from './domainEvents';
import { STOP_VISIT_SOURCES } from './stopClock';
import { X12_DEPARTED_DELIVERY, X12_STOP_CODES, webhookPayloadSchema } from './webhooks';

/**
 * The public API's own shapes (issue 30): what /api/v1 answers, described with zod so the OpenAPI document is made
 * from them (server/src/features/publicApi/openapi.ts). Requests reuse the web's schemas (postLoadSchema, …).
 * Objects are open (`looseObject`): a field added later is not a breaking change for a client.
 */

const iso = z.string().describe('ISO 8601 date-time');
const nullableText = z.string().nullable();

export const v1ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().describe('A stable code: VALIDATION_ERROR, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, …'),
      message: z.string().describe('What went wrong, in words a person can act on'),
      details: z.array(z.unknown()).optional().describe('Per-field issues of a validation error'),
    }),
  })
  .meta({ id: 'Error' });
export type V1Error = z.infer<typeof v1ErrorSchema>;

/** A pickup's or delivery's details (issue 39), as your company's loads carry them. */
export const v1LoadStopSchema = z
  .looseObject({
    facilityName: nullableText,
    address: nullableText.describe("The street address; the city, state and ZIP are the load's"),
    dockNotes: nullableText.describe('Dock or door, gate and check-in notes'),
    appointment: z
      .object({
        kind: z
          .enum(STOP_APPOINTMENT_KINDS)
          .describe('fcfs: first come, first served; appointment: at `time`; window: `time` to `endTime`'),
        time: nullableText.describe("HH:MM, the facility's local time, on the stop's date"),
        endTime: nullableText.describe("The window's end, HH:MM"),
      })
      .nullable(),
    pickupNumber: nullableText,
    poNumber: nullableText,
    bolNumber: nullableText,
    contactName: nullableText,
    contactPhone: nullableText,
  })
  .meta({ id: 'LoadStop' });

/** A stop between the first pickup and the last delivery (issue 39): its place and date, and the same details. */
export const v1ExtraStopSchema = v1LoadStopSchema
  .extend({
    kind: z.enum(['pickup', 'delivery']),
    city: z.string(),
    state: z.string().describe('Two-letter US state code'),
    zip: nullableText,
    date: nullableText.describe("The stop's date; an appointment's times are on it"),
  })
  .meta({ id: 'ExtraStop' });

const v1AccessorialTermsSchema = z
  .looseObject({
    freeTimeMinutes: z
      .number()
      .int()
      .describe('Free time at each stop (pickup, delivery and any stop in between), in minutes: 0 to 1440'),
    detentionPerHour: z
      .number()
      .describe('Detention after the free time, US dollars per hour: 0 to 1000, at most two decimals'),
    billingStepMinutes: z
      .number()
      .int()
      .describe(
        'Detention is billed in steps of this many minutes, a part step as a whole one (15; read only)',
      ),
    layoverPerNight: z.number().describe('Layover, US dollars per night: 0 to 5000'),
    tonuBase: z.number().describe('Truck ordered not used: the base fee in US dollars, 0 to 5000'),
    tonuPerMile: z
      .number()
      .describe(
        'Truck ordered not used: US dollars per mile of deadhead to the pickup, added to tonuBase: 0 to 20',
      ),
  })
  .meta({
    id: 'AccessorialTerms',
    description:
      'Free time, detention, layover and TONU (truck ordered not used). In a POST each field is optional and ' +
      'defaults to 2 hours free at each stop, $75 per hour, $300 per night, $200 plus $2 per mile; in a PATCH ' +
      "the fields sent replace the load's and null resets all to the defaults. A load posted before terms were " +
      'kept reads as the defaults',
  });

export const v1LoadSchema = z
  .looseObject({
    id: z.string(),
    title: z.string(),
    status: z.enum(FREIGHT_STATUSES),
    originCity: z.string(),
    originState: z.string(),
    originZip: nullableText,
    destinationCity: z.string(),
    destinationState: z.string(),
    destinationZip: nullableText,
    equipmentType: z.string(),
    equipmentLength: z.number().nullable(),
    weight: z.number().nullable(),
    commodity: nullableText,
    rate: z.number().nullable().describe('US dollars'),
    ratePerMile: z.number().nullable(),
    rateType: z.string(),
    distance: z.number().nullable().describe('Trip miles'),
    pickupDate: nullableText,
    deliveryDate: nullableText,
    carrierId: nullableText.describe('The booked carrier, once booked'),
    isUrgent: z.boolean(),
    isHazmat: z.boolean(),
    pickupStop: v1LoadStopSchema
      .nullable()
      .optional()
      .describe(
        "The pickup's facility, address, appointment, references and contact: on your own loads only (the board " +
          'shows city and state); null when none were given',
      ),
    deliveryStop: v1LoadStopSchema.nullable().optional().describe("The delivery's details, as pickupStop"),
    extraStops: z
      .array(v1ExtraStopSchema)
      .optional()
      .describe(
        'The stops between the first pickup (origin) and the last delivery (destination), in order: on your own ' +
          'loads only. Sent in a PATCH, the list replaces the stored one ([] removes them)',
      ),
    extraStopCount: z
      .number()
      .int()
      .describe('How many stops lie between the first pickup and the last delivery'),
    accessorialTerms: v1AccessorialTermsSchema,
    createdAt: iso,
    updatedAt: iso,
  })
  .meta({ id: 'Load' });

export const v1BookingRequestSchema = z
  .looseObject({
    id: z.string(),
    freightListingId: z.string(),
    carrierId: z.string(),
    status: z.enum(BOOKING_REQUEST_STATUSES),
    message: nullableText,
    carrierName: nullableText,
    carrierCompany: nullableText,
    carrierMcNumber: nullableText,
    carrierUsdotNumber: nullableText,
    closedReason: nullableText,
    reviewedAt: iso.nullable(),
    createdAt: iso,
    updatedAt: iso,
  })
  .meta({ id: 'BookingRequest' });

export const v1OfferSchema = z
  .looseObject({
    id: z.string(),
    freightListingId: z.string(),
    carrierId: z.string(),
    proposedRate: z.number(),
    counterRate: z.number().nullable(),
    version: z.number().int().describe('Name it when accepting, so you accept the rate you read'),
    history: z
      .array(
        z.object({
          by: z.enum(['carrier', 'broker']),
          rate: z.number(),
          message: nullableText,
          at: iso,
        }),
      )
      .describe("The rounds in order: the carrier's offer, then each side's counters, each with its message"),
    status: z.enum(NEGOTIATION_STATUSES),
    message: nullableText,
    expiresAt: iso.nullable(),
    carrierName: nullableText,
    carrierCompany: nullableText,
    closedReason: nullableText,
    createdAt: iso,
    updatedAt: iso,
  })
  .meta({ id: 'Offer' });

/** A page of a list: `nextCursor` asks for the next one (null: this was the last). */
export const v1PageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), nextCursor: z.string().nullable() });

export const v1CursorQuerySchema = z.object({
  cursor: z.string().max(200).optional().describe('The nextCursor of the previous page'),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});

const { page: _page, pageSize: _pageSize, ...boardSearchFields } = freightSearchSchema.shape;
/** The board's filters and sorts (as on the load board), paged by cursor. */
export const v1BoardSearchSchema = z
  .object({ ...boardSearchFields, ...v1CursorQuerySchema.shape })
  .superRefine(boardFilterIssues);

/** One point of a load's trail (GET /loads/{id}/positions, newest first). */
export const v1PositionSchema = z
  .looseObject({
    id: z.string(),
    lat: z.number(),
    lng: z.number(),
    at: iso.describe('When the truck was there'),
  })
  .meta({ id: 'Position' });

/** A stop event of a load, with its X12 214 shipment status code. */
export const v1StopSchema = z
  .looseObject({
    id: z.string(),
    kind: z.enum(STOP_EVENT_KINDS),
    stop: z
      .number()
      .nullable()
      .describe("stop_done: the stop's number on the load (1 is the first pickup); null for the others"),
    x12: z
      .enum([...Object.values(X12_STOP_CODES), X12_DEPARTED_DELIVERY])
      .describe(
        'X12 214 status code: X3 arrived at pickup, AF departed a pickup, CD departed a delivery, X1 arrived at delivery',
      ),
    at: iso,
    lat: z.number().nullable(),
    lng: z.number().nullable(),
  })
  .meta({ id: 'Stop' });

/** The clock at one stop of a load (issue 41): its arrival and departure, each from the geofence or a check-in. */
export const v1StopVisitSchema = z
  .looseObject({
    sequence: z
      .number()
      .int()
      .describe("The stop's place in the trip: 1 is the first pickup, stopCount the last delivery"),
    kind: z.enum(['pickup', 'delivery']),
    stopCount: z.number().int(),
    facilityName: z
      .string()
      .describe('The facility as the load names it (its name, else its street, else its city)'),
    facilityKey: z
      .string()
      .nullable()
      .describe(
        "The facility's key (the same for every load at that facility); null without a street address",
      ),
    timeZone: z
      .string()
      .describe("The facility's time zone (its state's), in which the product tells its times"),
    geofenced: z
      .boolean()
      .describe('Whether the geofence watches the stop (its point is exact); else check-ins only'),
    arrivedAt: iso.nullable(),
    arrivalSource: z.enum(STOP_VISIT_SOURCES).nullable(),
    departedAt: iso.nullable(),
    departureSource: z.enum(STOP_VISIT_SOURCES).nullable(),
    dwellMinutes: z
      .number()
      .int()
      .nullable()
      .describe('Arrival to departure in whole minutes; null until both are known'),
  })
  .meta({ id: 'StopVisit' });

/** One fact of a load's history (its event log), oldest first. */
export const v1HistoryEntrySchema = z
  .looseObject({
    id: z.string().describe("The fact's id"),
    event: z.string().describe("The fact's name: load.posted, booking.reviewed, stop.reported, …"),
    at: iso,
    text: z.string().describe('What happened, in words'),
    by: nullableText.describe('Who did it ("Dana Ruiz, Acme Freight"); null for the system'),
  })
  .meta({ id: 'HistoryEntry' });

// ---------------------------------------------------------------------------------------------------------------
// Invoices and ratings (issue 40, item 6)

const cents = z.number().int();
const centsOrHidden = cents
  .nullable()
  .describe('Integer cents in `currency`; null when the key’s member sees the status only (a dispatcher)');

/** One line of an invoice: the linehaul at the agreed rate first, then the carrier's extra charges. */
export const v1InvoiceLineSchema = z
  .looseObject({
    index: z.number().int().describe("The line's place on the invoice (0: the linehaul)"),
    kind: z.enum(INVOICE_LINE_KINDS),
    description: z.string(),
    amountCents: centsOrHidden,
    dispute: z
      .object({ reason: z.string(), at: iso })
      .nullable()
      .describe("The payer's reason for disputing this line, and when (null: not disputed)"),
    receiptAttached: z
      .boolean()
      .describe("A lumper line's receipt is attached: the invoice PDF prints it on a page of its own"),
  })
  .meta({ id: 'InvoiceLine' });

export const v1InvoiceSchema = z
  .looseObject({
    id: z.string(),
    number: z.string().describe('"INV-000042": numbered per issuing company'),
    status: z
      .enum(INVOICE_STATUSES)
      .describe(
        'submitted → approved → scheduled → paid; submitted or approved → disputed; a correction makes a new ' +
          'submitted invoice and leaves this one replaced',
      ),
    version: z.number().int().describe('Grows with every move of the invoice'),
    currency: z.literal('USD'),
    loadId: z.string().describe('The delivered load it bills'),
    loadTitle: z.string(),
    lane: z.string().describe('"Chicago, IL → Dallas, TX"'),
    issuerCompanyId: nullableText.describe(
      'The issuing (carrier) company; null: a carrier account without a company',
    ),
    issuerName: z.string(),
    payerCompanyId: nullableText.describe(
      "The billed company (the load's poster's); null: a poster without one",
    ),
    payerName: z.string(),
    lines: z.array(v1InvoiceLineSchema),
    totalCents: centsOrHidden,
    amountsHidden: z
      .boolean()
      .describe(
        "True when the key's member sees the status only (a dispatcher): every amount, the payment reference and " +
          'the PDF are left out',
      ),
    termsDays: z.number().int().describe('Days from submission to the due date'),
    submittedAt: iso,
    dueAt: iso,
    overdue: z.boolean().describe('Unpaid (and not replaced) past its due date'),
    approvedAt: iso.nullable(),
    disputedAt: iso.nullable(),
    scheduledFor: nullableText.describe('The day the payer will pay (YYYY-MM-DD)'),
    paidAt: iso.nullable(),
    paymentReference: nullableText.describe('Check or ACH number, once paid'),
    replacesId: nullableText.describe('The invoice this correction replaced'),
    replacedById: nullableText.describe('The correction that replaced this invoice'),
    quickPayOffer: z
      .object({
        feeBps: z.number().int().describe('Basis points of the total (250 = 2.5 %)'),
        days: z.number().int().describe('Paid within this many days of the request'),
      })
      .nullable()
      .optional()
      .describe(
        "The payer's quick pay terms as offered now (null: none); absent from webhook payloads (read the invoice)",
      ),
    quickPay: z
      .object({
        feeBps: z.number().int(),
        days: z.number().int(),
        requestedAt: iso,
        feeCents: centsOrHidden,
        netCents: centsOrHidden.describe('The total less the fee: what the carrier receives'),
        dueBy: iso.describe('The day the payer promised to pay by'),
        missed: z.boolean().nullable().describe('Paid after dueBy (null while unpaid)'),
      })
      .nullable()
      .describe('The quick pay the carrier requested on this invoice (null: none)'),
    history: z
      .array(z.object({ at: iso, status: z.enum(INVOICE_STATUSES), text: z.string() }))
      .describe('Each move, oldest first, in words ("Approved by Dana Cole")'),
    pdfUrl: nullableText.describe('GET it with the key (scope invoices:read); null with the amounts hidden'),
    rateConfirmationUrl: z.string().describe("The load's rate confirmation (scope documents:read)"),
    proofOfDeliveryUrl: z.string().describe("The load's proof of delivery (scope documents:read)"),
  })
  .meta({ id: 'Invoice' });
export type V1Invoice = z.infer<typeof v1InvoiceSchema>;

const v1DocumentPath = (loadId: string, kind: LoadDocumentKind) =>
  `/api/v1/loads/${loadId}/documents/${LOAD_DOCUMENT_SLUGS[kind]}.pdf`;

/**
 * An invoice as the public API and its webhooks show it: the web's view (`InvoiceDto`, shaped for the viewer by the
 * invoices service) without what only the web uses (`viewerActions`), its links made /api/v1 ones. Fields are picked
 * one by one, so nothing added to the web's view later reaches the API unseen. `webhook`: a fact's snapshot, which
 * holds no quick pay offer (the offer is the payer's now, not the fact's).
 */
export function toV1Invoice(dto: InvoiceDto, opts: { webhook?: boolean } = {}): V1Invoice {
  return {
    id: dto.id,
    number: dto.number,
    status: dto.status,
    version: dto.version,
    currency: dto.currency,
    loadId: dto.loadId,
    loadTitle: dto.loadTitle,
    lane: dto.lane,
    issuerCompanyId: dto.companyId,
    issuerName: dto.issuerName,
    payerCompanyId: dto.payerCompanyId,
    payerName: dto.payerName,
    lines: dto.lines.map((l) => ({
      index: l.index,
      kind: l.kind,
      description: l.description,
      amountCents: l.amountCents,
      dispute: l.dispute ? { reason: l.dispute.reason, at: l.dispute.at } : null,
      receiptAttached: l.receipt !== null,
    })),
    totalCents: dto.totalCents,
    amountsHidden: dto.amountsHidden,
    termsDays: dto.termsDays,
    submittedAt: dto.submittedAt,
    dueAt: dto.dueAt,
    overdue: dto.overdue,
    approvedAt: dto.approvedAt,
    disputedAt: dto.disputedAt,
    scheduledFor: dto.scheduledFor,
    paidAt: dto.paidAt,
    paymentReference: dto.paymentReference,
    replacesId: dto.replacesId,
    replacedById: dto.replacedById,
    ...(!opts.webhook && {
      quickPayOffer: dto.quickPayOffer && { feeBps: dto.quickPayOffer.feeBps, days: dto.quickPayOffer.days },
    }),
    quickPay: dto.quickPay && {
      feeBps: dto.quickPay.feeBps,
      days: dto.quickPay.days,
      requestedAt: dto.quickPay.requestedAt,
      feeCents: dto.quickPay.feeCents,
      netCents: dto.quickPay.netCents,
      dueBy: dto.quickPay.dueBy,
      missed: dto.quickPay.missed,
    },
    history: dto.history.map((h) => ({ at: h.at, status: h.status, text: h.text })),
    pdfUrl: dto.pdfUrl === null ? null : `/api/v1/invoices/${dto.id}/invoice.pdf`,
    rateConfirmationUrl: v1DocumentPath(dto.loadId, 'rate_confirmation'),
    proofOfDeliveryUrl: v1DocumentPath(dto.loadId, 'proof_of_delivery'),
  };
}

const stars = z.number().int().min(1).max(5);
const ratingValues = {
  overall: stars,
  aspects: z
    .object({
      onTime: stars.optional(),
      communication: stars.optional(),
      paperwork: stars.optional().describe("The carrier's (rated by the poster's side)"),
      payment: stars.optional().describe("The poster's side's (rated by the carrier)"),
    })
    .describe('1–5 each; the aspects the rater scored'),
  comment: nullableText,
};

/**
 * One side's rating of the other on a delivered load (issue 40, docs/ratings.md). Webhooks only carry it, and the
 * OpenAPI generator makes components from the paths' schemas only: it has no `meta({ id })`, so it is inlined (as
 * are the webhook payloads below; an id would be a dangling $ref).
 */
export const v1RatingSchema = z.looseObject({
  id: z.string(),
  loadId: z.string(),
  fromCompanyId: z.string().describe("The rating party: a company's id, or a person's without a company"),
  fromName: z.string(),
  fromSide: z
    .enum(RATING_SIDES)
    .describe("carrier: the load's hauler; poster: the side that posted (and pays)"),
  toCompanyId: z.string().describe('The rated party, as fromCompanyId'),
  toName: z.string(),
  ...ratingValues,
  givenAt: iso,
  editableUntil: iso.describe('A rating may be changed for 7 days after it was given'),
  updatedAt: iso,
  version: z.number().int(),
});
export type V1Rating = z.infer<typeof v1RatingSchema>;

/** A rating as a webhook carries it: the fact's snapshot, picked field by field (no `viewerActions`). */
export function toV1Rating(r: RatingDto): V1Rating {
  return {
    id: r.id,
    loadId: r.loadId,
    fromCompanyId: r.fromCompanyId,
    fromName: r.fromName,
    fromSide: r.fromSide,
    toCompanyId: r.toCompanyId,
    toName: r.toName,
    overall: r.overall,
    aspects: { ...r.aspects },
    comment: r.comment,
    givenAt: r.givenAt,
    editableUntil: r.editableUntil,
    updatedAt: r.updatedAt,
    version: r.version,
  };
}

/** The values a changed rating replaced. */
export const toV1RatingValues = (v: RatingValues) => ({
  overall: v.overall,
  aspects: { ...v.aspects },
  comment: v.comment,
});

/** The body of an invoice event (`invoice.*`): the invoice as it stands after the move, amounts included. */
export const v1InvoiceWebhookPayloadSchema = webhookPayloadSchema.extend({
  data: z.looseObject({
    loadId: z.string().describe("The invoice's load: its events and the invoice's arrive in order"),
    invoice: v1InvoiceSchema,
    replaced: z
      .object({ id: z.string(), version: z.number().int() })
      .optional()
      .describe('invoice.corrected: the invoice the correction replaced (now `replaced`, at this version)'),
  }),
});

/** A stop's arrival or departure as a webhook carries it (issue 41's clock), picked field by field from the fact. */
export const v1StopTransitionSchema = z
  .object({
    sequence: z.number().int().describe("The stop's place in the trip: 1 is the first pickup"),
    kind: z.enum(['pickup', 'delivery']),
    stopCount: z.number().int(),
    facilityName: z.string(),
    facilityKey: z.string().nullable(),
    timeZone: z.string(),
    at: iso.describe("When the truck arrived or left: the position's capture time, or the time checked in"),
    source: z.enum(STOP_VISIT_SOURCES),
    point: z
      .object({ lat: z.number(), lng: z.number() })
      .nullable()
      .describe('The position that proves it (for a check-in, the last one known then); null when none'),
    arrivedAt: iso.nullable().optional().describe('tracking.departed: the arrival, when known'),
    dwellMinutes: z
      .number()
      .int()
      .nullable()
      .optional()
      .describe('tracking.departed: arrival to departure in whole minutes, when the arrival is known'),
  })
  .describe('The stop, its facility, the time and its source (inline: a webhook-only shape)');

export type V1StopTransition = z.infer<typeof v1StopTransitionSchema>;

/** A stop fact's webhook view: the fields named above, nothing else (not its parties, not the trail point's id). */
export function toV1StopTransition(
  data: DomainEventData<'stop.arrived'> | DomainEventData<'stop.departed'>,
): V1StopTransition {
  return {
    sequence: data.stop.sequence,
    kind: data.stop.kind,
    stopCount: data.stop.stopCount,
    facilityName: data.facilityName,
    facilityKey: data.facilityKey,
    timeZone: data.timeZone,
    at: data.at,
    source: data.source,
    point: data.point ? { lat: data.point.lat, lng: data.point.lng } : null,
    ...('dwellMinutes' in data && { arrivedAt: data.arrivedAt, dwellMinutes: data.dwellMinutes }),
  };
}

/** The body of a stop clock event (`tracking.arrived`, `tracking.departed`). */
export const v1StopTransitionWebhookPayloadSchema = webhookPayloadSchema.extend({
  data: z.looseObject({
    loadId: z.string(),
    visit: v1StopTransitionSchema,
    x12: z.string().describe('X12 214: X3 / AF arrived at / departed a pickup, X1 / CD a delivery'),
  }),
});

/** The body of a rating event (`rating.given`, `rating.changed`). */
export const v1RatingWebhookPayloadSchema = webhookPayloadSchema.extend({
  data: z.looseObject({
    loadId: z.string(),
    rating: v1RatingSchema,
    previous: z
      .object(ratingValues)
      .optional()
      .describe('rating.changed: the scores and comment the change replaced'),
  }),
});
