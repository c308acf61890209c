import {
  FACILITY_KEY_PATTERN,
  FACILITY_SCORECARD_WINDOW_DAYS,
  facilityScorecard,
  facilityScorecardLine,
  type FacilityPageDto,
  type FacilityScorecardDto,
  type LoadFacilityDwellDto,
  type StopFacilityDwellDto,
} from '@freight/shared';
import { notFound } from '../../http/errors';
import { now } from '../../infra/clock';
import { can, type Actor } from '../../policies';
import { facilityOfStop } from '../freight/dockPins/service';
import type { FreightListing } from '../freight/model';
import { readableLoad } from '../freight/service';
import { FacilityDwellModel, visitsInWindow, type FacilityDwell } from './model';

const readDwell = (key: string) => FacilityDwellModel.findById(key).lean<FacilityDwell>();

function toScorecardDto(dwell: FacilityDwell | null): FacilityScorecardDto {
  const card = facilityScorecard(dwell ? visitsInWindow(dwell.days, now()) : []);
  return { ...card, line: facilityScorecardLine(card), windowDays: FACILITY_SCORECARD_WINDOW_DAYS };
}

/** A facility's scorecard from the projector's summary (one `_id` equality). */
export async function scorecardOf(key: string): Promise<FacilityScorecardDto> {
  return toScorecardDto(await readDwell(key));
}

async function stopFacility(
  load: FreightListing,
  which: 'pickup' | 'delivery',
  seesStops: boolean,
): Promise<StopFacilityDwellDto | null> {
  const { key, ref } = facilityOfStop(load, which);
  if (!key) return null;
  return {
    facilityKey: seesStops ? key : null,
    facilityName: seesStops ? (ref.facilityName ?? ref.address ?? null) : null,
    scorecard: await scorecardOf(key),
  };
}

/**
 * GET /api/freight/:id/facility-dwell: the scorecards of a load's pickup and delivery facilities, to whoever may read
 * the load (the board's visitors too, for an open load). Only a viewer who reads the stops' details is told which
 * facility it is (its key and name: the facility page's link); the board gets the figures alone.
 */
export async function loadFacilityDwell(actor: Actor | null, loadId: string): Promise<LoadFacilityDwellDto> {
  const load = await readableLoad(actor, loadId);
  const seesStops = can(actor, 'load:stopDetails', load);
  const [pickup, delivery] = await Promise.all([
    stopFacility(load, 'pickup', seesStops),
    stopFacility(load, 'delivery', seesStops),
  ]);
  return { id: String(load._id), pickup, delivery };
}

/**
 * GET /api/facilities/:key: a facility's page, for any signed-in user with its key (a key is only handed to those who
 * read a load's stop details there). A key no visit was ever counted for is not found.
 */
export async function facilityPage(key: string): Promise<FacilityPageDto> {
  if (!FACILITY_KEY_PATTERN.test(key)) throw notFound('Facility not found');
  const dwell = await readDwell(key);
  if (!dwell) throw notFound('Facility not found');
  return { id: key, facilityName: dwell.facilityName, scorecard: toScorecardDto(dwell) };
}
