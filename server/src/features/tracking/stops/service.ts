import {
  type StopEventDto,
  type StopEventInput,
  type StopEventKind,
  STOP_EVENT_KINDS,
  STOP_EVENT_LABELS,
  isLocationUpdatable,
} from '@freight/shared';
import { Types } from 'mongoose';
import { conflict } from '../../../http/errors';
import { authorize, type Actor } from '../../../policies';
import { FreightModel, toFreightDto, type FreightListing } from '../../freight/model';
import { withLoad } from '../../freight/bookingJournal/journal';
import { moveLoad } from '../../freight/status';
import { recordFact, type Fact } from '../../../events/record';
import { positionOf, StopEventModel, toStopEventDto, type StopEvent } from '../model';
import { loadForParticipant, positionRecord } from '../access/service';

/** GET /api/freight/:id/stops: the stop events reported so far, in their order. */
export async function listStops(actor: Actor, freightId: string): Promise<StopEventDto[]> {
  const load = await loadForParticipant(actor, freightId);
  return stopsOf(load._id);
}

async function stopsOf(loadId: Types.ObjectId): Promise<StopEventDto[]> {
  const found = await StopEventModel.find({ freightListingId: loadId }).lean<StopEvent[]>();
  const order = (e: StopEvent) => STOP_EVENT_KINDS.indexOf(e.kind as StopEventKind);
  return found.sort((a, b) => order(a) - order(b)).map(toStopEventDto);
}

/**
 * POST /api/freight/:id/stops: the booked carrier reports a stop (arrived at pickup, loaded, arrived at delivery), in
 * that order, each once, while the load is booked or in transit; Loaded starts the trip. Under the load's lease, so
 * the order check and the trip's start hold against a racing report or move; the unique index is the second guard.
 */
export async function recordStop(
  actor: Actor,
  freightId: string,
  { kind }: StopEventInput,
): Promise<StopEventDto> {
  const load = await loadForParticipant(actor, freightId);
  authorize(actor, 'tracking:advance', load, { message: 'Only the booked carrier can report stops' });
  const stop = await withLoad(load._id, async () => {
    const current = await FreightModel.findById(load._id).lean<FreightListing>();
    if (!current || !isLocationUpdatable(current.status)) {
      throw conflict('Stops can be reported only while the load is booked or in transit');
    }
    const reported = new Set((await stopsOf(load._id)).map((e) => e.kind));
    if (reported.has(kind)) throw conflict(`${STOP_EVENT_LABELS[kind]} was already reported`);
    const needed = STOP_EVENT_KINDS[STOP_EVENT_KINDS.indexOf(kind) - 1];
    if (needed && !reported.has(needed)) {
      throw conflict(`Report ${STOP_EVENT_LABELS[needed].toLowerCase()} first`);
    }
    const position = positionOf(current, await positionRecord(load._id));
    const doc = new StopEventModel({
      freightListingId: load._id,
      kind,
      userId: actor.id,
      at: new Date(),
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
          throw conflict(`${STOP_EVENT_LABELS[kind]} was already reported`);
        throw err;
      }
    });
    // Loaded starts the trip: a move of its own (freight/status.ts records it), after the stop's fact.
    if (kind === 'loaded' && current.status === 'booked') {
      await moveLoad(actor, load._id, { to: 'in_transit' }, { expect: 'booked' });
    }
    return dto;
  });
  return stop;
}

/** A stop reported: each kind once per load, so the kind keys it (the unique index proves it). */
function stopFact(
  actor: Actor,
  loadId: string,
  stop: StopEventDto,
  load: FreightListing,
): Fact<'stop.reported'> {
  const dto = toFreightDto(load);
  return {
    name: 'stop.reported',
    key: `${loadId}-${stop.kind}`,
    by: actor,
    loadId,
    subjects: { stopId: stop.id },
    data: {
      stop,
      parties: {
        userId: dto.userId,
        companyId: dto.companyId,
        carrierId: dto.carrierId,
        carrierCompanyId: dto.carrierCompanyId,
        brokerId: dto.brokerId,
        brokerCompanyId: dto.brokerCompanyId,
        shipperId: dto.shipperId,
        shipperCompanyId: dto.shipperCompanyId,
      },
    },
    proof: {
      collection: StopEventModel.collection.collectionName,
      filter: { _id: new Types.ObjectId(stop.id) },
    },
  };
}
