// Freight listings, load board, booking requests, negotiations. The freight feature extends this module
// (schemas, query types, events); the listing DTO below is the contract other features read.
import type { AccessorialTermsDto } from './accessorialTerms';
import type { LoadAssignmentDto } from './fleet';
import type { RatingBadgeDto } from './ratings';
import { z } from 'zod';
import type { Ack } from './api';
import { dateInput, isDateInRange, DATE_RANGE_MESSAGE } from './dates';
import {
  DEFAULT_OFFER_VALIDITY_HOURS,
  DEFAULT_SEARCH_RADIUS,
  MAX_PAGE_SIZE,
  DEFAULT_PAGE_SIZE,
} from './constants';
import {
  AIR_WEIGHT_CLASSES,
  BOOKING_REQUEST_STATUSES,
  CARGO_TYPES,
  EQUIPMENT_TYPES,
  boardEquipment,
  FREIGHT_STATUSES,
  NEGOTIATION_STATUSES,
  WEIGHT_CLASSES,
  type FreightStatus,
  type UserType,
} from './enums';
import { boundingBox, haversineMiles } from './geo';
import { isBlank, nullableNumber as optionalNumber, nullableText as optionalText } from './nullableInputs';
import type { ExtraStopDto, LoadStopDto } from './stops';
import type { BookingRequestViewerActions, LoadViewerActions, NegotiationViewerActions } from './loadActions';

/**
 * A freight listing as the API returns it: money in dollars (2 decimals), dates as ISO strings. No live position:
 * that reaches only the load's participants (TrackingFreightDto, the load's room).
 */
export interface FreightListingDto {
  id: string;
  userId: string;
  carrierId: string | null;
  brokerId: string | null;
  shipperId: string | null;
  /**
   * Each party's company as the load records it (issue 28; null: the person has none): a fact's snapshot names the
   * companies that were parties when it happened. Absent from facts recorded before they were kept.
   */
  companyId?: string | null;
  carrierCompanyId?: string | null;
  brokerCompanyId?: string | null;
  shipperCompanyId?: string | null;
  title: string;
  originCity: string;
  originState: string;
  originZip: string | null;
  originCountry: string | null;
  destinationCity: string;
  destinationState: string;
  destinationZip: string | null;
  destinationCountry: string | null;
  originLat: number | null;
  originLng: number | null;
  destinationLat: number | null;
  destinationLng: number | null;
  equipmentType: string;
  equipmentLength: number | null;
  weight: number | null;
  weightClass: string | null;
  commodity: string | null;
  cargoType: string | null;
  rate: number | null;
  ratePerMile: number | null;
  rateType: string;
  /** Trip miles: the poster's actual miles when given, else the estimate from the places (distanceIsEstimate). */
  distance: number | null;
  distanceIsEstimate: boolean;
  /** Miles from a board search's origin to this load's origin; only in search answers with an origin. */
  deadheadMiles?: number | null;
  /** What the viewer may do with it (issue 23), computed per viewer from the access rules; absent: nothing. */
  viewerActions?: LoadViewerActions;
  searchRadius: number;
  pickupDate: string | null;
  pickupTimeStart: string | null;
  pickupTimeEnd: string | null;
  deliveryDate: string | null;
  deliveryTimeStart: string | null;
  deliveryTimeEnd: string | null;
  description: string | null;
  specialInstructions: string | null;
  status: FreightStatus;
  isUrgent: boolean;
  isHazmat: boolean;
  requiresTarps: boolean;
  requiresStraps: boolean;
  requiresLiftgate: boolean;
  userCompanyName: string | null;
  /** The poster's MC number at posting time (carrier/broker vetting), null when none. */
  userMcNumber: string | null;
  /**
   * The poster's company's ratings (issue 40), as the ratings projector keeps them: in the board's, the load page's
   * and the air marketplace's answers; absent in pushes and facts (keep what you have).
   */
  posterRating?: RatingBadgeDto;
  /** The truck and driver that run a booked load (issue 29); null until a dispatcher assigns them. */
  assignment?: LoadAssignmentDto | null;
  /**
   * The pickup's and the delivery's details (issue 39: facility, street address, appointment, references,
   * contact): only for the load's parties (the poster's side, the booked carrier and its assigned driver). Absent
   * for anyone else and in board pushes (absent: not told, keep what you have); null: none given.
   */
  pickupStop?: LoadStopDto | null;
  deliveryStop?: LoadStopDto | null;
  /** The stops between the first pickup and the last delivery, in order, with their details: the parties' only. */
  extraStops?: ExtraStopDto[];
  /** How many stops lie between the first pickup and the last delivery: everyone sees it (the board's "+2 stops"). */
  extraStopCount: number;
  /**
   * Free time, detention, layover and TONU (issue 41, docs/detention.md): part of the offer, so everyone who sees the
   * load sees them. A load posted before terms were kept reads as the defaults.
   */
  accessorialTerms: AccessorialTermsDto;
  createdAt: string;
  updatedAt: string;
}

