// A load's accessorial terms (issue 41, slice 1; docs/detention.md): free time at each stop, detention, layover and
// truck ordered not used (TONU). Stored on the load in integer cents (`accessorialTerms`), spoken in dollars by the
// API (AccessorialTermsDto). The pure helpers below bill them; the geofence clock, claims and invoice lines of the
// later slices read the load's stored terms through `accessorialTermsOf` and bill with these.
import { formatUsd } from './money';

/** Detention is billed in steps of this many minutes after the free time (a part step counts as a whole one). */
export const DETENTION_BILLING_STEP_MINUTES = 15;

/** The terms as stored on the load: money in integer cents. */
export interface AccessorialTerms {
  /** Free time at each stop (pickup, delivery and every stop in between), in minutes. */
  freeTimeMinutes: number;
  /** Detention per hour after the free time, in cents. */
  detentionCentsPerHour: number;
  /** The billing step in minutes: DETENTION_BILLING_STEP_MINUTES when the load was posted (kept with the load). */
  billingStepMinutes: number;
  /** Layover per night, in cents. */
  layoverCentsPerNight: number;
  /** Truck ordered not used: a base fee plus an amount per mile of deadhead to the pickup, in cents. */
  tonuBaseCents: number;
  tonuCentsPerMile: number;
}

/** The terms as the API shows them: dollars (2 decimals), minutes. */
export interface AccessorialTermsDto {
  freeTimeMinutes: number;
  detentionPerHour: number;
  billingStepMinutes: number;
  layoverPerNight: number;
  tonuBase: number;
  tonuPerMile: number;
}

/** The defaults: 2 h free at each stop, $75/h detention, $300/night layover, TONU $200 + $2/mile. */
export const DEFAULT_ACCESSORIAL_TERMS: Readonly<AccessorialTerms> = Object.freeze({
  freeTimeMinutes: 120,
  detentionCentsPerHour: 7_500,
  billingStepMinutes: DETENTION_BILLING_STEP_MINUTES,
  layoverCentsPerNight: 30_000,
  tonuBaseCents: 20_000,
  tonuCentsPerMile: 200,
});

/**
 * The limits a posting or an edit is held to (dollars and minutes, as the API speaks): free time up to 24 hours,
 * detention up to $1,000 an hour, layover up to $5,000 a night, TONU up to $5,000 plus up to $20 a mile.
 */
export const ACCESSORIAL_TERMS_LIMITS = {
  freeTimeMinutes: 24 * 60,
  detentionPerHour: 1_000,
  layoverPerNight: 5_000,
  tonuBase: 5_000,
  tonuPerMile: 20,
} as const;

const cents = (dollars: number) => Math.round(dollars * 100);
const dollars = (c: number) => Math.round(c) / 100;

/** A load's terms: the stored ones, or the defaults for a load posted before terms were kept (docs/detention.md). */
export function accessorialTermsOf(stored: Partial<AccessorialTerms> | null | undefined): AccessorialTerms {
  const terms = { ...DEFAULT_ACCESSORIAL_TERMS };
  if (!stored) return terms;
  for (const key of Object.keys(terms) as (keyof AccessorialTerms)[]) {
    const v = stored[key];
    if (typeof v === 'number' && Number.isFinite(v)) terms[key] = v;
  }
  return terms;
}

export function toAccessorialTermsDto(t: AccessorialTerms): AccessorialTermsDto {
  return {
    freeTimeMinutes: t.freeTimeMinutes,
    detentionPerHour: dollars(t.detentionCentsPerHour),
    billingStepMinutes: t.billingStepMinutes,
    layoverPerNight: dollars(t.layoverCentsPerNight),
    tonuBase: dollars(t.tonuBaseCents),
    tonuPerMile: dollars(t.tonuCentsPerMile),
  };
}

/** The terms a listing shows (dollars) back in cents, for the lines below; none (an older copy): the defaults. */
export function fromAccessorialTermsDto(d: AccessorialTermsDto | null | undefined): AccessorialTerms {
  if (!d) return { ...DEFAULT_ACCESSORIAL_TERMS };
  return {
    freeTimeMinutes: d.freeTimeMinutes,
    detentionCentsPerHour: cents(d.detentionPerHour),
    billingStepMinutes: d.billingStepMinutes,
    layoverCentsPerNight: cents(d.layoverPerNight),
    tonuBaseCents: cents(d.tonuBase),
    tonuCentsPerMile: cents(d.tonuPerMile),
  };
}

