import {
  GEOFENCE_ARRIVE_MILES,
  GEOFENCE_LEAVE_MILES,
  accessorialTermsOf,
  clockTimeText,
  facilityTimeZone,
  freeTimeEndsAt,
  freeTimeWarningAt,
  haversineMiles,
  isLocationUpdatable,
  minutesBetween,
  placeName,
  type LoadPartiesSnapshot,
  type PinDockStop,
  type StopCheckInInput,
  type StopClockDto,
  type StopEventKind,
  type StopVisitDto,
  type StopVisitSource,
} from '@freight/shared';
import { Types } from 'mongoose';
import { recordFact, type Fact, type FactBy } from '../../../events/record';
import { badRequest, conflict } from '../../../http/errors';
import { now } from '../../../infra/clock';
import { authorize, can, type Actor } from '../../../policies';
import { withLoad } from '../../freight/bookingJournal/journal';
import { facilityOfStop } from '../../freight/dockPins/service';
import { FreightModel, toFreightDto, type FreightListing } from '../../freight/model';
import { stopSiteOf, type StopRef } from '../../freight/stops';
import { loadForParticipant, positionRecord } from '../access/service';
import { positionOf } from '../model';
import { LoadStopClockModel, transitionMark, type LoadStopClock, type StoredStopVisit } from './model';

/** A stop as the clock watches and names it. */
export interface StopSite {
  ref: StopRef;
  sequence: number;
  kind: 'pickup' | 'delivery';
  stopCount: number;
  facilityName: string;
  facilityKey: string | null;
  timeZone: string;
  /** The stop's exact point (the geofence's centre), null when only a ZIP's or city's centre is known. */
  point: { lat: number; lng: number } | null;
}

/** The load's stops in trip order, read from the load alone (no query): the first pickup, those in between, the delivery. */
export function stopSites(load: FreightListing): StopSite[] {
  const extra = load.extraStops ?? [];
  const refs: StopRef[] = ['pickup', ...extra.map((_, i): StopRef => ({ extra: i })), 'delivery'];
  return refs.map((ref) => {
    const site = stopSiteOf(load, ref);
    return {
      ref,
      sequence: site.sequence,
      kind: site.kind,
      stopCount: extra.length + 2,
      facilityName: site.facilityName ?? site.street ?? placeName(site.city, site.state),
      facilityKey: facilityOfStop(load, ref).key,
      timeZone: facilityTimeZone(site.state),
      point: site.exactPoint,
    };
  });
}

const visitOf = (clock: LoadStopClock | null, sequence: number) =>
  clock?.visits.find((v) => v.sequence === sequence);
const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

export function toStopVisitDto(site: StopSite, visit: StoredStopVisit | undefined): StopVisitDto {
  const arrivedAt = visit?.arrivedAt ?? null;
  const departedAt = visit?.departedAt ?? null;
  return {
    sequence: site.sequence,
    kind: site.kind,
    stopCount: site.stopCount,
    facilityName: site.facilityName,
    facilityKey: site.facilityKey,
    timeZone: site.timeZone,
    geofenced: site.point !== null,
    arrivedAt: iso(arrivedAt),
    arrivalSource: visit?.arrivalSource ?? null,
    departedAt: iso(departedAt),
    departureSource: visit?.departureSource ?? null,
    dwellMinutes: arrivedAt && departedAt ? minutesBetween(arrivedAt, departedAt) : null,
    warnedAt: iso(visit?.warnedAt),
  };
}

/** The clock as this viewer reads it: amounts only for those who see money (`stopClock:readAmounts`). */
export function toStopClockDto(
  actor: Actor,
  load: FreightListing,
  clock: LoadStopClock | null,
): StopClockDto {
  const terms = accessorialTermsOf(load.accessorialTerms);
  const running = isLocationUpdatable(load.status);
  return {
    freightId: String(load._id),
    freeTimeMinutes: terms.freeTimeMinutes,
    running,
    stops: stopSites(load).map((site) => toStopVisitDto(site, visitOf(clock, site.sequence))),
    ...(can(actor, 'stopClock:readAmounts', load) && {
      detention: {
        detentionCentsPerHour: terms.detentionCentsPerHour,
        billingStepMinutes: terms.billingStepMinutes,
      },
    }),
    viewerActions: {
      ...(running && can(actor, 'tracking:advance', load) && { checkIn: true as const }),
    },
  };
}