export const AIR_EQUIPMENT = 'air_cargo';
export const ALL_WEIGHT_CLASSES = [...WEIGHT_CLASSES, ...AIR_WEIGHT_CLASSES] as const;

// ---------------------------------------------------------------------------------------------------------------
// Load board search (call 8). Query parameters carry the names of the board's filter state.

/** The board's orders: age, rate per mile, rate, pickup date, trip miles, and deadhead (needs a searched origin). */
export const FREIGHT_SORTS = ['newest', 'ratePerMile', 'rate', 'pickupDate', 'distance', 'deadhead'] as const;
export type FreightSort = (typeof FREIGHT_SORTS)[number];
/** The orders that do not depend on the search: the open-load book keeps a list in each. */
export const STATIC_FREIGHT_SORTS = ['newest', 'ratePerMile', 'rate', 'pickupDate', 'distance'] as const;
export type StaticFreightSort = (typeof STATIC_FREIGHT_SORTS)[number];
export const FREIGHT_SORT_LABELS: Record<FreightSort, string> = {
  newest: 'Newest first',
  ratePerMile: 'Highest rate per mile',
  rate: 'Highest rate',
  pickupDate: 'Soonest pickup',
  distance: 'Shortest trip',
  deadhead: 'Closest pickup (deadhead)',
};

const queryText = (max = 100) =>
  z.preprocess((v) => (isBlank(v) ? undefined : v), z.string().trim().max(max).optional());
const queryNumber = (schema: z.ZodNumber) =>
  z.preprocess((v) => (isBlank(v) ? undefined : Number(v)), schema.optional());
const queryDate = z.preprocess((v) => (isBlank(v) ? undefined : v), dateInput().optional());
/** A list in a query: "TX,OK", or the parameter repeated; blank entries dropped; undefined when empty. */
const queryList = <T extends z.ZodTypeAny>(item: T, max: number) =>
  z.preprocess((v) => {
    const parts = (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : v === undefined ? [] : [v])
      .map((p) => (typeof p === 'string' ? p.trim() : p))
      .filter((p) => !isBlank(p));
    return parts.length ? parts : undefined;
  }, z.array(item).max(max).optional());
const stateCode = z
  .string()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, 'Expected two-letter state codes, e.g. TX,OK'));

/** The board's filters (SPEC §5 load board and air filters); every one is optional. */
const boardFilterFields = {
  originCity: queryText(),
  originState: queryText(60),
  destinationCity: queryText(),
  destinationState: queryText(60),
  originCountry: queryText(60),
  destinationCountry: queryText(60),
  equipmentType: z.preprocess(
    (v) => (isBlank(v) ? undefined : v),
    z.enum(EQUIPMENT_TYPES).transform(boardEquipment).optional(),
  ),
  weightClass: z.preprocess((v) => (isBlank(v) ? undefined : v), z.enum(ALL_WEIGHT_CLASSES).optional()),
  cargoType: z.preprocess((v) => (isBlank(v) ? undefined : v), z.enum(CARGO_TYPES).optional()),
  /** The board lists open loads; only 'available' is accepted by GET /api/freight (others get a 400). */
  status: z.preprocess((v) => (isBlank(v) ? undefined : v), z.enum(FREIGHT_STATUSES).optional()),
  minRate: queryNumber(z.number().min(0)),
  maxRate: queryNumber(z.number().min(0)),
  minRatePerMile: queryNumber(z.number().min(0)),
  maxRatePerMile: queryNumber(z.number().min(0)),
  /** Dollars per kilogram of the listing's weight (the air marketplace's rate filter, SPEC §2). */
  minRatePerKg: queryNumber(z.number().min(0)),
  maxRatePerKg: queryNumber(z.number().min(0)),
  pickupDateStart: queryDate,
  pickupDateEnd: queryDate,
  /** Origin within `radius` miles of (lat, lng); the radius applies only when both are given. */
  radius: queryNumber(z.number().positive().max(3000)),
  lat: queryNumber(z.number().min(-90).max(90)),
  lng: queryNumber(z.number().min(-180).max(180)),
  /** A US place ("Reno, NV" or a ZIP) the server turns into lat/lng (GET /api/freight only). */
  origin: queryText(80),
  /** Destination within `destinationRadius` miles of (destinationLat, destinationLng), or of `destination`. */
  destination: queryText(80),
  destinationRadius: queryNumber(z.number().positive().max(3000)),
  destinationLat: queryNumber(z.number().min(-90).max(90)),
  destinationLng: queryNumber(z.number().min(-180).max(180)),
  /** A lane: any of these origin states to any of these destination states. */
  originStates: queryList(stateCode, 60),
  destinationStates: queryList(stateCode, 60),
  /** Any of these equipment types. */
  equipmentTypes: queryList(z.enum(EQUIPMENT_TYPES).transform(boardEquipment), EQUIPMENT_TYPES.length),
  /** The truck's limits: loads known to be heavier or longer are left out (a load that does not say is kept). */
  maxWeight: queryNumber(z.number().positive()),
  maxLength: queryNumber(z.number().positive()),
};