/** Terms given in dollars (any subset), laid over `base` (the defaults, or the load's for an edit), in cents. */
export function accessorialTermsFromInput(
  input: { [K in Exclude<keyof AccessorialTermsDto, 'billingStepMinutes'>]?: number | null },
  base: AccessorialTerms = DEFAULT_ACCESSORIAL_TERMS,
): AccessorialTerms {
  return {
    freeTimeMinutes: input.freeTimeMinutes ?? base.freeTimeMinutes,
    detentionCentsPerHour:
      input.detentionPerHour != null ? cents(input.detentionPerHour) : base.detentionCentsPerHour,
    billingStepMinutes: base.billingStepMinutes,
    layoverCentsPerNight:
      input.layoverPerNight != null ? cents(input.layoverPerNight) : base.layoverCentsPerNight,
    tonuBaseCents: input.tonuBase != null ? cents(input.tonuBase) : base.tonuBaseCents,
    tonuCentsPerMile: input.tonuPerMile != null ? cents(input.tonuPerMile) : base.tonuCentsPerMile,
  };
}

/**
 * The billable detention minutes of one stop: the dwell past the free time, rounded UP to the next billing step
 * (1 minute over bills one 15-minute step). 0 within the free time; a negative or non-finite dwell is 0.
 */
export function detentionBillableMinutes(dwellMinutes: number, terms: AccessorialTerms): number {
  if (!Number.isFinite(dwellMinutes)) return 0;
  const over = dwellMinutes - terms.freeTimeMinutes;
  if (over <= 0) return 0;
  const step = terms.billingStepMinutes > 0 ? terms.billingStepMinutes : DETENTION_BILLING_STEP_MINUTES;
  return Math.ceil(over / step) * step;
}

/** Detention at one stop, in cents: the billable minutes at the hourly rate, rounded to the nearest cent. */
export function detentionCents(dwellMinutes: number, terms: AccessorialTerms): number {
  return Math.round((detentionBillableMinutes(dwellMinutes, terms) * terms.detentionCentsPerHour) / 60);
}

/** Layover in cents for whole nights (a part night is not billed; fewer than 0 is 0). */
export function layoverCents(nights: number, terms: AccessorialTerms): number {
  if (!Number.isFinite(nights) || nights <= 0) return 0;
  return Math.floor(nights) * terms.layoverCentsPerNight;
}

/**
 * Truck ordered not used, in cents: the base fee plus the per-mile amount for the deadhead to the pickup (miles as
 * measured, to the cent; a negative or unknown distance counts as none).
 */
export function tonuCents(deadheadMiles: number | null | undefined, terms: AccessorialTerms): number {
  const miles =
    deadheadMiles != null && Number.isFinite(deadheadMiles) && deadheadMiles > 0 ? deadheadMiles : 0;
  return terms.tonuBaseCents + Math.round(miles * terms.tonuCentsPerMile);
}

/** Minutes as people read them: '2 h', '90 min', '2 h 30 min'. */
export function freeTimeText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return `${m} min`;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/** Each term as a line, for the load page and the rate confirmation. */
export function accessorialTermLines(t: AccessorialTerms): { label: string; text: string }[] {
  return [
    { label: 'Free time', text: `${freeTimeText(t.freeTimeMinutes)} at each stop` },
    {
      label: 'Detention',
      text: `${formatUsd(t.detentionCentsPerHour / 100)} per hour after the free time, billed in ${t.billingStepMinutes}-minute steps`,
    },
    { label: 'Layover', text: `${formatUsd(t.layoverCentsPerNight / 100)} per night` },
    {
      label: 'TONU',
      text: `${formatUsd(t.tonuBaseCents / 100)} plus ${formatUsd(t.tonuCentsPerMile / 100)} per mile of deadhead to the pickup`,
    },
  ];
}