/** The clock's document of a load (null before its first transition). */
export const stopClockOf = (loadId: Types.ObjectId) =>
  LoadStopClockModel.findById(loadId).lean<LoadStopClock>();

/** GET /api/freight/:id/stop-clock: every stop of the load with its visit, to the load's participants. */
export async function getStopClock(actor: Actor, freightId: string): Promise<StopClockDto> {
  const load = await loadForParticipant(actor, freightId);
  return toStopClockDto(actor, load, await stopClockOf(load._id));
}

/** A load's people, as its stop facts carry them (the projectors and webhooks read them from the fact). */
export function partiesOf(load: FreightListing): LoadPartiesSnapshot {
  const dto = toFreightDto(load);
  return {
    userId: dto.userId,
    companyId: dto.companyId,
    carrierId: dto.carrierId,
    carrierCompanyId: dto.carrierCompanyId,
    brokerId: dto.brokerId,
    brokerCompanyId: dto.brokerCompanyId,
    shipperId: dto.shipperId,
    shipperCompanyId: dto.shipperCompanyId,
  };
}

interface Transition {
  site: StopSite;
  what: 'arrived' | 'departed';
  at: Date;
  source: StopVisitSource;
  point: { id: string | null; lat: number; lng: number } | null;
  /** The trip report that checked it in, if any. */
  report: StopEventKind | 'delivered' | null;
}

const blankVisit = (sequence: number): StoredStopVisit => ({
  sequence,
  arrivedAt: null,
  arrivalSource: null,
  departedAt: null,
  departureSource: null,
  warnedAt: null,
});

/** Writes the clock with one visit changed and the transition marked, as the last step of its fact. */
async function writeVisit(
  load: FreightListing,
  clock: LoadStopClock | null,
  visit: StoredStopVisit,
  mark: string,
): Promise<LoadStopClock> {
  const visits = [...(clock?.visits ?? []).filter((v) => v.sequence !== visit.sequence), visit].sort(
    (a, b) => a.sequence - b.sequence,
  );
  const transitions = [...(clock?.transitions ?? []).filter((t) => t !== mark), mark];
  await LoadStopClockModel.updateOne({ _id: load._id }, { $set: { visits, transitions } }, { upsert: true });
  return { _id: load._id, visits, transitions } as LoadStopClock;
}

/**
 * Records one arrival or departure: its fact (keyed by the load, the stop and the transition, so the log keeps one
 * of each per stop however the callers race) and the clock's write. The caller holds the load's lease and has
 * checked that the transition is not recorded yet.
 */
async function recordTransition(
  by: FactBy,
  load: FreightListing,
  clock: LoadStopClock | null,
  t: Transition,
): Promise<LoadStopClock> {
  const loadId = String(load._id);
  const before = visitOf(clock, t.site.sequence) ?? blankVisit(t.site.sequence);
  const visit: StoredStopVisit =
    t.what === 'arrived'
      ? { ...before, arrivedAt: t.at, arrivalSource: t.source }
      : { ...before, departedAt: t.at, departureSource: t.source };
  const mark = transitionMark(t.site.sequence, t.what);
  const common = {
    stop: { sequence: t.site.sequence, kind: t.site.kind, stopCount: t.site.stopCount },
    facilityKey: t.site.facilityKey,
    facilityName: t.site.facilityName,
    timeZone: t.site.timeZone,
    at: t.at.toISOString(),
    source: t.source,
    point: t.point,
    report: t.report,
    parties: partiesOf(load),
  };
  const proof = {
    collection: LoadStopClockModel.collection.collectionName,
    filter: { _id: load._id, transitions: mark },
  };
  const key = `${loadId}-${t.site.sequence}`;
  const fact: Fact =
    t.what === 'arrived'
      ? {
          name: 'stop.arrived',
          key,
          by,
          loadId,
          data: { ...common, freeTimeMinutes: accessorialTermsOf(load.accessorialTerms).freeTimeMinutes },
          proof,
        }
      : {
          name: 'stop.departed',
          key,
          by,
          loadId,
          data: {
            ...common,
            arrivedAt: iso(before.arrivedAt),
            dwellMinutes: before.arrivedAt ? minutesBetween(before.arrivedAt, t.at) : null,
            freeTimeMinutes: accessorialTermsOf(load.accessorialTerms).freeTimeMinutes,
          },
          proof,
        };
  let after = clock;
  await recordFact({ kind: 'load', id: loadId }, fact, async () => {
    after = await writeVisit(load, clock, visit, mark);
    return true;
  });
  return after!;
}

