import {
  LOAD_DOCUMENT_KINDS,
  LOAD_DOCUMENT_SLUGS,
  LOAD_DOCUMENT_TITLES,
  x12StopCode,
  v1CursorQuerySchema,
  v1HistoryEntrySchema,
  v1PageSchema,
  v1PositionSchema,
  v1StopSchema,
  v1StopVisitSchema,
} from '@freight/shared';
import { z } from 'zod';
import { badRequest } from '../../http/errors';
import { openLoadDocument } from '../loadDocuments/service';
import { loadHistory } from '../loadHistory/service';
import { locationHistory } from '../tracking/positions/service';
import { listStops } from '../tracking/stops/service';
import { getStopClock } from '../tracking/stopClock/service';
import type { Paged, V1Context, V1Route } from './types';

const loadId = (ctx: V1Context) => String(ctx.params.id);

// A history cursor carries the last fact read (the log's seq), so facts added meanwhile are neither repeated nor
// skipped.
const historyCursor = z.object({ s: z.number().int().min(0) });
function afterOf(cursor: string | undefined): number {
  if (!cursor) return 0;
  try {
    return historyCursor.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))).s;
  } catch {
    throw badRequest('cursor: not a cursor this API gave (pass nextCursor as it came)');
  }
}
const historyCursorOf = (seq: number) => Buffer.from(JSON.stringify({ s: seq })).toString('base64url');

/**
 * Tracking (scope tracking:read) and load documents (scope documents:read) of a load the key's company takes part
 * in, through the web's services (their participant rule answers 404 to anyone else). `paged` is the public API's
 * cursor paging (publicApi/routes.ts owns it).
 */
export function trackingV1Routes(paged: Paged): V1Route[] {
  const tracking = { tag: 'Tracking', scope: 'tracking:read' as const };
  const documents: V1Route[] = LOAD_DOCUMENT_KINDS.map((kind) => ({
    tag: 'Documents',
    scope: 'documents:read' as const,
    method: 'get' as const,
    path: `/loads/{id}/documents/${LOAD_DOCUMENT_SLUGS[kind]}.pdf`,
    operationId: kind === 'rate_confirmation' ? 'getRateConfirmation' : 'getProofOfDelivery',
    summary: `The load's ${LOAD_DOCUMENT_TITLES[kind].toLowerCase()} (PDF)`,
    description:
      kind === 'rate_confirmation'
        ? 'Made when the load is booked; 404 before.'
        : 'Made when the load is delivered (with the delivery photos); 404 before.',
    status: 200 as const,
    produces: 'application/pdf' as const,
    response: z.string(),
    handle: (ctx: V1Context) => openLoadDocument(ctx.actor, loadId(ctx), kind),
  }));
  return [
    {
      ...tracking,
      method: 'get',
      path: '/loads/{id}/positions',
      operationId: 'listPositions',
      summary: "The load's trail",
      description: 'The positions the carrier shared, newest first.',
      query: v1CursorQuerySchema,
      status: 200,
      response: v1PageSchema(v1PositionSchema),
      handle: (ctx) =>
        paged(ctx.query, async (p) => {
          const found = await locationHistory(ctx.actor, loadId(ctx), p);
          return {
            total: found.total,
            items: found.items.map((pt) => ({ id: pt.id, lat: pt.lat, lng: pt.lng, at: pt.createdAt })),
          };
        }),
    },
    {
      ...tracking,
      method: 'get',
      path: '/loads/{id}/stops',
      operationId: 'listStops',
      summary: "The load's stop events",
      description:
        'Arrived at pickup (X3), loaded (AF), done at each stop in between (AF after a pickup, CD after a delivery), arrived at delivery (X1), in that order, as the carrier reported them.',
      status: 200,
      response: z.object({ data: z.array(v1StopSchema) }),
      handle: async (ctx) => ({
        data: (await listStops(ctx.actor, loadId(ctx))).map((s) => ({
          id: s.id,
          kind: s.kind,
          stop: s.stop,
          x12: x12StopCode(s),
          at: s.at,
          lat: s.lat,
          lng: s.lng,
        })),
      }),
    },
    {
      ...tracking,
      method: 'get',
      path: '/loads/{id}/stop-visits',
      operationId: 'listStopVisits',
      summary: "The clock at the load's stops",
      description:
        'Every stop in trip order with its arrival and departure (from the geofence or a check-in) and the dwell: ' +
        'the times detention is counted from. No amounts.',
      status: 200,
      response: z.object({ data: z.array(v1StopVisitSchema) }),
      handle: async (ctx) => ({
        data: (await getStopClock(ctx.actor, loadId(ctx))).stops.map((s) => ({
          sequence: s.sequence,
          kind: s.kind,
          stopCount: s.stopCount,
          facilityName: s.facilityName,
          facilityKey: s.facilityKey,
          timeZone: s.timeZone,
          geofenced: s.geofenced,
          arrivedAt: s.arrivedAt,
          arrivalSource: s.arrivalSource,
          departedAt: s.departedAt,
          departureSource: s.departureSource,
          dwellMinutes: s.dwellMinutes,
        })),
      }),
    },
    {
      ...tracking,
      method: 'get',
      path: '/loads/{id}/history',
      operationId: 'getLoadHistory',
      summary: "The load's history",
      description:
        'Every fact of the load (posted, edited, booked, stops, positions every 15 minutes, documents, …) but ' +
        'chat messages, oldest first.',
      query: v1CursorQuerySchema,
      status: 200,
      response: v1PageSchema(v1HistoryEntrySchema),
      handle: async (ctx) => {
        const q = ctx.query as z.output<typeof v1CursorQuerySchema>;
        const page = await loadHistory(ctx.actor, loadId(ctx), {
          after: afterOf(q.cursor),
          pageSize: q.limit,
        });
        return {
          data: page.entries.map((e) => ({ id: e.id, event: e.name, at: e.at, text: e.text, by: e.by })),
          nextCursor: page.next == null ? null : historyCursorOf(page.next),
        };
      },
    },
    ...documents,
  ];
}
