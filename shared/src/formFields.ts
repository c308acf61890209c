// The form fields small shipments and driver routes share: form strings or JSON values, blanks as absent.
// Internal to the shared package (not re-exported from index.ts).
import { z } from 'zod';
import { dateInput } from './dates';
import { US_STATES } from './enums';

export const emptyToUndefined = (v: unknown) =>
  v === '' || v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? undefined : v;
const toNumber = (v: unknown) => {
  const e = emptyToUndefined(v);
  return typeof e === 'string' ? Number(e) : e;
};
const numberError = (iss: { input: unknown }) =>
  iss.input === undefined
    ? 'Required'
    : `Expected number, received ${Number.isNaN(iss.input) ? 'nan' : typeof iss.input}`;

/** A required positive amount (form strings or numbers). */
export const positiveNumber = z.preprocess(
  toNumber,
  z.number({ error: numberError }).positive('Number must be greater than 0').max(10_000_000),
);
export const optionalPositiveNumber = z.preprocess(
  toNumber,
  z.number({ error: numberError }).positive('Number must be greater than 0').max(10_000_000).optional(),
);
export const requiredText = (max = 200) => z.string({ error: 'Required' }).trim().min(1, 'Required').max(max);
export const optionalText = (max = 2000) =>
  z.preprocess(emptyToUndefined, z.string({ error: 'Expected string' }).trim().max(max).optional());
export const usState = z.enum(US_STATES, { error: 'Required' });
export const optionalDate = z.preprocess(emptyToUndefined, dateInput('Expected date').optional());
export const optionalTime = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM')
    .optional(),
);
export const bool = z
  .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean())
  .default(false);
