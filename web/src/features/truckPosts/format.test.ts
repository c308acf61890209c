import { describe, expect, it } from 'vitest';
import { datesOf } from './format';

describe("a posted truck's days (issue 39: one date format)", () => {
  it('reads as US calendar days, the same day whatever the time zone', () => {
    expect(datesOf({ availableFrom: '2026-12-02', availableTo: '2026-12-02' })).toBe('12/2/2026');
    expect(datesOf({ availableFrom: '2026-12-02', availableTo: '2026-12-05' })).toBe(
      '12/2/2026 to 12/5/2026',
    );
  });
});