export function boardFilterIssues(
  v: {
    lat?: number;
    lng?: number;
    destinationLat?: number;
    destinationLng?: number;
    minRate?: number;
    maxRate?: number;
    minRatePerMile?: number;
    maxRatePerMile?: number;
    minRatePerKg?: number;
    maxRatePerKg?: number;
  },
  ctx: z.RefinementCtx,
) {
  if ((v.lat === undefined) !== (v.lng === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['lat'], message: 'lat and lng go together' });
  }
  if ((v.destinationLat === undefined) !== (v.destinationLng === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['destinationLat'],
      message: 'destinationLat and destinationLng go together',
    });
  }
  if (v.minRate !== undefined && v.maxRate !== undefined && v.minRate > v.maxRate) {
    ctx.addIssue({ code: 'custom', path: ['minRate'], message: 'minRate must not exceed maxRate' });
  }
  if (
    v.minRatePerMile !== undefined &&
    v.maxRatePerMile !== undefined &&
    v.minRatePerMile > v.maxRatePerMile
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['minRatePerMile'],
      message: 'minRatePerMile must not exceed maxRatePerMile',
    });
  }
  if (v.minRatePerKg !== undefined && v.maxRatePerKg !== undefined && v.minRatePerKg > v.maxRatePerKg) {
    ctx.addIssue({
      code: 'custom',
      path: ['minRatePerKg'],
      message: 'minRatePerKg must not exceed maxRatePerKg',
    });
  }
}

/** A board's filters without sort and paging: what a board socket sends with `loadboard:filters`. */
export const boardFilterSchema = z.object(boardFilterFields).superRefine(boardFilterIssues);
export type BoardFilter = z.output<typeof boardFilterSchema>;

export const freightSearchSchema = z
  .object({
    ...boardFilterFields,
    sort: z.preprocess((v) => (isBlank(v) ? undefined : v), z.enum(FREIGHT_SORTS).default('newest')),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  })
  .superRefine(boardFilterIssues);
export type FreightSearchQuery = z.output<typeof freightSearchSchema>;

/** The board's filter state (SPEC §2's six inputs, then the load-board search of issue 15), as the inputs hold it. */
export interface LoadBoardFilters {
  originCity: string;
  originState: string;
  destinationCity: string;
  destinationState: string;
  equipmentType: string;
  weightClass: string;
  minRate: string;
  maxRate: string;
  pickupDateStart: string;
  pickupDateEnd: string;
  radius: number;
  lat: string;
  lng: string;
  /** The chosen origin place's label ("Reno, NV"): shown in its input, not sent (lat and lng are). */
  originPlace: string;
  destinationPlace: string;
  destinationLat: string;
  destinationLng: string;
  destinationRadius: number;
  /** Lanes: state codes separated by commas ("TX, OK"). */
  originStates: string;
  destinationStates: string;
  /** Several equipment types, comma separated. */
  equipmentTypes: string;
  minRatePerMile: string;
  maxWeight: string;
  maxLength: string;
}
export const EMPTY_LOAD_BOARD_FILTERS: LoadBoardFilters = {
  originCity: '',
  originState: '',
  destinationCity: '',
  destinationState: '',
  equipmentType: '',
  weightClass: '',
  minRate: '',
  maxRate: '',
  pickupDateStart: '',
  pickupDateEnd: '',
  radius: DEFAULT_SEARCH_RADIUS,
  lat: '',
  lng: '',
  originPlace: '',
  destinationPlace: '',
  destinationLat: '',
  destinationLng: '',
  destinationRadius: DEFAULT_SEARCH_RADIUS,
  originStates: '',
  destinationStates: '',
  equipmentTypes: '',
  minRatePerMile: '',
  maxWeight: '',
  maxLength: '',
};

/** Filter-state fields that only label an input (the query carries their points). */
const DISPLAY_ONLY: ReadonlySet<string> = new Set(['originPlace', 'destinationPlace']);
const RADII = new Set(['radius', 'destinationRadius']);

/** Query parameters for GET /api/freight from a filter state (empty filters are left out). */
export function filtersToQuery(filters: Partial<LoadBoardFilters>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (RADII.has(key) || DISPLAY_ONLY.has(key)) continue;
    if (value !== undefined && value !== null && String(value).trim() !== '') out[key] = String(value).trim();
  }
  if (out.lat && out.lng) out.radius = String(filters.radius ?? DEFAULT_SEARCH_RADIUS);
  if (out.destinationLat && out.destinationLng) {
    out.destinationRadius = String(filters.destinationRadius ?? DEFAULT_SEARCH_RADIUS);
  }
  return out;
}

/** A saved search's filters from a filter state: the query, plus the places' names (the alert's and the list's words). */
export function savedSearchFiltersOf(filters: LoadBoardFilters): Record<string, string> {
  const query = filtersToQuery(filters);
  const out =
    query.lat && filters.originPlace.trim() ? { ...query, originPlace: filters.originPlace.trim() } : query;
  return query.destinationLat && filters.destinationPlace.trim()
    ? { ...out, destinationPlace: filters.destinationPlace.trim() }
    : out;
}

