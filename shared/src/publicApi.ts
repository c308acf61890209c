import { z } from 'zod';
import {
  BOOKING_REQUEST_STATUSES,
  FREIGHT_STATUSES,
  NEGOTIATION_STATUSES,
  STOP_APPOINTMENT_KINDS,
} from './enums';
import { MAX_PAGE_SIZE } from './constants';
import { boardFilterIssues, freightSearchSchema } from './freight';
import { STOP_EVENT_KINDS } from './tracking';
import { X12_DEPARTED_DELIVERY, X12_STOP_CODES } from './webhooks';

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
