import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ACCESSORIAL_TERMS,
  DETENTION_BILLING_STEP_MINUTES,
  accessorialTermLines,
  accessorialTermsFromInput,
  accessorialTermsOf,
  detentionBillableMinutes,
  detentionCents,
  freeTimeText,
  layoverCents,
  toAccessorialTermsDto,
  tonuCents,
} from './accessorialTerms';
import { postLoadSchema, updateLoadSchema } from './loadPosting';

const defaults = DEFAULT_ACCESSORIAL_TERMS;

describe('accessorial terms (issue 41)', () => {
  it("has the issue's defaults: 2 h free, $75/h in 15-minute steps, $300/night, $200 + $2/mile", () => {
    expect(toAccessorialTermsDto(defaults)).toEqual({
      freeTimeMinutes: 120,
      detentionPerHour: 75,
      billingStepMinutes: 15,
      layoverPerNight: 300,
      tonuBase: 200,
      tonuPerMile: 2,
    });
    expect(DETENTION_BILLING_STEP_MINUTES).toBe(15);
  });

  it('reads a load without terms (posted before they were kept) as the defaults', () => {
    expect(accessorialTermsOf(undefined)).toEqual(defaults);
    expect(accessorialTermsOf(null)).toEqual(defaults);
    expect(accessorialTermsOf({ detentionCentsPerHour: 9000 })).toEqual({
      ...defaults,
      detentionCentsPerHour: 9000,
    });
  });

  it('bills detention after the free time, each part step rounded up to a whole 15 minutes', () => {
    expect(detentionCents(0, defaults)).toBe(0);
    expect(detentionCents(120, defaults)).toBe(0); // exactly the free time
    expect(detentionBillableMinutes(121, defaults)).toBe(15);
    expect(detentionCents(121, defaults)).toBe(1875); // one step: $75 / 4
    expect(detentionCents(135, defaults)).toBe(1875);
    expect(detentionCents(136, defaults)).toBe(3750);
    expect(detentionCents(180, defaults)).toBe(7500); // one hour over
    expect(detentionCents(-30, defaults)).toBe(0);
    expect(detentionCents(Number.NaN, defaults)).toBe(0);
  });

  it('rounds a part cent to the nearest cent, and bills from the first minute when there is no free time', () => {
    const odd = { ...defaults, freeTimeMinutes: 0, detentionCentsPerHour: 3333 };
    expect(detentionCents(1, odd)).toBe(833); // 15 minutes of $33.33/h = 833.25 cents
    expect(detentionCents(0, odd)).toBe(0);
  });

  it('bills TONU as the base plus the deadhead miles at the per-mile amount', () => {
    expect(tonuCents(0, defaults)).toBe(20_000);
    expect(tonuCents(null, defaults)).toBe(20_000);
    expect(tonuCents(-5, defaults)).toBe(20_000);
    expect(tonuCents(50, defaults)).toBe(30_000);
    expect(tonuCents(12.5, defaults)).toBe(22_500);
  });

  it('bills layover per whole night', () => {
    expect(layoverCents(0, defaults)).toBe(0);
    expect(layoverCents(1, defaults)).toBe(30_000);
    expect(layoverCents(2.9, defaults)).toBe(60_000);
  });

  it('lays dollars given over a base, in cents; the billing step is never an input', () => {
    expect(accessorialTermsFromInput({})).toEqual(defaults);
    const custom = accessorialTermsFromInput({
      detentionPerHour: 90.5,
      freeTimeMinutes: 60,
      tonuPerMile: null,
    });
    expect(custom).toEqual({ ...defaults, detentionCentsPerHour: 9050, freeTimeMinutes: 60 });
    expect(accessorialTermsFromInput({ layoverPerNight: 250 }, custom)).toEqual({
      ...custom,
      layoverCentsPerNight: 25_000,
    });
  });

  it('reads as lines', () => {
    expect(accessorialTermLines(defaults).map((l) => `${l.label}: ${l.text}`)).toEqual([
      'Free time: 2 h at each stop',
      'Detention: $75.00 per hour after the free time, billed in 15-minute steps',
      'Layover: $300.00 per night',
      'TONU: $200.00 plus $2.00 per mile of deadhead to the pickup',
    ]);
    expect(freeTimeText(90)).toBe('1 h 30 min');
    expect(freeTimeText(45)).toBe('45 min');
  });
});

describe('accessorialTerms in a posting and an edit', () => {
  const load = { originCity: 'Reno', originState: 'NV', destinationCity: 'Boise', destinationState: 'ID' };
  const issue = (terms: unknown) => {
    const r = postLoadSchema.safeParse({ ...load, accessorialTerms: terms });
    return r.success ? null : `${r.error.issues[0]!.path.join('.')}: ${r.error.issues[0]!.message}`;
  };

  it('defaults to {} (every term its default) when left out, and keeps what is given', () => {
    expect(postLoadSchema.parse(load).accessorialTerms).toEqual({});
    expect(postLoadSchema.parse({ ...load, accessorialTerms: null }).accessorialTerms).toEqual({});
    expect(
      postLoadSchema.parse({ ...load, accessorialTerms: { detentionPerHour: '90', freeTimeMinutes: '' } })
        .accessorialTerms,
    ).toEqual({ detentionPerHour: 90, freeTimeMinutes: null });
  });

  it('refuses negative, absurd and fractional-cent values, naming the field', () => {
    expect(issue({ detentionPerHour: -1 })).toBe('accessorialTerms.detentionPerHour: Must not be negative');
    expect(issue({ detentionPerHour: 1000.01 })).toBe(
      'accessorialTerms.detentionPerHour: At most $1,000 an hour',
    );
    expect(issue({ freeTimeMinutes: 1441 })).toBe(
      'accessorialTerms.freeTimeMinutes: At most 24 hours (1440 minutes)',
    );
    expect(issue({ freeTimeMinutes: 30.5 })).toBe('accessorialTerms.freeTimeMinutes: Expected whole minutes');
    expect(issue({ layoverPerNight: 5001 })).toBe('accessorialTerms.layoverPerNight: At most $5,000 a night');
    expect(issue({ tonuBase: 'lots' })).toMatch(/^accessorialTerms\.tonuBase: /);
    expect(issue({ tonuPerMile: 2.005 })).toBe('accessorialTerms.tonuPerMile: At most two decimals (cents)');
    expect(issue({ tonuPerMile: 20, tonuBase: 5000, layoverPerNight: 0, freeTimeMinutes: 1440 })).toBeNull();
  });

  it('leaves the terms out of an edit that does not send them', () => {
    expect(updateLoadSchema.parse({ rate: 100 }).accessorialTerms).toBeUndefined();
    expect(updateLoadSchema.parse({ accessorialTerms: null }).accessorialTerms).toBeNull();
  });
});