export interface FreightPage {
  items: FreightListingDto[];
  page: number;
  pageSize: number;
  total: number;
}

// ---------------------------------------------------------------------------------------------------------------
// The one board filter predicate and the sort orders: the open-load book, its live pushes, saved-search alerts
// and the web stores all use these (the database is never asked to filter the board).

/** A date-only bound covers its whole UTC day; a full date-time is taken as given. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
export const startOfDay = (s: string) => Date.parse(DATE_ONLY.test(s) ? `${s}T00:00:00.000Z` : s);
export const endOfDay = (s: string) => Date.parse(DATE_ONLY.test(s) ? `${s}T23:59:59.999Z` : s);
const toCents = (dollars: number) => Math.round(dollars * 100);
const KG_PER_LB = 0.45359237;
/** A listing's rate per kilogram in dollars (weights are in lbs); null without a rate or a weight. */
export function ratePerKgOf(rate: number | null, weightLbs: number | null): number | null {
  return rate == null || !weightLbs ? null : rate / (weightLbs * KG_PER_LB);
}
/** Escapes text for a case-insensitive substring search with a regex (DESIGN §2: no text indexes). */
export function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
/** A case-insensitive substring test (regex characters in the text are literal). */
const containsText = (text: string) => new RegExp(escapeRegex(text), 'i');

/**
 * The filter fields the predicate reads (a saved search's filters are a subset; one stored before the equipment
 * lists became one may name 'refrigerated').
 */
export type BoardFilterFields = Partial<Omit<BoardFilter, 'status' | 'equipmentType'>> & {
  status?: FreightStatus;
  equipmentType?: string;
};

/**
 * Compiles a board's filters into a test of one listing (SPEC §5): cities are case-insensitive substrings, states,
 * countries, equipment, weight class and cargo type exact; rate, rate-per-mile and rate-per-kg ranges inclusive (a
 * load without a rate, or without a weight for the per-kg range, matches no range); pickup dates inclusive by UTC day (a load without a date matches no range); the radius
 * is the great-circle distance of the origin (only with lat, lng and radius). Without an equipment type the road
 * board leaves air shipments out. The status is `available` unless `anyStatus` (the viewer's own loads).
 */
export function compileBoardFilter(
  f: BoardFilterFields,
  opts: { anyStatus?: boolean } = {},
): (l: FreightListingDto) => boolean {
  const status = f.status ?? 'available';
  const originCity = f.originCity ? containsText(f.originCity) : null;
  const destinationCity = f.destinationCity ? containsText(f.destinationCity) : null;
  const minRate = f.minRate !== undefined ? toCents(f.minRate) : undefined;
  const maxRate = f.maxRate !== undefined ? toCents(f.maxRate) : undefined;
  const minRpm = f.minRatePerMile !== undefined ? toCents(f.minRatePerMile) : undefined;
  const maxRpm = f.maxRatePerMile !== undefined ? toCents(f.maxRatePerMile) : undefined;
  const minRpk = f.minRatePerKg !== undefined ? toCents(f.minRatePerKg) : undefined;
  const maxRpk = f.maxRatePerKg !== undefined ? toCents(f.maxRatePerKg) : undefined;
  const pickupFrom = f.pickupDateStart ? startOfDay(f.pickupDateStart) : undefined;
  const pickupTo = f.pickupDateEnd ? endOfDay(f.pickupDateEnd) : undefined;
  const circle =
    f.lat !== undefined && f.lng !== undefined && f.radius !== undefined
      ? { lat: f.lat, lng: f.lng, radius: f.radius }
      : null;
  // Only the filters given are checked, cheapest first: the book runs this over every open load per search.
  const checks: ((l: FreightListingDto) => boolean)[] = [];
  if (!opts.anyStatus) checks.push((l) => l.status === status);
  // A stored 'refrigerated' (load or saved search) is a reefer.
  const equipment = boardEquipment(f.equipmentType);
  const equipmentSet = f.equipmentTypes?.length
    ? new Set<string>(f.equipmentTypes.map((e) => boardEquipment(e)))
    : null;
  checks.push(
    equipment
      ? (l) => boardEquipment(l.equipmentType) === equipment
      : equipmentSet
        ? (l) => equipmentSet.has(boardEquipment(l.equipmentType))
        : (l) => l.equipmentType !== AIR_EQUIPMENT,
  );
  for (const key of [
    'originState',
    'destinationState',
    'originCountry',
    'destinationCountry',
    'weightClass',
    'cargoType',
  ] as const) {
    const wanted = f[key];
    if (wanted) checks.push((l) => l[key] === wanted);
  }
  const within = (value: (l: FreightListingDto) => number | null, min?: number, max?: number) => {
    if (min === undefined && max === undefined) return;
    checks.push((l) => {
      const v = value(l);
      return v != null && (min === undefined || v >= min) && (max === undefined || v <= max);
    });
  };
  within((l) => (l.rate == null ? null : toCents(l.rate)), minRate, maxRate);
  within((l) => (l.ratePerMile == null ? null : toCents(l.ratePerMile)), minRpm, maxRpm);
  within(
    (l) => {
      const perKg = ratePerKgOf(l.rate, l.weight);
      return perKg == null ? null : toCents(perKg);
    },
    minRpk,
    maxRpk,
  );
  within((l) => (l.pickupDate ? Date.parse(l.pickupDate) : null), pickupFrom, pickupTo);
  if (originCity) checks.push((l) => originCity.test(l.originCity));
  if (destinationCity) checks.push((l) => destinationCity.test(l.destinationCity));
  if (circle) checks.push(withinCircle(circle, (l) => [l.originLat, l.originLng]));
  if (f.destinationLat !== undefined && f.destinationLng !== undefined) {
    const destination = {
      lat: f.destinationLat,
      lng: f.destinationLng,
      radius: f.destinationRadius ?? DEFAULT_SEARCH_RADIUS,
    };
    checks.push(withinCircle(destination, (l) => [l.destinationLat, l.destinationLng]));
  }
  for (const [key, field] of [
    ['originStates', 'originState'],
    ['destinationStates', 'destinationState'],
  ] as const) {
    const wanted = f[key];
    if (wanted?.length) {
      const states = new Set(wanted);
      checks.push((l) => states.has(l[field]));
    }
  }
  if (f.maxWeight !== undefined) checks.push((l) => l.weight == null || l.weight <= f.maxWeight!);
  if (f.maxLength !== undefined) {
    checks.push((l) => l.equipmentLength == null || l.equipmentLength <= f.maxLength!);
  }
  return (l) => {
    for (const check of checks) if (!check(l)) return false;
    return true;
  };
}

