import { z } from 'zod';

/**
 * Ratings both ways (issue 40, item 5): after delivery each side of a load rates the other once, an overall score
 * and three aspects. Both sides are rated on time and communication; the carrier (the party that hauled) on its
 * paperwork, the poster's side (the party that pays) on its payment. docs/ratings.md holds the decisions.
 */
export const RATING_ASPECTS = ['onTime', 'communication', 'paperwork', 'payment'] as const;
export type RatingAspect = (typeof RATING_ASPECTS)[number];

/** Which side of a load a party is: the carrier that hauled it, or the poster's side (the payer). */
export const RATING_SIDES = ['carrier', 'poster'] as const;
export type RatingSide = (typeof RATING_SIDES)[number];

/** The aspects a party of this side is rated on (by the other side). */
export const ASPECTS_OF_RATED_SIDE: Record<RatingSide, readonly RatingAspect[]> = {
  carrier: ['onTime', 'communication', 'paperwork'],
  poster: ['onTime', 'communication', 'payment'],
};

export const RATING_ASPECT_LABELS: Record<RatingAspect, string> = {
  onTime: 'On time',
  communication: 'Communication',
  paperwork: 'Paperwork',
  payment: 'Payment',
};

/** How long a rating may be changed after it was first given. */
export const RATING_EDIT_DAYS = 7;
export const RATING_COMMENT_MAX = 1000;
/** Below this many ratings no figure is shown ("New on FreightConnect"). */
export const RATING_MIN_COUNT_SHOWN = 3;
export const NEW_ON_PLATFORM_TEXT = 'New on FreightConnect';

const stars = z
  .number({ error: 'must be a whole number from 1 to 5' })
  .int('must be a whole number from 1 to 5')
  .min(1, 'must be from 1 to 5')
  .max(5, 'must be from 1 to 5');

/** What a rater sends (create and edit alike: an edit replaces the whole rating). */
export const ratingInputSchema = z.strictObject({
  overall: stars,
  aspects: z
    .strictObject({
      onTime: stars.optional(),
      communication: stars.optional(),
      paperwork: stars.optional(),
      payment: stars.optional(),
    })
    .default({}),
  comment: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z
        .string()
        .trim()
        .max(RATING_COMMENT_MAX, `must be at most ${RATING_COMMENT_MAX} characters`)
        .nullable(),
    )
    .default(null),
});
export type RatingInput = z.input<typeof ratingInputSchema>;
export type RatingValues = z.output<typeof ratingInputSchema>;
export type RatingAspectScores = RatingValues['aspects'];

/** What the viewer may do with a rating (sent with it, computed by the server's ratings policy). */
export interface RatingViewerActions {
  /** Change it: the rating side's raters, within RATING_EDIT_DAYS of when it was first given. */
  edit?: true;
}

export interface RatingDto {
  id: string;
  loadId: string;
  /** The rating party: a company's id, or the person's id when they have no company. */
  fromCompanyId: string;
  fromName: string;
  fromSide: RatingSide;
  toCompanyId: string;
  toName: string;
  overall: number;
  aspects: RatingAspectScores;
  comment: string | null;
  /** When it was first given (ISO); the edit window runs from here. */
  givenAt: string;
  /** Until when it may be changed (ISO). */
  editableUntil: string;
  updatedAt: string;
  version: number;
  viewerActions?: RatingViewerActions;
}

/** A company's ratings as the profile shows them. Averages are null below RATING_MIN_COUNT_SHOWN ratings. */
export interface RatingSummaryDto {
  companyId: string;
  count: number;
  average: number | null;
  /** How many ratings gave 1, 2, 3, 4 and 5 stars (index 0 is 1 star). */
  distribution: [number, number, number, number, number];
  aspects: Partial<Record<RatingAspect, { average: number | null; count: number }>>;
}

/**
 * Days-to-pay from the platform's own ledger (issue 40 item 4, docs/invoices.md): over the invoices a payer paid in
 * the last DAYS_TO_PAY_WINDOW_DAYS days, the average days from submission to payment (one decimal), how many it rests
 * on, and the share (0–1) paid by the due date. No figure below DAYS_TO_PAY_MIN_COUNT paid invoices.
 */
export interface DaysToPayDto {
  averageDays: number;
  onTimeShare: number;
  count: number;
}

export const DAYS_TO_PAY_WINDOW_DAYS = 90;
export const DAYS_TO_PAY_MIN_COUNT = 3;

/** "Pays in 18.3 days · 75% on time (4 invoices)" */
export const daysToPayText = (d: DaysToPayDto) =>
  `Pays in ${d.averageDays.toFixed(1)} days · ${Math.round(d.onTimeShare * 100)}% on time (${d.count} invoices)`;

/**
 * The small figures a load card carries for its poster's company: the rating's average is null below 3 ratings, and
 * `daysToPay` is absent below 3 paid invoices.
 */
export interface RatingBadgeDto {
  companyId: string;
  count: number;
  average: number | null;
  daysToPay?: DaysToPayDto;
}

/** A load's ratings as one of its sides sees them on the load's page. */
export interface LoadRatingsDto {
  /** The load's id (the web's detail store keys by it). */
  id: string;
  /** The viewer's side, and the party it rates (null: the viewer rates nothing on this load). */
  side: RatingSide | null;
  ratee: { companyId: string; name: string } | null;
  /** The viewer's side's rating of the other, and the other side's rating of the viewer's. */
  given: RatingDto | null;
  received: RatingDto | null;
  /** Whether the viewer may rate now (a delivered load, a rater's role, not rated yet). */
  canRate: boolean;
}

/** The public profile of a company (`GET /api/companies/:id/profile`); see docs/ratings.md for what is public. */
export interface CompanyProfileDto {
  id: string;
  name: string;
  type: string | null;
  mcNumber: string | null;
  usdotNumber: string | null;
  isVerified: boolean;
  /** The labels of the required documents that are approved and current (names only, never files). */
  verifiedDocuments: string[];
  rating: RatingSummaryDto;
  /** Delivered loads the company hauled or posted on the platform. */
  loadsMoved: number;
  memberSince: string;
  /** Days-to-pay from the platform's own ledger: null below 3 paid invoices (the page shows "New on FreightConnect"). */
  daysToPay: DaysToPayDto | null;
  /** Its quick pay promises as a payer that came due in the last 90 days; null when none did. */
  quickPayRecord: QuickPayRecordDto | null;
}

/** The quick pay promises a payer made that came due in the window: how many, and how many it missed. */
export interface QuickPayRecordDto {
  promises: number;
  missed: number;
}

/** "Kept all 4 quick pay promises (90 days)", "Missed 1 of 4 quick pay promises (90 days)" */
export const quickPayRecordText = (r: QuickPayRecordDto) =>
  r.missed === 0
    ? `Kept ${r.promises === 1 ? 'its quick pay promise' : `all ${r.promises} quick pay promises`} (${DAYS_TO_PAY_WINDOW_DAYS} days)`
    : `Missed ${r.missed} of ${r.promises} quick pay promise${r.promises === 1 ? '' : 's'} (${DAYS_TO_PAY_WINDOW_DAYS} days)`;

/** Server → client (the rated and the rating parties' rooms): a rating given or changed, with the new summary. */
export interface RatingEvents {
  'rating:changed': (payload: { rating: RatingDto; summary: RatingSummaryDto }) => void;
}

/** The average of a sum over a count, one decimal, or null below the count shown. */
export function ratingAverage(sum: number, count: number): number | null {
  return count >= RATING_MIN_COUNT_SHOWN ? Math.round((sum / count) * 10) / 10 : null;
}