/** Records the free-time warning of an open visit (once: its fact's key and the clock's `warnedAt`). */
async function recordWarning(
  load: FreightListing,
  clock: LoadStopClock,
  site: StopSite,
  visit: StoredStopVisit,
): Promise<void> {
  const loadId = String(load._id);
  const freeTimeMinutes = accessorialTermsOf(load.accessorialTerms).freeTimeMinutes;
  const mark = transitionMark(site.sequence, 'warned');
  await recordFact(
    { kind: 'load', id: loadId },
    {
      name: 'stop.freeTimeEnding',
      key: `${loadId}-${site.sequence}`,
      by: 'system',
      loadId,
      data: {
        stop: { sequence: site.sequence, kind: site.kind, stopCount: site.stopCount },
        facilityKey: site.facilityKey,
        facilityName: site.facilityName,
        timeZone: site.timeZone,
        arrivedAt: visit.arrivedAt!.toISOString(),
        freeTimeMinutes,
        detentionStartsAt: freeTimeEndsAt(visit.arrivedAt!, freeTimeMinutes).toISOString(),
        parties: partiesOf(load),
      },
      proof: {
        collection: LoadStopClockModel.collection.collectionName,
        filter: { _id: load._id, transitions: mark },
      },
    },
    () => writeVisit(load, clock, { ...visit, warnedAt: now() }, mark),
  );
}

/** Whether an open visit's warning is due at `at` and not given yet. */
function warningDue(load: FreightListing, visit: StoredStopVisit, at: Date): boolean {
  if (!visit.arrivedAt || visit.departedAt || visit.warnedAt) return false;
  const freeTimeMinutes = accessorialTermsOf(load.accessorialTerms).freeTimeMinutes;
  return at.getTime() >= freeTimeWarningAt(visit.arrivedAt, freeTimeMinutes).getTime();
}

/**
 * The geofence, on the ping path (positions/service.ts, under the load's lease, after the point is stored): the
 * stops it watches are those with an exact point, the pickup alone while the load is booked (the trip starts with
 * Loaded) and every stop once in transit. A truck on site at a watched stop leaves with a position beyond
 * GEOFENCE_LEAVE_MILES taken after its arrival; a truck at no watched stop arrives at the first one not visited yet
 * with a position within GEOFENCE_ARRIVE_MILES. The position's capture time is the transition's (a late point
 * counts when it was taken). Reads the clock's small document by `_id` (nothing for a load with no exact stop
 * point) and writes only on a transition. A position at a stop past its warning time gives the warning too.
 */
export async function observePosition(
  actor: Actor,
  load: FreightListing,
  status: string,
  p: { id: string; lat: number; lng: number; at: Date },
): Promise<void> {
  const watched = stopSites(load).filter(
    (s) => s.point !== null && (status === 'in_transit' || s.sequence === 1),
  );
  if (watched.length === 0 || !isLocationUpdatable(status)) return;
  const clock = await stopClockOf(load._id);
  const milesTo = (s: StopSite) => haversineMiles(p.lat, p.lng, s.point!.lat, s.point!.lng);
  const point = { id: p.id, lat: p.lat, lng: p.lng };
  const onSite = watched.find((s) => {
    const v = visitOf(clock, s.sequence);
    return v?.arrivedAt && !v.departedAt;
  });
  if (onSite) {
    const visit = visitOf(clock, onSite.sequence)!;
    if (p.at.getTime() <= visit.arrivedAt!.getTime()) return;
    if (milesTo(onSite) > GEOFENCE_LEAVE_MILES) {
      await recordTransition(actor, load, clock, {
        site: onSite,
        what: 'departed',
        at: p.at,
        source: 'geofence',
        point,
        report: null,
      });
    } else if (warningDue(load, visit, p.at)) {
      await recordWarning(load, clock!, onSite, visit);
    }
    return;
  }
  const entered = watched.find((s) => {
    const v = visitOf(clock, s.sequence);
    return !v?.arrivedAt && !v?.departedAt && milesTo(s) <= GEOFENCE_ARRIVE_MILES;
  });
  if (!entered) return;
  await recordTransition(actor, load, clock, {
    site: entered,
    what: 'arrived',
    at: p.at,
    source: 'geofence',
    point,
    report: null,
  });
}