/** A test of the point `at` gives against a circle: the box first (it contains the circle), then the distance. */
function withinCircle(
  circle: { lat: number; lng: number; radius: number },
  at: (l: FreightListingDto) => [number | null, number | null],
): (l: FreightListingDto) => boolean {
  const box = boundingBox(circle.lat, circle.lng, circle.radius);
  const lngBoxed = box.minLng >= -180 && box.maxLng <= 180;
  return (l) => {
    const [lat, lng] = at(l);
    if (lat == null || lng == null || lat < box.minLat || lat > box.maxLat) return false;
    if (lngBoxed && (lng < box.minLng || lng > box.maxLng)) return false;
    return haversineMiles(circle.lat, circle.lng, lat, lng) <= circle.radius;
  };
}

/**
 * Deadhead: the straight-line miles from the searched origin to the load's pickup, whole miles (the same measure as
 * the radius, so a load in a 50-mile search never shows more than 50). Null without a searched origin or pickup point.
 */
export function deadheadMilesOf(
  f: { lat?: number; lng?: number },
  l: Pick<FreightListingDto, 'originLat' | 'originLng'>,
): number | null {
  if (f.lat === undefined || f.lng === undefined || l.originLat == null || l.originLng == null) return null;
  return Math.round(haversineMiles(f.lat, f.lng, l.originLat, l.originLng));
}

/** Whether one listing belongs on a board with these filters (see compileBoardFilter). */
export function matchesBoardFilter(f: BoardFilterFields, l: FreightListingDto): boolean {
  return compileBoardFilter(f)(l);
}

type Comparator = (a: FreightListingDto, b: FreightListingDto) => number;
const byNewest: Comparator = (a, b) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
/** An order on one value: `better` first, loads without the value last, ties by newest then id (a total order). */
function byValue(value: (l: FreightListingDto) => number | null, better: 'high' | 'low'): Comparator {
  return (a, b) => {
    const x = value(a);
    const y = value(b);
    if (x !== y) {
      if (x == null) return 1;
      if (y == null) return -1;
      return better === 'high' ? y - x : x - y;
    }
    return byNewest(a, b);
  };
}
const pickupTime = (l: FreightListingDto) => (l.pickupDate ? Date.parse(l.pickupDate) : null);
/** The board's orders that do not depend on the search. */
export const boardComparators: Record<StaticFreightSort, Comparator> = {
  newest: byNewest,
  ratePerMile: byValue((l) => l.ratePerMile, 'high'),
  rate: byValue((l) => l.rate, 'high'),
  pickupDate: byValue(pickupTime, 'low'),
  distance: byValue((l) => l.distance, 'low'),
};
/** The comparator of any order: deadhead is measured from the searched origin (without one it is the newest). */
export function boardComparator(sort: FreightSort, f: { lat?: number; lng?: number }): Comparator {
  if (sort !== 'deadhead') return boardComparators[sort];
  return byValue((l) => deadheadMilesOf(f, l), 'low');
}

// ---------------------------------------------------------------------------------------------------------------
// Booking requests (calls 6, 7, 10).

export type BookingRequestStatus = (typeof BOOKING_REQUEST_STATUSES)[number];

export const bookingRequestSchema = z.object({
  message: z.preprocess((v) => (isBlank(v) ? null : v), z.string().trim().max(10_000).nullable()).optional(),
});
export type BookingRequestInput = z.input<typeof bookingRequestSchema>;

