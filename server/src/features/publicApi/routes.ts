import {
  bookingReviewSchema,
  counterOfferSchema,
  offerVersionSchema,
  postLoadSchema,
  updateLoadSchema,
  v1BoardSearchSchema,
  v1BookingRequestSchema,
  v1CursorQuerySchema,
  v1LoadSchema,
  v1OfferSchema,
  v1PageSchema,
  BOOKING_REQUEST_STATUSES,
  NEGOTIATION_STATUSES,
  type Page,
} from '@freight/shared';
import { z } from 'zod';
import { badRequest, notFound } from '../../http/errors';
import { can, type Actor } from '../../policies';
import { listBookingRequests, reviewBookingRequest } from '../freight/bookingRequests/service';
import { receivedNegotiations, respondToOffer } from '../freight/negotiations/service';
import { withdrawListing } from '../freight/posterLoads/service';
import {
  createListing,
  findLoad,
  getListing,
  myListings,
  searchListings,
  updateListing,
} from '../freight/service';
import { invoiceV1Routes } from './invoiceRoutes';
import { truckPostV1Routes } from './truckPostRoutes';
import { trackingV1Routes } from './trackingRoutes';
import { webhookV1Routes } from './webhookRoutes';
import type { V1Context, V1Route } from './types';

export type { V1Context, V1Route } from './types';

/**
 * The routes of /api/v1 (issue 30) as one table: each row is both an Express route (publicApi/index.ts) and an
 * operation of the OpenAPI document (publicApi/openapi.ts), so the two cannot disagree. Handlers call the web's
 * services as the key's company member; the business rules stay there.
 */
// ---------------------------------------------------------------------------------------------------------------
// Cursors: opaque to clients; today they carry the position in the list the services page by.

const cursorSchema = z.object({ p: z.number().int().min(1).max(100_000) });

export function decodeCursor(cursor: string | undefined): number {
  if (!cursor) return 1;
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))).p;
  } catch {
    throw badRequest('cursor: not a cursor this API gave (pass nextCursor as it came)');
  }
}

const encodeCursor = (page: number) => Buffer.from(JSON.stringify({ p: page })).toString('base64url');

async function paged<T>(
  q: { cursor?: string; limit: number },
  list: (page: { page: number; pageSize: number }) => Promise<Pick<Page<T>, 'items' | 'total'>>,
): Promise<{ data: T[]; nextCursor: string | null }> {
  const page = decodeCursor(q.cursor);
  const found = await list({ page, pageSize: q.limit });
  return {
    data: found.items,
    nextCursor: page * q.limit < found.total ? encodeCursor(page + 1) : null,
  };
}

/**
 * The company's own load (posted, brokered or booked to it) as the member's role may read it (`load:read`); another
 * company's, or one the role does not see (issue 51: a driver's unassigned load), is 404, as if it did not exist.
 */
async function ownLoad(actor: Actor, id: string) {
  const load = await findLoad(id);
  if (!can(actor, 'load:read', load)) throw notFound('Load not found');
  return getListing(actor, id);
}

const idParam = (ctx: V1Context) => String(ctx.params.id);

const loadListQuery = v1CursorQuerySchema.extend({
  equipmentType: z.string().max(40).optional(),
});
const requestListQuery = v1CursorQuerySchema.extend({
  status: z.enum([...BOOKING_REQUEST_STATUSES, 'all']).default('pending'),
});
const offerListQuery = v1CursorQuerySchema.extend({
  status: z.enum(NEGOTIATION_STATUSES).optional(),
});
const withdrawBody = z.object({}).strict();
const offerAnswerSchema = z.discriminatedUnion('action', [
  offerVersionSchema.extend({ action: z.literal('accept') }),
  z.object({ action: z.literal('reject') }),
  counterOfferSchema.extend({ action: z.literal('counter') }),
]);
const reviewAnswer = z.object({
  request: v1BookingRequestSchema,
  load: v1LoadSchema.nullable(),
});
const offerAnswer = z.object({ offer: v1OfferSchema, load: v1LoadSchema.nullable() });