/** A stop of the load by the route's name for it (`pickup`, `delivery`, or a stop in between by its number). */
function siteNamed(load: FreightListing, which: PinDockStop): StopSite {
  const sites = stopSites(load);
  if (which === 'pickup') return sites[0]!;
  if (which === 'delivery') return sites.at(-1)!;
  const site = sites.find((s) => s.sequence === which && s.sequence < s.stopCount);
  if (!site) {
    const between = load.extraStops?.length ?? 0;
    const message = between
      ? `This load's stops in between are numbered 2 to ${between + 1}`
      : 'This load has no stops between its pickup and its delivery';
    throw badRequest(`which: ${message}`, [{ path: 'which', message }]);
  }
  return site;
}

const sourceWords = (source: string | null | undefined) => (source === 'check_in' ? ' (check-in)' : '');

/**
 * POST /api/freight/:id/stops/:which/check-in: the driver (or the booked carrier's people) checks in an arrival or a
 * departure by hand: no signal at the stop, or a stop the geofence cannot watch. `at` is when it happened (now when
 * left out). Refused, changing nothing: a stranger 404, a poster 403, a departure without an arrival or before it
 * 400, a transition already recorded (by the geofence or a check-in) 409, a load not booked or in transit 409.
 */
export async function checkInStop(
  actor: Actor,
  freightId: string,
  which: PinDockStop,
  input: StopCheckInInput,
): Promise<StopVisitDto> {
  const load = await loadForParticipant(actor, freightId);
  authorize(actor, 'tracking:advance', load, {
    message: 'Only the booked carrier or its driver can check in at a stop',
  });
  siteNamed(load, which);
  return withLoad(load._id, async () => {
    const current = await FreightModel.findById(load._id).lean<FreightListing>();
    if (!current || !isLocationUpdatable(current.status))
      throw conflict('Stops can be checked in only while the load is booked or in transit');
    const site = siteNamed(current, which);
    const clock = await stopClockOf(current._id);
    const visit = visitOf(clock, site.sequence);
    const at = input.at ? new Date(input.at) : now();
    const time = (d: Date) => clockTimeText(d, site.timeZone);
    const where = site.facilityName;
    if (input.transition === 'arrived') {
      if (visit?.arrivedAt)
        throw conflict(
          `The arrival at ${where} was already recorded at ${time(visit.arrivedAt)}${sourceWords(visit.arrivalSource)}`,
        );
      if (visit?.departedAt) throw conflict(`The truck already left ${where} at ${time(visit.departedAt)}`);
    } else {
      if (!visit?.arrivedAt) {
        const message = `Check in the arrival at ${where} first: a departure needs an arrival`;
        throw badRequest(`transition: ${message}`, [{ path: 'transition', message }]);
      }
      if (visit.departedAt)
        throw conflict(
          `The departure from ${where} was already recorded at ${time(visit.departedAt)}${sourceWords(visit.departureSource)}`,
        );
      if (at.getTime() < visit.arrivedAt.getTime()) {
        const message = `The departure (${time(at)}) is before the arrival at ${where} (${time(visit.arrivedAt)})`;
        throw badRequest(`at: ${message}`, [{ path: 'at', message }]);
      }
    }
    const here = positionOf(current, await positionRecord(current._id));
    const after = await recordTransition(actor, current, clock, {
      site,
      what: input.transition,
      at,
      source: 'check_in',
      point: here.lat != null && here.lng != null ? { id: null, lat: here.lat, lng: here.lng } : null,
      report: null,
    });
    return toStopVisitDto(site, visitOf(after, site.sequence));
  });
}

/** The transition a trip report makes at a stop (a report is a check-in), if any. */
function transitionOfReport(
  sites: StopSite[],
  kind: StopEventKind,
  stop: number | null,
): { site: StopSite; what: 'arrived' | 'departed' } | null {
  switch (kind) {
    case 'arrived_pickup':
      return { site: sites[0]!, what: 'arrived' };
    case 'loaded':
      return { site: sites[0]!, what: 'departed' };
    case 'stop_done': {
      const site = sites.find((s) => s.sequence === stop);
      return site ? { site, what: 'departed' } : null;
    }
    case 'arrived_delivery':
      return { site: sites.at(-1)!, what: 'arrived' };
    default:
      return null;
  }
}