export const bookingReviewSchema = z.object({
  status: z.enum(['approved', 'rejected'], { message: 'status must be approved or rejected' }),
  /**
   * The load as the reviewer saw it (its updatedAt, issue 23): an approval of a load edited since is refused with
   * 409, so the reviewer books what they read. Optional (the dashboard card approves the load as it is).
   */
  loadUpdatedAt: z.iso
    .datetime({ offset: true, message: 'loadUpdatedAt must be an ISO date-time' })
    .optional(),
});
export type BookingReviewInput = z.input<typeof bookingReviewSchema>;

/** A booking request with the fields the dashboard card reads (SPEC §3). */
export interface BookingRequestDto {
  id: string;
  freightListingId: string;
  carrierId: string;
  shipperId: string;
  /** The carrier's and the shipper's companies as the request records them (see FreightListingDto.companyId). */
  carrierCompanyId?: string | null;
  shipperCompanyId?: string | null;
  message: string | null;
  status: BookingRequestStatus;
  reviewedAt: string | null;
  reviewedBy: string | null;
  createdAt: string;
  updatedAt: string;
  freightTitle: string | null;
  freightOrigin: string | null;
  freightDestination: string | null;
  freightRate: number | null;
  carrierName: string | null;
  carrierPhone: string | null;
  carrierEmail: string | null;
  carrierCompany: string | null;
  /** The carrier's FMCSA numbers (issue 16), null when not given. */
  carrierMcNumber: string | null;
  carrierUsdotNumber: string | null;
  /** The requester's account type: MC and USDOT lines are shown only where they apply (issue 39). */
  carrierUserType: UserType | null;
  /**
   * The carrier's approved documents with their expiry, so the poster decides with facts; only in the answers to
   * the load's poster (GET /api/booking-requests), empty elsewhere.
   */
  carrierDocuments: CarrierDocumentDto[];
  /** Why the request was closed without the poster's review (the load withdrawn or booked elsewhere); else null. */
  closedReason: string | null;
  /** What the viewer may do with it (issue 26): in REST answers, absent from pushes. */
  viewerActions?: BookingRequestViewerActions;
}

/** One approved compliance document of a carrier, as a booking request shows it. */
export interface CarrierDocumentDto {
  documentType: string;
  label: string;
  expirationDate: string | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Rate offers and negotiations (calls 11, 26, 28).

export type NegotiationStatus = (typeof NEGOTIATION_STATUSES)[number];

const money = (message = 'Required') =>
  z.preprocess(
    (v) => (isBlank(v) ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ message }).min(0, 'Number must be greater than or equal to 0').max(100_000_000),
  );

/** The rate offer a carrier sends (SPEC §3, §5). Without expiresAt the offer is valid for the default 24 hours. */
export const rateOfferSchema = z.object({
  proposedRate: money(),
  proposedRatePerMile: optionalNumber(
    z.number().min(0, 'Number must be greater than or equal to 0').max(1_000_000),
  ),
  message: optionalText(5000),
  expiresAt: z
    .preprocess(
      (v) => (isBlank(v) ? undefined : v),
      z.iso.datetime({ offset: true, message: 'Expected an ISO date-time' }).optional(),
    )
    .refine((s) => s === undefined || Date.parse(s) > Date.now(), 'expiresAt must be in the future')
    .refine((s) => s === undefined || isDateInRange(Date.parse(s)), DATE_RANGE_MESSAGE),
});
export type RateOfferInput = z.input<typeof rateOfferSchema>;

/** The expiry a validity choice gives (6, 12, 24, 48 or 72 hours from now). */
export function offerExpiry(hours: number = DEFAULT_OFFER_VALIDITY_HOURS, from: Date = new Date()): string {
  return new Date(from.getTime() + hours * 3_600_000).toISOString();
}

/** The longest message a counter may carry. */
export const NEGOTIATION_MESSAGE_MAX = 1000;

/** Accept (with the offer's version, see offerVersionSchema) or, with counterRate, counter (SPEC §7 call 28). */
export const negotiationActionSchema = z.object({
  counterRate: optionalNumber(
    z.number().min(0, 'Number must be greater than or equal to 0').max(100_000_000),
  ),
  message: optionalText(NEGOTIATION_MESSAGE_MAX),
});
/**
 * A round of a negotiation (issue 39): either side counters the other's last figure, on its turn, with an optional
 * message. `version` (optional for older clients; the web always sends it): the version of the offer the counter
 * answers; a counter of a figure that changed meanwhile is refused with 409, like an accept.
 */
export const counterOfferSchema = z.object({
  counterRate: money('counterRate is required'),
  message: optionalText(NEGOTIATION_MESSAGE_MAX),
  version: optionalNumber(z.number().int().min(1)),
});
/**
 * What an accept (of an offer or of a counter offer) carries: the version of the offer the acceptor saw
 * (NegotiationDto.version). An offer revised meanwhile is not accepted: 409, with the current offer in `details`.
 */
export const offerVersionSchema = z.object({
  version: z.coerce
    .number({ message: 'version is required: send the version of the offer you accept' })
    .int()
    .min(1),
});
/** The carrier revises its pending offer (a new version of it). */
export const reviseOfferSchema = rateOfferSchema.pick({
  proposedRate: true,
  proposedRatePerMile: true,
  message: true,
});