export const V1_ROUTES: V1Route[] = [
  // Loads
  {
    method: 'get',
    path: '/loads',
    operationId: 'listLoads',
    tag: 'Loads',
    summary: "Your company's loads",
    description: 'Loads you posted (or brokered), and loads booked to you, newest first.',
    scope: 'loads:read',
    query: loadListQuery,
    status: 200,
    response: v1PageSchema(v1LoadSchema),
    handle: ({ actor, query }) =>
      paged(query, (p) => myListings(actor, { ...p, equipmentType: query.equipmentType })),
  },
  {
    method: 'get',
    path: '/board',
    operationId: 'searchBoard',
    tag: 'Loads',
    summary: 'Search the load board',
    description:
      "The open loads, with the board's filters and sorts (origin, destination, radius, lanes, dates, …).",
    scope: 'loads:read',
    query: v1BoardSearchSchema,
    status: 200,
    response: v1PageSchema(v1LoadSchema),
    handle: ({ actor, query }) => {
      const { cursor, limit, ...filters } = query;
      return paged({ cursor, limit }, (p) => searchListings(actor, { ...filters, ...p }));
    },
  },
  {
    method: 'post',
    path: '/loads',
    operationId: 'postLoad',
    tag: 'Loads',
    summary: 'Post a load',
    description: 'Send an Idempotency-Key so that a retry cannot post the load twice.',
    scope: 'loads:write',
    limit: 'loads',
    body: postLoadSchema,
    status: 201,
    response: v1LoadSchema,
    handle: ({ actor, user, body }) => createListing(actor, user, body),
  },
  {
    method: 'get',
    path: '/loads/{id}',
    operationId: 'getLoad',
    tag: 'Loads',
    summary: 'Read one of your loads',
    scope: 'loads:read',
    status: 200,
    response: v1LoadSchema,
    handle: (ctx) => ownLoad(ctx.actor, idParam(ctx)),
  },
  {
    method: 'patch',
    path: '/loads/{id}',
    operationId: 'editLoad',
    tag: 'Loads',
    summary: 'Edit an available load',
    description:
      'Carriers waiting on the load are told of the change; route and equipment stay while they wait.',
    scope: 'loads:write',
    limit: 'loadEdits',
    body: updateLoadSchema,
    status: 200,
    response: v1LoadSchema,
    handle: (ctx) => updateListing(ctx.actor, idParam(ctx), ctx.body),
  },
  {
    method: 'post',
    path: '/loads/{id}/withdraw',
    operationId: 'withdrawLoad',
    tag: 'Loads',
    summary: 'Withdraw an available load',
    description: 'Pending booking requests and offers on it are closed, and their carriers told.',
    scope: 'loads:write',
    limit: 'loadEdits',
    body: withdrawBody,
    status: 200,
    response: v1LoadSchema,
    handle: (ctx) => withdrawListing(ctx.actor, idParam(ctx)),
  },
  // Booking requests
  {
    method: 'get',
    path: '/booking-requests',
    operationId: 'listBookingRequests',
    tag: 'Bookings',
    summary: 'Booking requests on your loads',
    scope: 'bookings:read',
    query: requestListQuery,
    status: 200,
    response: v1PageSchema(v1BookingRequestSchema),
    handle: ({ actor, query }) =>
      paged(query, (p) => listBookingRequests(actor, { ...p, status: query.status })),
  },
  {
    method: 'post',
    path: '/booking-requests/{id}/review',
    operationId: 'reviewBookingRequest',
    tag: 'Bookings',
    summary: 'Approve or reject a booking request',
    description:
      "Approving books the load to the carrier and closes the load's other requests and offers. Name the load's " +
      'updatedAt you read to refuse (409) a booking of a load edited since.',
    scope: 'bookings:write',
    limit: 'bookingReviews',
    body: bookingReviewSchema,
    status: 200,
    response: reviewAnswer,
    handle: async (ctx) => {
      const done = await reviewBookingRequest(ctx.actor, idParam(ctx), ctx.body);
      return { request: done.request, load: done.listing };
    },
  },
  // Offers
  {
    method: 'get',
    path: '/offers',
    operationId: 'listOffers',
    tag: 'Bookings',
    summary: 'Rate offers on your loads',
    scope: 'bookings:read',
    query: offerListQuery,
    status: 200,
    response: v1PageSchema(v1OfferSchema),
    handle: ({ actor, query }) =>
      paged(query, (p) => receivedNegotiations(actor, { ...p, status: query.status })),
  },
  {
    method: 'post',
    path: '/offers/{id}/answer',
    operationId: 'answerOffer',
    tag: 'Bookings',
    summary: "Accept, reject or counter a carrier's offer",
    description:
      'Accepting names the version of the offer you read; a revised or countered offer is a new version (409). ' +
      'A counter may carry a message and the version it answers; the carrier may counter back, and each round ' +
      "shows in the offer's history.",
    scope: 'bookings:write',
    limit: 'offers',
    body: offerAnswerSchema,
    status: 200,
    response: offerAnswer,
    handle: async (ctx) => {
      const b = ctx.body as z.output<typeof offerAnswerSchema>;
      const reply =
        b.action === 'accept'
          ? { action: 'accept' as const, version: b.version }
          : b.action === 'counter'
            ? {
                action: 'counter' as const,
                counterRate: b.counterRate,
                message: b.message ?? null,
                version: b.version ?? null,
              }
            : { action: 'reject' as const };
      const done = await respondToOffer(ctx.actor, idParam(ctx), reply);
      return { offer: done.negotiation, load: done.listing };
    },
  },
  ...trackingV1Routes(paged),
  ...webhookV1Routes(paged),
  ...truckPostV1Routes(paged),
  ...invoiceV1Routes(paged),
];
