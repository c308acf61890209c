import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';
import { dateInput, parseCalendarDate } from './dates';
import { US_STATES, boardEquipment } from './enums';
import { TRUCK_KINDS, truckFitsLoad, type TruckKind } from './fleet';
import { haversineMiles } from './geo';

/**
 * Posted trucks (issue 29, item 6): a carrier posts an empty truck (where and when, what it takes, where it wants to
 * go, the rate per mile it asks); brokers and shippers search them on the Trucks board; a posted truck and an open
 * load that match alert both sides, and the load's poster can offer the load to the truck's carrier.
 */

export const TRUCK_POST_STATUSES = ['active', 'withdrawn', 'expired'] as const;
export type TruckPostStatus = (typeof TRUCK_POST_STATUSES)[number];

/** Active posts a carrier company may keep at once without an active Pro plan (Pro: unlimited). */
export const TRUCK_POSTS_BASIC = 3;
/** How far ahead a truck may be posted, and how long one post may run. */
export const TRUCK_POST_MAX_DAYS_AHEAD = 60;
export const TRUCK_POST_MAX_SPAN_DAYS = 14;
/** The pickup radius a post gets when it names none (miles of deadhead to a load's origin). */
export const DEFAULT_TRUCK_PICKUP_RADIUS = 100;
/** The Trucks board's search radius when a place is given without one. */
export const DEFAULT_TRUCK_SEARCH_RADIUS = 100;

const DAY_MS = 24 * 60 * 60 * 1000;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (isBlank(v) ? null : v), schema.nullable()).optional();
const numeric = (schema: z.ZodNumber) =>
  z.preprocess((v) => (isBlank(v) ? null : typeof v === 'string' ? Number(v) : v), schema.nullable());

/**
 * The instant a post stops showing: the end of its last available day on the Pacific coast (08:00 UTC the next day),
 * so a truck is not taken down while it is still that day anywhere in the mainland US.
 */
export function truckPostExpiry(availableTo: string): Date {
  const day = parseCalendarDate(availableTo);
  if (!day) throw new Error(`not a date: ${availableTo}`);
  return new Date(day.getTime() + DAY_MS + 8 * 60 * 60 * 1000);
}

/** Today's calendar date in UTC (YYYY-MM-DD). */
const todayOf = (now: Date) => now.toISOString().slice(0, 10);

const truckPostFields = {
  originCity: z.string({ error: 'Required' }).trim().min(1, 'Required').max(80, 'At most 80 characters'),
  originState: z
    .string({ error: 'Required' })
    .trim()
    .toUpperCase()
    .pipe(z.enum(US_STATES, { error: 'Use a two-letter US state code, e.g. NV' })),
  /** The place's coordinates as the place picker gives them; looked up from the city when missing. */
  originLat: numeric(z.number().min(-90).max(90)).optional(),
  originLng: numeric(z.number().min(-180).max(180)).optional(),
  /** YYYY-MM-DD: the first and last day the truck is empty there. */
  availableFrom: dateInput('Give the first day the truck is available'),
  availableTo: dateInput('Give the last day the truck is available'),
  equipmentType: z.preprocess(
    (v) => (typeof v === 'string' ? boardEquipment(v) : v),
    z.enum(TRUCK_KINDS, { error: 'Choose the equipment' }),
  ),
  /** Trailer length in feet. */
  length: numeric(z.number().int('Whole feet').min(10, 'At least 10 ft').max(60, 'At most 60 ft')).optional(),
  /** The most it can take, in pounds. */
  maxWeight: numeric(
    z.number().int('Whole pounds').min(100, 'At least 100 lbs').max(80_000, 'At most 80,000 lbs'),
  ).optional(),
  /** How far it will drive empty to a load's origin (miles). */
  pickupRadius: numeric(
    z.number().int('Whole miles').min(10, 'At least 10 miles').max(500, 'At most 500 miles'),
  ).optional(),
  /** Where it wants to go: any of these states, or within `destinationRadius` miles of its empty place. */
  destinationStates: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .pipe(z.enum(US_STATES, { error: 'Use two-letter US state codes' })),
    )
    .max(20, 'At most 20 states')
    .optional(),
  destinationRadius: numeric(
    z.number().int('Whole miles').min(25, 'At least 25 miles').max(3000, 'At most 3,000 miles'),
  ).optional(),
  /** Dollars per mile asked. */
  ratePerMile: numeric(
    z.number().positive('Must be more than $0').max(50, 'At most $50 per mile'),
  ).optional(),
  comments: optional(z.string().trim().max(500, 'At most 500 characters')),
};

