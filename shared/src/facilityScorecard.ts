// A facility's dwell scorecard (issue 41, slice 4; docs/detention.md): how long trucks stay at a facility and how
// often they are held past the free time, over the last 90 days, from the stop visits the geofence clock records.
// The server keeps the visits' dwell per facility and day; these pure helpers turn them into the figures, so the live
// scorecard and one recomputed from the event log are the same function of the same visits.
import { durationText } from './stopClock';

/** The window the figures cover. */
export const FACILITY_SCORECARD_WINDOW_DAYS = 90;
/** No figure is shown below this many visits in the window (a median of three visits says little). */
export const FACILITY_SCORECARD_MIN_VISITS = 5;

/** One truck's visit, as the scorecard counts it: its dwell, and whether it went past that load's free time. */
export interface DwellVisit {
  dwellMinutes: number;
  detained: boolean;
}

export type FacilityScorecard =
  | { visits: number; enough: false }
  | {
      visits: number;
      enough: true;
      medianDwellMinutes: number;
      p90DwellMinutes: number;
      /** Visits held past the free time, in whole percent of the visits. */
      detentionPercent: number;
    };

/**
 * The value at `p` (0–100) of sorted values by nearest rank: the smallest value with at least p % of the values at
 * or below it. Always one of the values (a dwell a truck really had), never an interpolation.
 */
export function nearestRank(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

/**
 * The scorecard of a facility's visits in the window: the median and 90th percentile dwell (nearest rank, whole
 * minutes) and the share of visits with detention (rounded to a whole percent); `enough: false` below
 * FACILITY_SCORECARD_MIN_VISITS visits, with no figure.
 */
export function facilityScorecard(visits: readonly DwellVisit[]): FacilityScorecard {
  const counted = visits.filter((v) => Number.isFinite(v.dwellMinutes) && v.dwellMinutes >= 0);
  if (counted.length < FACILITY_SCORECARD_MIN_VISITS) return { visits: counted.length, enough: false };
  const sorted = counted.map((v) => Math.round(v.dwellMinutes)).sort((a, b) => a - b);
  const detained = counted.filter((v) => v.detained).length;
  return {
    visits: counted.length,
    enough: true,
    medianDwellMinutes: nearestRank(sorted, 50),
    p90DwellMinutes: nearestRank(sorted, 90),
    detentionPercent: Math.round((detained / counted.length) * 100),
  };
}

/**
 * The scorecard's one line (the load page, the board): 'Median dwell 2 h 50 m · detention at 38 % of stops'; below
 * the minimum, 'Too few visits for a dwell figure (3 in 90 days)'.
 */
export function facilityScorecardLine(card: FacilityScorecard): string {
  if (!card.enough)
    return `Too few visits for a dwell figure (${card.visits} in ${FACILITY_SCORECARD_WINDOW_DAYS} days)`;
  return `Median dwell ${durationText(card.medianDwellMinutes)} · detention at ${card.detentionPercent} % of stops`;
}

/** A facility's scorecard as the API gives it (GET /api/facilities/:key, and per stop of a load). */
export type FacilityScorecardDto = FacilityScorecard & {
  /** The scorecard's one line (facilityScorecardLine). */
  line: string;
  windowDays: number;
};

/**
 * One stop's facility on a load (GET /api/freight/:id/facility-dwell): its scorecard, and for a viewer who reads the
 * load's stop details the facility's key and name (the facility page's link); null for a stop without a street
 * address (no facility known).
 */
export interface StopFacilityDwellDto {
  facilityKey: string | null;
  facilityName: string | null;
  scorecard: FacilityScorecardDto;
}

export interface LoadFacilityDwellDto {
  /** The load's id. */
  id: string;
  pickup: StopFacilityDwellDto | null;
  delivery: StopFacilityDwellDto | null;
}

/** The facility page (GET /api/facilities/:key). */
export interface FacilityPageDto {
  /** The facility's key. */
  id: string;
  facilityName: string | null;
  scorecard: FacilityScorecardDto;
}

/** A facility's key as the API takes it: the hex SHA-256 issue 39's dock pins use. */
export const FACILITY_KEY_PATTERN = /^[0-9a-f]{64}$/;
