// Input helpers of the load schemas (freight.ts, loadPosting.ts): forms send '' or null for an empty input; both mean
// "not given". Not exported from the package (formFields.ts has the forms' own optionalText).
import { z } from 'zod';
import { dateInput } from './dates';

export const isBlank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Optional text: '' and null become null. */
export const nullableText = (max: number) =>
  z.preprocess((v) => (isBlank(v) ? null : v), z.string().trim().max(max).nullable()).optional();

/** Optional number (a numeric string is accepted): '' and null become null. */
export const nullableNumber = (schema: z.ZodNumber) =>
  z
    .preprocess((v) => (isBlank(v) ? null : typeof v === 'string' ? Number(v) : v), schema.nullable())
    .optional();

/** 'YYYY-MM-DD' or a full ISO date-time within the sane range (dates.ts); '' and null become null. */
export const nullableDate = z.preprocess((v) => (isBlank(v) ? null : v), dateInput().nullable()).optional();
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
export const nullableTime = z
  .preprocess((v) => (isBlank(v) ? null : v), z.string().regex(TIME_RE, 'Expected a time (HH:MM)').nullable())
  .optional();