/** One round of a negotiation: the carrier's offer, revision or counter, or the broker's (poster's) counter. */
export interface NegotiationStep {
  by: 'carrier' | 'broker';
  rate: number;
  /** What its side wrote with it; null without one. */
  message: string | null;
  at: string;
}

export interface NegotiationDto {
  id: string;
  freightListingId: string;
  carrierId: string;
  brokerId: string;
  /** The carrier's and the poster's companies as the offer records them (see FreightListingDto.companyId). */
  carrierCompanyId?: string | null;
  brokerCompanyId?: string | null;
  proposedRate: number;
  proposedRatePerMile: number | null;
  counterRate: number | null;
  /** Grows with every change of the rates (revision, counter); an accept names the version it accepts. */
  version: number;
  /** The offers and counters in the order they were made (the first is the carrier's offer). */
  history: NegotiationStep[];
  /**
   * The posted truck the load's poster offered this load to (issue 29), else null: then the offer is the poster's,
   * waiting on the carrier's answer, and its rate is the counter.
   */
  truckPostId?: string | null;
  status: NegotiationStatus;
  message: string | null;
  expiresAt: string | null;
  respondedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Display fields (second queries, no join). */
  freightTitle: string | null;
  freightOrigin: string | null;
  freightDestination: string | null;
  /** The rate the load was posted at (an accepted offer changes the load's rate, not this). */
  freightRate: number | null;
  freightStatus: FreightStatus | null;
  carrierName: string | null;
  carrierCompany: string | null;
  carrierMcNumber: string | null;
  carrierUsdotNumber: string | null;
  /** The requester's account type: MC and USDOT lines are shown only where they apply (issue 39). */
  carrierUserType: UserType | null;
  /** Who answers the offer (the load's broker or, without one, its poster): their company, else their name. */
  brokerName?: string | null;
  /** Why the offer was closed without an answer of its own (the load withdrawn or booked elsewhere); else null. */
  closedReason: string | null;
  /** What the viewer may do with it (issue 26): in REST answers, absent from pushes. */
  viewerActions?: NegotiationViewerActions;
}

// ---------------------------------------------------------------------------------------------------------------
// Broker Hub (calls 25, 27).

export const addShipperSchema = z.object({
  shipperEmail: z.string({ message: 'Required' }).trim().toLowerCase().email('Enter a valid email address'),
  creditLimit: optionalNumber(
    z.number().min(0, 'Number must be greater than or equal to 0').max(10_000_000_000),
  ),
  paymentTerms: optionalText(100),
});
export type AddShipperInput = z.input<typeof addShipperSchema>;
export const PAYMENT_TERMS = ['Net 15', 'Net 30', 'Net 45', 'Net 60', 'Quick Pay', 'COD'] as const;

export interface BrokerShipperDto {
  id: string;
  brokerId: string;
  shipperId: string;
  isActive: boolean;
  creditLimit: number | null;
  paymentTerms: string | null;
  createdAt: string;
  updatedAt: string;
  shipperName: string;
  shipperEmail: string;
  shipperCompany: string | null;
  shipperPhone: string | null;
}

/**
 * A broker's invitation to a shipper (issue #12): the broker sees only the email they typed, and 'pending' until the
 * shipper accepts (a decline looks the same to them), so it never tells whether the email has an account.
 */
export interface BrokerInvitationDto {
  id: string;
  email: string;
  status: 'pending' | 'accepted';
  creditLimit: number | null;
  paymentTerms: string | null;
  createdAt: string;
}

/** An invitation as the invited shipper sees it: who invites them and on what terms. */
export interface ShipperInvitationDto {
  id: string;
  brokerName: string;
  brokerCompany: string | null;
  creditLimit: number | null;
  paymentTerms: string | null;
  createdAt: string;
}

