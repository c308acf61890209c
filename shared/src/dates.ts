import { z } from 'zod';

/**
 * Every date a user types (pickup and delivery dates, departure dates, board filters, document expiry, offer expiry)
 * lies in one sane range: 2000-01-01 through 2100-12-31 (UTC). JavaScript accepts "1" (the year 2001) and years up
 * to 275760; a date outside these bounds is a typo or a probe, never freight.
 */
export const DATE_MIN = '2000-01-01';
export const DATE_MAX = '2100-12-31';
const MIN_MS = Date.UTC(2000, 0, 1);
const MAX_MS = Date.UTC(2101, 0, 1) - 1;

export const DATE_RANGE_MESSAGE = `Enter a date between ${DATE_MIN} and ${DATE_MAX}`;

/** 'YYYY-MM-DD' or a full ISO date-time ('YYYY-MM-DDTHH:MM[:SS[.mmm]][Z|±HH:MM]'). */
export const DATE_INPUT_RE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** True when the instant (ms since epoch) lies within DATE_MIN..DATE_MAX. */
export function isDateInRange(ms: number): boolean {
  return Number.isFinite(ms) && ms >= MIN_MS && ms <= MAX_MS;
}

/**
 * The calendar date that starts `value` ('YYYY-MM-DD', or an ISO timestamp whose date part is taken) at 00:00 UTC,
 * or null when it is no real date (2025-02-30 is refused, where Date.parse would roll it over to March).
 */
export function parseCalendarDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value.trim());
  if (!m) return null;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (date.getUTCFullYear() !== Number(m[1]) || date.getUTCMonth() !== Number(m[2]) - 1) return null;
  if (date.getUTCDate() !== Number(m[3])) return null;
  return date;
}

/** Why a typed date is refused, or null when it is a real date within the range. */
export function dateInputIssue(value: string): string | null {
  if (!DATE_INPUT_RE.test(value)) return 'Expected a date (YYYY-MM-DD)';
  const day = parseCalendarDate(value);
  const ms = Date.parse(value);
  if (!day || Number.isNaN(ms)) return 'Invalid date';
  if (!isDateInRange(day.getTime()) || !isDateInRange(ms)) return DATE_RANGE_MESSAGE;
  return null;
}

/** A required date string ('YYYY-MM-DD' or ISO date-time), a real calendar date within DATE_MIN..DATE_MAX. */
export function dateInput(requiredMessage = 'Required') {
  return z
    .string({ error: requiredMessage })
    .trim()
    .superRefine((value, ctx) => {
      const issue = dateInputIssue(value);
      if (issue) ctx.addIssue({ code: 'custom', message: issue });
    });
}