interface DatesAndDestination {
  availableFrom?: string;
  availableTo?: string;
  destinationStates?: string[] | null;
  destinationRadius?: number | null;
}

/**
 * The rules across fields, for a new post and for an edit merged with the post it changes: the last day not before
 * the first nor in the past, at most TRUCK_POST_MAX_DAYS_AHEAD ahead and TRUCK_POST_MAX_SPAN_DAYS long; where it
 * wants to go is states or a radius, not both.
 */
export function truckPostIssues(
  v: DatesAndDestination,
  now = new Date(),
): Array<{ path: string; message: string }> {
  const issues: Array<{ path: string; message: string }> = [];
  const from = v.availableFrom ? parseCalendarDate(v.availableFrom) : null;
  const to = v.availableTo ? parseCalendarDate(v.availableTo) : null;
  const today = parseCalendarDate(todayOf(now))!;
  if (from && to) {
    if (to < from)
      issues.push({ path: 'availableTo', message: 'The last day cannot be before the first day' });
    else if ((to.getTime() - from.getTime()) / DAY_MS > TRUCK_POST_MAX_SPAN_DAYS)
      issues.push({
        path: 'availableTo',
        message: `A post covers at most ${TRUCK_POST_MAX_SPAN_DAYS} days; post the truck again for later dates`,
      });
  }
  if (to && to.getTime() + DAY_MS < today.getTime())
    issues.push({ path: 'availableTo', message: 'The last available day has passed' });
  if (from && (from.getTime() - today.getTime()) / DAY_MS > TRUCK_POST_MAX_DAYS_AHEAD)
    issues.push({
      path: 'availableFrom',
      message: `Post a truck at most ${TRUCK_POST_MAX_DAYS_AHEAD} days ahead`,
    });
  if (v.destinationStates?.length && v.destinationRadius != null)
    issues.push({
      path: 'destinationRadius',
      message: 'Give destination states or a radius, not both',
    });
  return issues;
}

const withIssues =
  (now?: () => Date) =>
  (v: DatesAndDestination, ctx: z.RefinementCtx): void => {
    for (const issue of truckPostIssues(v, now?.()))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  };

export const truckPostInputSchema = z
  .object(truckPostFields)
  .superRefine(withIssues())
  .meta({ id: 'TruckPostInput' });
export type TruckPostInput = z.input<typeof truckPostInputSchema>;
export type TruckPostData = z.output<typeof truckPostInputSchema>;

