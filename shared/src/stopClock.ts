// The clock at each stop (issue 41, slice 2; docs/detention.md): when the truck arrived at and left each stop of a
// booked load, from the geofence (its positions) or the driver's check-in, and the free time and detention that
// follow. One module for both sides: the server records and checks, the web ticks the clock from the arrival time.
import { z } from 'zod';
import { detentionCents, type AccessorialTerms } from './accessorialTerms';
import { CAPTURE_MAX_AGE_MS, CAPTURE_MAX_SKEW_MS } from './tracking';

/** Where a transition came from: the truck's positions entering or leaving the stop's geofence, or a check-in. */
export const STOP_VISIT_SOURCES = ['geofence', 'check_in'] as const;
export type StopVisitSource = (typeof STOP_VISIT_SOURCES)[number];

export const STOP_TRANSITIONS = ['arrived', 'departed'] as const;
export type StopTransition = (typeof STOP_TRANSITIONS)[number];

/** A position within this many miles of the stop's point is an arrival (about 800 m: a large yard and its gate). */
export const GEOFENCE_ARRIVE_MILES = 0.5;
/**
 * A truck on site leaves only with a position beyond this many miles (hysteresis): GPS drift around the arrival
 * radius does not make it leave and come back.
 */
export const GEOFENCE_LEAVE_MILES = 0.75;
/** The poster is told this many minutes before the free time at a stop ends (while the truck is still there). */
export const FREE_TIME_WARNING_MINUTES = 15;

/** A stop of a load: its place in the trip (1 for the first pickup, `stopCount` for the last delivery) and kind. */
export interface StopRefDto {
  sequence: number;
  kind: 'pickup' | 'delivery';
  stopCount: number;
}

/** The time zone of a US state, the one most of the state keeps (a split state: its larger part). */
const STATE_TIME_ZONES: Record<string, string> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  PR: 'America/Puerto_Rico',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
};

/**
 * The facility's time zone, from its state (the product stores no zone for a facility): the zone most of the state
 * keeps; UTC outside the US. Every time of the clock is told in it, labelled ("3:40 pm CDT"), as appointments are
 * the facility's wall clock.
 */
export function facilityTimeZone(state: string | null | undefined): string {
  return STATE_TIME_ZONES[(state ?? '').trim().toUpperCase()] ?? 'UTC';
}

/** A time of the clock in the facility's zone: "3:40 pm CDT". */
export function clockTimeText(at: string | number | Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(at));
  return text.replace(/\s?([AP])M/, (_, h: string) => ` ${h.toLowerCase()}m`).replace(/\s+/g, ' ');
}

/** A dwell or a time left in whole minutes, in words: "3 h 20 m", "45 m", "4 h". */
export function durationText(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  const h = Math.floor(whole / 60);
  const m = whole % 60;
  if (!h) return `${m} m`;
  return m ? `${h} h ${m} m` : `${h} h`;
}

/** Whole minutes between two times (a dwell: the arrival to the departure, or to now). */
export const minutesBetween = (from: string | number | Date, to: string | number | Date) =>
  Math.floor((new Date(to).getTime() - new Date(from).getTime()) / 60_000);

/** When the free time at a stop ends: the arrival plus the free time. */
export const freeTimeEndsAt = (arrivedAt: string | number | Date, freeTimeMinutes: number) =>
  new Date(new Date(arrivedAt).getTime() + freeTimeMinutes * 60_000);

/** When the poster is warned: FREE_TIME_WARNING_MINUTES before the free time ends (at the arrival, if shorter). */
export function freeTimeWarningAt(arrivedAt: string | number | Date, freeTimeMinutes: number): Date {
  const ahead = Math.max(0, freeTimeMinutes - FREE_TIME_WARNING_MINUTES);
  return new Date(new Date(arrivedAt).getTime() + ahead * 60_000);
}

