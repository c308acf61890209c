import {
  type StopEventDto,
  type StopEventInput,
  type StopEventKind,
  STOP_EVENT_KINDS,
  STOP_EVENT_LABELS,
  isLocationUpdatable,
  tripReportKey,
  tripReportOrder,
  type TripReport,
} from '@freight/shared';
import { Types } from 'mongoose';
import { badRequest, conflict } from '../../../http/errors';
import { authorize, type Actor } from '../../../policies';
import { FreightModel, type FreightListing } from '../../freight/model';
import { withLoad } from '../../freight/bookingJournal/journal';
import { moveLoad } from '../../freight/status';
import { recordFact, type Fact } from '../../../events/record';
import { positionOf, StopEventModel, toStopEventDto, type StopEvent } from '../model';
import { loadForParticipant, positionRecord } from '../access/service';
import { clockFromReport, partiesOf } from '../stopClock/service';
import { now } from '../../../infra/clock';

/** GET /api/freight/:id/stops: the stop events reported so far, in their order. */
export async function listStops(actor: Actor, freightId: string): Promise<StopEventDto[]> {
  const load = await loadForParticipant(actor, freightId);
  return stopsOf(load._id);
}

async function stopsOf(loadId: Types.ObjectId): Promise<StopEventDto[]> {
  const found = await StopEventModel.find({ freightListingId: loadId }).lean<StopEvent[]>();
  const order = (e: StopEvent) => STOP_EVENT_KINDS.indexOf(e.kind as StopEventKind) * 100 + (e.stop ?? 0);
  return found.sort((a, b) => order(a) - order(b)).map(toStopEventDto);
}

/** When each stop in between was reported done, by stop number (the tracking page's and the trip's stops). */
export async function stopsDoneAt(
  load: Pick<FreightListing, '_id' | 'extraStops'>,
): Promise<Map<number, Date>> {
  if (!load.extraStops?.length) return new Map();
  const done = await StopEventModel.find({ freightListingId: load._id, kind: 'stop_done' }).lean<
    StopEvent[]
  >();
  return new Map(done.map((e) => [e.stop ?? 0, e.at]));
}

const reportName = (r: TripReport) =>
  r.kind === 'stop_done' ? `Done at stop ${r.stop}` : STOP_EVENT_LABELS[r.kind];

/** The report that must come before this one (the trip's order); null for the first. */
function reportBefore(report: TripReport, extraStops: number): TripReport | null {
  const order = tripReportOrder(extraStops);
  return order[order.findIndex((r) => tripReportKey(r) === tripReportKey(report)) - 1] ?? null;
}

/**
 * POST /api/freight/:id/stops: the booked carrier reports a stop (arrived at pickup, loaded, done at each stop in
 * between, arrived at delivery), in that order, each once, while the load is booked or in transit; Loaded starts the
 * trip. Under the load's lease, so the order check and the trip's start hold against a racing report or move; the
 * unique index is the second guard.
 */
export async function recordStop(
  actor: Actor,
  freightId: string,
  input: StopEventInput,
): Promise<StopEventDto> {
  const load = await loadForParticipant(actor, freightId);
  authorize(actor, 'tracking:advance', load, { message: 'Only the booked carrier can report stops' });
  const report: TripReport = { kind: input.kind, stop: input.stop ?? null };
  const extraStops = load.extraStops?.length ?? 0;
  if (report.kind === 'stop_done' && (report.stop! < 2 || report.stop! > extraStops + 1)) {
    const message = extraStops
      ? `This load's stops in between are numbered 2 to ${extraStops + 1}`
      : 'This load has no stops between its pickup and its delivery';
    throw badRequest(`stop: ${message}`, [{ path: 'stop', message }]);
  }
  const stopKind =
    report.kind === 'stop_done' ? (load.extraStops[report.stop! - 2]!.kind as 'pickup' | 'delivery') : null;
  const stop = await withLoad(load._id, async () => {
    const current = await FreightModel.findById(load._id).lean<FreightListing>();
    if (!current || !isLocationUpdatable(current.status)) {
      throw conflict('Stops can be reported only while the load is booked or in transit');
    }
    const reported = new Set((await stopsOf(load._id)).map(tripReportKey));
    if (reported.has(tripReportKey(report))) throw conflict(`${reportName(report)} was already reported`);
    const needed = reportBefore(report, extraStops);
    if (needed && !reported.has(tripReportKey(needed))) {
      throw conflict(`Report ${reportName(needed).replace(/^\w/, (c) => c.toLowerCase())} first`);
    }
    const position = positionOf(current, await positionRecord(load._id));
    const doc = new StopEventModel({
      freightListingId: load._id,
      kind: report.kind,
      stop: report.stop,
      stopKind,
      userId: actor.id,
      at: now(),
      lat: position.lat,
      lng: position.lng,
    });
    const dto = toStopEventDto(doc.toObject() as StopEvent);
    const loadId = String(load._id);
    await recordFact({ kind: 'load', id: loadId }, stopFact(actor, loadId, dto, current), async () => {
      try {
        await doc.save();
      } catch (err) {
        if ((err as { code?: number }).code === 11000)
          throw conflict(`${reportName(report)} was already reported`);
        throw err;
      }
    });
    // A report is the driver's check-in at the stop it names (issue 41): the clock's arrival or departure there.
    await clockFromReport(actor, current, {
      kind: report.kind,
      stop: report.stop,
      at: doc.at,
      lat: doc.lat ?? null,
      lng: doc.lng ?? null,
    });
    // Loaded starts the trip: a move of its own (freight/status.ts records it), after the stop's fact.
    if (report.kind === 'loaded' && current.status === 'booked') {
      await moveLoad(actor, load._id, { to: 'in_transit' }, { expect: 'booked' });
    }
    return dto;
  });
  return stop;
}

/** A stop reported: each kind once per load (stop_done once per stop), so they key it (the unique index proves it). */
function stopFact(
  actor: Actor,
  loadId: string,
  stop: StopEventDto,
  load: FreightListing,
): Fact<'stop.reported'> {
  return {
    name: 'stop.reported',
    key: stop.kind === 'stop_done' ? `${loadId}-${stop.kind}-${stop.stop}` : `${loadId}-${stop.kind}`,
    by: actor,
    loadId,
    subjects: { stopId: stop.id },
    data: {
      stop,
      parties: partiesOf(load),
    },
    proof: {
      collection: StopEventModel.collection.collectionName,
      filter: { _id: new Types.ObjectId(stop.id) },
    },
  };
}