/** An edit: any field; the service checks the cross-field rules on the merged post. */
export const truckPostUpdateSchema = z
  .object(truckPostFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to change')
  .meta({ id: 'TruckPostUpdate' });
export type TruckPostUpdate = z.output<typeof truckPostUpdateSchema>;

const queryText = (max = 100) =>
  z.preprocess((v) => (isBlank(v) ? undefined : v), z.string().trim().max(max).optional());
const queryNumber = (schema: z.ZodNumber) =>
  z.preprocess((v) => (isBlank(v) ? undefined : Number(v)), schema.optional());
const queryDate = z.preprocess((v) => (isBlank(v) ? undefined : v), dateInput().optional());

/** The Trucks board's filters (every one optional), shared by GET /api/truck-posts and GET /api/v1/truck-posts. */
export const truckPostSearchFields = {
  /** A US place ("Elko, NV" or a ZIP): trucks empty within `radius` miles of it. */
  origin: queryText(80),
  lat: queryNumber(z.number().min(-90).max(90)),
  lng: queryNumber(z.number().min(-180).max(180)),
  radius: queryNumber(z.number().positive('radius: more than 0 miles').max(500, 'radius: at most 500 miles')),
  /** Trucks available on some day between these dates (YYYY-MM-DD). */
  availableFrom: queryDate,
  availableTo: queryDate,
  equipmentType: z.preprocess(
    (v) => (isBlank(v) ? undefined : typeof v === 'string' ? boardEquipment(v) : v),
    z.enum(TRUCK_KINDS, { error: 'equipmentType: not a truck kind' }).optional(),
  ),
  /** A destination state the truck is willing to go to. */
  destinationState: z.preprocess(
    (v) => (isBlank(v) ? undefined : typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.enum(US_STATES, { error: 'destinationState: a two-letter US state code' }).optional(),
  ),
};

export function truckPostSearchIssues(
  q: { lat?: number; lng?: number; availableFrom?: string; availableTo?: string },
  ctx: z.RefinementCtx,
): void {
  if ((q.lat === undefined) !== (q.lng === undefined))
    ctx.addIssue({ code: 'custom', path: ['lat'], message: 'Give both lat and lng' });
  if (q.availableFrom && q.availableTo && q.availableTo < q.availableFrom)
    ctx.addIssue({ code: 'custom', path: ['availableTo'], message: 'availableTo is before availableFrom' });
}

/** GET /api/truck-posts: the Trucks board's search, paged. */
export const truckPostSearchSchema = z
  .object({
    ...truckPostSearchFields,
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  })
  .superRefine(truckPostSearchIssues);
export type TruckPostSearchQuery = z.output<typeof truckPostSearchSchema>;

/** "My Truck Posts": the company's posts, newest first; `status` narrows. */
export const myTruckPostsSchema = z.object({
  status: z.preprocess((v) => (isBlank(v) ? undefined : v), z.enum(TRUCK_POST_STATUSES).optional()),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

/** The poster of an open load offers it to a posted truck's carrier, at a rate (dollars, the whole load). */
export const offerLoadToTruckSchema = z
  .object({
    loadId: z.string({ error: 'Choose a load' }).regex(/^[a-f0-9]{24}$/i, 'Choose a load'),
    rate: z.coerce.number({ error: 'Give a rate' }).positive('The rate must be more than $0').max(1_000_000),
    message: optional(z.string().trim().max(500, 'At most 500 characters')),
  })
  .meta({ id: 'TruckLoadOffer' });
export type OfferLoadToTruckInput = z.input<typeof offerLoadToTruckSchema>;

/** What the viewer may do with a post (from the server's policies). */
export interface TruckPostViewerActions {
  edit?: true;
  withdraw?: true;
  /** Offer one of the viewer's open loads to the truck's carrier. */
  offerLoad?: true;
}

export interface TruckPostDto {
  id: string;
  carrierId: string;
  carrierCompanyId: string | null;
  carrierName: string | null;
  carrierMcNumber: string | null;
  status: TruckPostStatus;
  originCity: string;
  originState: string;
  originLat: number | null;
  originLng: number | null;
  availableFrom: string;
  availableTo: string;
  /** When it leaves the board (the end of availableTo). */
  expiresAt: string;
  equipmentType: TruckKind;
  length: number | null;
  maxWeight: number | null;
  pickupRadius: number;
  destinationStates: string[];
  destinationRadius: number | null;
  ratePerMile: number | null;
  comments: string | null;
  createdAt: string;
  updatedAt: string;
  /** Miles from the searched place (board searches with a place only). */
  distanceMiles?: number;
  viewerActions?: TruckPostViewerActions;
}

export interface TruckPostPage {
  items: TruckPostDto[];
  page: number;
  pageSize: number;
  total: number;
}

/** The parts of a load a match looks at. */
export interface MatchableLoad {
  status?: string | null;
  equipmentType: string;
  originLat: number | null;
  originLng: number | null;
  destinationState: string;
  destinationLat: number | null;
  destinationLng: number | null;
  pickupDate: string | null;
  deliveryDate?: string | null;
  weight?: number | null;
  equipmentLength?: number | null;
}

/**
 * Whether a posted truck and an open load match: the load's origin within the truck's pickup radius of where it is
 * empty, the pickup day within its available days (a load without a pickup date matches any), the equipment fits,
 * the load's destination in the truck's wanted states or radius (a post naming neither goes anywhere), and the load
 * not known to be heavier or longer than the truck takes.
 */
export function truckPostMatchesLoad(
  post: Pick<
    TruckPostDto,
    | 'originLat'
    | 'originLng'
    | 'availableFrom'
    | 'availableTo'
    | 'equipmentType'
    | 'pickupRadius'
    | 'destinationStates'
    | 'destinationRadius'
    | 'maxWeight'
    | 'length'
  >,
  load: MatchableLoad,
): boolean {
  if ((load.status ?? 'available') !== 'available') return false;
  if (!truckFitsLoad(post.equipmentType, load.equipmentType)) return false;
  if (post.originLat == null || post.originLng == null || load.originLat == null || load.originLng == null)
    return false;
  if (haversineMiles(post.originLat, post.originLng, load.originLat, load.originLng) > post.pickupRadius)
    return false;
  if (load.pickupDate) {
    const day = load.pickupDate.slice(0, 10);
    if (day < post.availableFrom || day > post.availableTo) return false;
  }
  if (post.destinationStates.length && !post.destinationStates.includes(load.destinationState)) return false;
  if (post.destinationRadius != null) {
    if (load.destinationLat == null || load.destinationLng == null) return false;
    const miles = haversineMiles(post.originLat, post.originLng, load.destinationLat, load.destinationLng);
    if (miles > post.destinationRadius) return false;
  }
  if (post.maxWeight != null && load.weight != null && load.weight > post.maxWeight) return false;
  if (post.length != null && load.equipmentLength != null && load.equipmentLength > post.length) return false;
  return true;
}

/** Server → client (rooms `role:broker`, `role:shipper` and the carrier's party rooms). */
export interface TruckPostEvents {
  'truckPost:posted': (payload: { post: TruckPostDto }) => void;
  'truckPost:updated': (payload: { post: TruckPostDto }) => void;
  /** Withdrawn or expired: it leaves every board. */
  'truckPost:removed': (payload: { id: string; status: TruckPostStatus }) => void;
}

const nullableText = z.string().nullable();

/** A posted truck as the public API answers it (the same fields as TruckPostDto). */
export const v1TruckPostSchema = z
  .looseObject({
    id: z.string(),
    carrierId: z.string(),
    carrierCompanyId: nullableText,
    carrierName: nullableText,
    carrierMcNumber: nullableText,
    status: z.enum(TRUCK_POST_STATUSES),
    originCity: z.string(),
    originState: z.string(),
    originLat: z.number().nullable(),
    originLng: z.number().nullable(),
    availableFrom: z.string().describe('YYYY-MM-DD'),
    availableTo: z.string().describe('YYYY-MM-DD'),
    expiresAt: z.string().describe('When it leaves the board: the end of availableTo on the Pacific coast'),
    equipmentType: z.enum(TRUCK_KINDS),
    length: z.number().nullable(),
    maxWeight: z.number().nullable(),
    pickupRadius: z.number(),
    destinationStates: z.array(z.string()),
    destinationRadius: z.number().nullable(),
    ratePerMile: z.number().nullable(),
    comments: nullableText,
    distanceMiles: z.number().optional().describe('Miles from the searched place (searches with a place)'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'TruckPost' });