/** One stop's visit as the clock shows it: every stop of the load is listed, visited or not yet. */
export interface StopVisitDto extends StopRefDto {
  /** The facility as the clock names it: its name, else its street, else its city and state. */
  facilityName: string;
  /** The facility's key (issue 39's dock pins): null for a stop without a street address. */
  facilityKey: string | null;
  /** The facility's time zone (facilityTimeZone): the clock's times are told in it. */
  timeZone: string;
  /**
   * Whether the geofence watches this stop: its point is exact (the address geocoded or the dock pinned). A stop
   * whose point is only a ZIP's or a city's centre is checked in by the driver.
   */
  geofenced: boolean;
  arrivedAt: string | null;
  arrivalSource: StopVisitSource | null;
  departedAt: string | null;
  departureSource: StopVisitSource | null;
  /** Arrival to departure in whole minutes; null until both are known. */
  dwellMinutes: number | null;
  /** When the poster was warned that the free time ends soon; null before (or never, if the truck left first). */
  warnedAt: string | null;
}

/** The amounts of detention, for the viewers who may see them (`stopClock:readAmounts`): the terms that bill it. */
export interface StopClockDetentionDto {
  detentionCentsPerHour: number;
  billingStepMinutes: number;
}

/** GET /api/freight/:id/stop-clock: the load's stops in order, each with its visit so far. */
export interface StopClockDto {
  freightId: string;
  /** The free time at each stop (the load's terms). */
  freeTimeMinutes: number;
  /** The clock still runs (the load is booked or in transit): a visit without a departure ticks. */
  running: boolean;
  stops: StopVisitDto[];
  /** Present only for the viewers who see money (not a driver, a dispatcher or a viewer). */
  detention?: StopClockDetentionDto;
  viewerActions: {
    /** Check in an arrival or a departure by hand (the booked carrier's people and the driver, while running). */
    checkIn?: true;
  };
}

/** Detention accrued at a stop after `dwellMinutes` on site, in cents (the load's terms: free time, rate, step). */
export function stopDetentionCents(
  dwellMinutes: number,
  freeTimeMinutes: number,
  detention: StopClockDetentionDto,
): number {
  const terms: AccessorialTerms = {
    freeTimeMinutes,
    detentionCentsPerHour: detention.detentionCentsPerHour,
    billingStepMinutes: detention.billingStepMinutes,
    layoverCentsPerNight: 0,
    tonuBaseCents: 0,
    tonuCentsPerMile: 0,
  };
  return detentionCents(dwellMinutes, terms);
}

/**
 * POST /api/freight/:id/stops/:which/check-in: the driver checks in an arrival or a departure by hand (no signal,
 * or a stop the geofence cannot watch), at `at` when it happened earlier (within the last 48 hours, not ahead of
 * the server's clock by more than a phone's skew); now when left out.
 */
export const stopCheckInSchema = z.object({
  transition: z.enum(STOP_TRANSITIONS, { message: 'transition must be arrived or departed' }),
  at: z.iso
    .datetime({ offset: true, message: 'An ISO date-time' })
    .refine((v) => {
      const ahead = Date.parse(v) - Date.now();
      return ahead <= CAPTURE_MAX_SKEW_MS && ahead >= -CAPTURE_MAX_AGE_MS;
    }, 'Within the last 48 hours, and not ahead of now')
    .optional(),
});
export type StopCheckInInput = z.infer<typeof stopCheckInSchema>;

/** "Stop 2 · Pickup", or "Pickup"/"Delivery" on a load of two stops. */
export function stopVisitLabel(stop: StopRefDto): string {
  const kind = stop.kind === 'pickup' ? 'Pickup' : 'Delivery';
  return stop.stopCount > 2 ? `Stop ${stop.sequence} · ${kind}` : kind;
}

/** Server → client: a stop's visit changed (arrived, departed, warned), to everyone on the load (freight:<id>). */
export interface StopClockEvents {
  'freight:stopVisit': (payload: { freightId: string; visit: StopVisitDto }) => void;
}