export interface BrokerStatsDto {
  activeLoads: number;
  pendingNegotiations: number;
  activeShippers: number;
  inTransit: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Saved searches with alerts.

/** The board filters a saved search keeps (the board's own fields and parsing). */
export const savedSearchFiltersSchema = z
  .object(boardFilterFields)
  .pick({
    originCity: true,
    originState: true,
    destinationCity: true,
    destinationState: true,
    equipmentType: true,
    weightClass: true,
    minRate: true,
    maxRate: true,
    pickupDateStart: true,
    pickupDateEnd: true,
    radius: true,
    lat: true,
    lng: true,
    destinationLat: true,
    destinationLng: true,
    destinationRadius: true,
    originStates: true,
    destinationStates: true,
    equipmentTypes: true,
    minRatePerMile: true,
    maxWeight: true,
    maxLength: true,
  })
  .extend({
    /** The searched origin's name ("Dallas, TX"), for the alert's words; it filters nothing. */
    originPlace: z.preprocess((v) => (isBlank(v) ? undefined : v), z.string().trim().max(80).optional()),
    /** The searched destination's name, for the saved list's words; it filters nothing either. */
    destinationPlace: z.preprocess((v) => (isBlank(v) ? undefined : v), z.string().trim().max(80).optional()),
  });
export type SavedSearchFilters = z.output<typeof savedSearchFiltersSchema>;

export const SAVED_SEARCH_NEEDS_FILTER =
  'Set at least one filter (a place, equipment, weight, rate or pickup date) before saving a search: a search without one would alert you about every load posted.';

/** Whether saved-search filters narrow anything down (the radius alone does not). */
export function hasSavedSearchFilter(filters: Partial<Record<string, unknown>>): boolean {
  return Object.entries(filters).some(
    ([key, value]) =>
      !NOT_A_FILTER.has(key) && value !== undefined && value !== null && String(value).trim() !== '',
  );
}
/** Saved-search fields that narrow nothing alone: the radii (without their point) and the origin's name. */
const NOT_A_FILTER: ReadonlySet<string> = new Set([
  'radius',
  'destinationRadius',
  'originPlace',
  'destinationPlace',
]);

export const savedSearchSchema = z.object({
  name: z.string({ message: 'Required' }).trim().min(1, 'Required').max(100),
  filters: savedSearchFiltersSchema.refine(hasSavedSearchFilter, SAVED_SEARCH_NEEDS_FILTER),
  alertsEnabled: z.boolean().default(true),
});
export type SavedSearchInput = z.input<typeof savedSearchSchema>;
export const savedSearchUpdateSchema = z.object({
  name: z.string().trim().min(1, 'Required').max(100).optional(),
  alertsEnabled: z.boolean().optional(),
});

export interface SavedSearchDto {
  id: string;
  userId: string;
  name: string;
  filters: SavedSearchFilters;
  alertsEnabled: boolean;
  createdAt: string;
  updatedAt: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Socket events (DESIGN §1).

export interface FreightEvents {
  /** A load was posted (to the sockets whose open boards' filters show it, matched on the server). */
  'freight:posted': (payload: { listing: FreightListingDto }) => void;
  /** A load a board shows changed (same matching; the viewer's own loads on any status but cancelled). */
  'freight:updated': (payload: { listing: FreightListingDto }) => void;
  /** A load the board could show left it: it stopped matching the board's filters or is no longer open. */
  'freight:removed': (payload: { id: string }) => void;
  /** A carrier asked to book one of the user's loads (room `user:<shipper/broker>`). */
  'booking:requested': (payload: { request: BookingRequestDto }) => void;
  /** The carrier's request was approved or rejected (room `user:<carrier>`; also to the poster's other tabs). */
  'booking:reviewed': (payload: { request: BookingRequestDto; listing: FreightListingDto | null }) => void;
  /** A carrier made an offer (rooms `user:<broker>`, `user:<carrier>`). */
  'negotiation:created': (payload: { negotiation: NegotiationDto }) => void;
  /** An offer was accepted, rejected, countered or expired (rooms `user:<broker>`, `user:<carrier>`). */
  'negotiation:updated': (payload: {
    negotiation: NegotiationDto;
    listing: FreightListingDto | null;
  }) => void;
}

export type LoadboardJoinPayload = Record<string, never>;

/** Names a board in one tab (the road board and the air marketplace can be open together). */
export const BOARD_NAMES = ['road', 'air'] as const;
export type BoardName = (typeof BOARD_NAMES)[number];

/**
 * `loadboard:filters`: the filters of a board open in this tab, as query parameters (filtersToQuery's output, plus
 * equipmentType for the air marketplace). The server then pushes this socket only what the board can show.
 */
export const loadboardFiltersPayloadSchema = z.object({
  board: z.enum(BOARD_NAMES),
  filters: z.record(z.string(), z.string().max(200)).default({}),
});
export type LoadboardFiltersPayload = z.input<typeof loadboardFiltersPayloadSchema>;
export const loadboardLeavePayloadSchema = z.union([
  z.object({ board: z.enum(BOARD_NAMES).optional() }),
  z.undefined(),
  z.null(),
]);
export type LoadboardLeavePayload = { board?: BoardName } | LoadboardJoinPayload;

export interface FreightClientEvents {
  /** The road board with no filters (same as `loadboard:filters` with board 'road' and no filters). */
  'loadboard:join': (payload: LoadboardJoinPayload, ack: (res: Ack<{ room: string }>) => void) => void;
  /** Sets (or replaces) a board's filters; the ack echoes the board. */
  'loadboard:filters': (
    payload: LoadboardFiltersPayload,
    ack: (res: Ack<{ board: BoardName }>) => void,
  ) => void;
  /** Closes one board (or, without a board, every board of the socket). */
  'loadboard:leave': (payload: LoadboardLeavePayload, ack: (res: Ack<{ room: string }>) => void) => void;
}

/** Rate per mile as the cards show it: rate / distance, 2 decimals (null when either is missing). */
export function ratePerMileOf(
  rate: number | null | undefined,
  distance: number | null | undefined,
): number | null {
  if (rate == null || distance == null || distance <= 0) return null;
  return Math.round((rate / distance) * 100) / 100;
}