/**
 * A trip report is the driver's check-in of the transition it names (Arrived at pickup, Loaded = left the pickup,
 * Done at stop N = left stop N, Arrived at delivery), when the geofence has not recorded it already. A report that
 * says the truck left a stop with no arrival recorded departs it without one (no dwell), so the geofence moves on.
 * Caller holds the load's lease (recordStop).
 */
export async function clockFromReport(
  actor: Actor,
  load: FreightListing,
  report: { kind: StopEventKind; stop: number | null; at: Date; lat: number | null; lng: number | null },
): Promise<void> {
  const found = transitionOfReport(stopSites(load), report.kind, report.stop);
  if (!found) return;
  const clock = await stopClockOf(load._id);
  const visit = visitOf(clock, found.site.sequence);
  if (visit?.departedAt || (found.what === 'arrived' && visit?.arrivedAt)) return;
  await recordTransition(actor, load, clock, {
    ...found,
    at: report.at,
    source: 'check_in',
    point: report.lat != null && report.lng != null ? { id: null, lat: report.lat, lng: report.lng } : null,
    report: report.kind,
  });
}

/**
 * Marking the load delivered (the receiver signs) is the departure from the delivery when the truck is still on
 * site there: positions stop with the delivery, and the signature is when the dock released the truck. Under the
 * load's lease (a reaction to the move); a repair that runs it again records nothing twice.
 */
export async function departDeliveryOnDelivered(by: FactBy, load: FreightListing): Promise<void> {
  if (load.status !== 'delivered') return;
  const site = stopSites(load).at(-1)!;
  const clock = await stopClockOf(load._id);
  const visit = visitOf(clock, site.sequence);
  if (!visit?.arrivedAt || visit.departedAt) return;
  const signedAt = load.deliveryProof?.signedAt ?? load.updatedAt ?? now();
  const at = signedAt.getTime() < visit.arrivedAt.getTime() ? visit.arrivedAt : signedAt;
  await recordTransition(by, load, clock, {
    site,
    what: 'departed',
    at,
    source: 'check_in',
    point: null,
    report: 'delivered',
  });
}

/** Whether the truck's arrival at the delivery is recorded (the delivery's "arrived there" check, loadMoves.ts). */
export async function arrivedAtDelivery(load: FreightListing): Promise<boolean> {
  const clock = await stopClockOf(load._id);
  const delivery = visitOf(clock, stopSites(load).at(-1)!.sequence);
  return Boolean(delivery?.arrivedAt);
}

export interface FreeTimeWarningJob {
  loadId: string;
  sequence: number;
}

/** One warning job per stop and load (BullMQ job ids may not hold ':'). */
export const freeTimeWarningJobId = (job: FreeTimeWarningJob) => `stop-warning-${job.loadId}-${job.sequence}`;

export type FreeTimeWarningResult =
  | { warned: true }
  | { warned: false; reason: 'missing' | 'not running' | 'not arrived' | 'departed' | 'warned' | 'not due' };

/**
 * The delayed job at the warning time (and a test's direct call, with the product's clock): the stop's visit read
 * again under the load's lease, and if the truck is still there and the warning is due, its fact, once; a truck that
 * left first makes it a no-op.
 */
export async function checkFreeTimeWarning(
  job: FreeTimeWarningJob,
  at = now(),
): Promise<FreeTimeWarningResult> {
  if (!Types.ObjectId.isValid(job.loadId)) return { warned: false, reason: 'missing' };
  const loadId = new Types.ObjectId(job.loadId);
  return withLoad(loadId, async () => {
    const load = await FreightModel.findById(loadId).lean<FreightListing>();
    if (!load) return { warned: false, reason: 'missing' };
    if (!isLocationUpdatable(load.status)) return { warned: false, reason: 'not running' };
    const site = stopSites(load).find((s) => s.sequence === job.sequence);
    const clock = await stopClockOf(loadId);
    const visit = visitOf(clock, job.sequence);
    if (!site || !clock || !visit?.arrivedAt) return { warned: false, reason: 'not arrived' };
    if (visit.departedAt) return { warned: false, reason: 'departed' };
    if (visit.warnedAt) return { warned: false, reason: 'warned' };
    if (!warningDue(load, visit, at)) return { warned: false, reason: 'not due' };
    await recordWarning(load, clock, site, visit);
    return { warned: true };
  });
}
