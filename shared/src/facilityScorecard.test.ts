import { describe, expect, it } from 'vitest';
import {
  FACILITY_SCORECARD_MIN_VISITS,
  facilityScorecard,
  facilityScorecardLine,
  nearestRank,
} from './facilityScorecard';
import { durationText } from './stopClock';

const visit = (dwellMinutes: number, detained = dwellMinutes > 120) => ({ dwellMinutes, detained });

describe('facility scorecard (issue 41, slice 4)', () => {
  it('shows no figure below five visits', () => {
    const four = [60, 90, 200, 240].map((m) => visit(m));
    expect(FACILITY_SCORECARD_MIN_VISITS).toBe(5);
    expect(facilityScorecard(four)).toEqual({ visits: 4, enough: false });
    expect(facilityScorecardLine(facilityScorecard(four))).toBe(
      'Too few visits for a dwell figure (4 in 90 days)',
    );
  });

  it('takes the median and the 90th percentile by nearest rank, and the share detained', () => {
    // 8 visits, sorted 45, 60, 100, 150, 170, 200, 240, 300: 5 of 8 past a 2 h free time.
    const card = facilityScorecard([300, 45, 170, 60, 240, 100, 150, 200].map((m) => visit(m)));
    expect(card).toEqual({
      visits: 8,
      enough: true,
      medianDwellMinutes: 150,
      p90DwellMinutes: 300,
      detentionPercent: 63,
    });
    expect(facilityScorecardLine(card)).toBe('Median dwell 2 h 30 m · detention at 63 % of stops');
  });

  it("counts detention by each visit's own free time, not by its dwell", () => {
    // The same 3 h at a load with 4 h free is not detained.
    const card = facilityScorecard([visit(180, false), visit(180, true), visit(60), visit(60), visit(60)]);
    expect(card.enough && card.detentionPercent).toBe(20);
  });

  it('leaves out a dwell that is not a number or negative', () => {
    const card = facilityScorecard([visit(NaN), visit(-5), ...[10, 20, 30, 40, 50].map((m) => visit(m))]);
    expect(card).toMatchObject({ visits: 5, medianDwellMinutes: 30, p90DwellMinutes: 50 });
  });

  it('nearest rank is always one of the values', () => {
    expect(nearestRank([1, 2, 3, 4], 50)).toBe(2);
    expect(nearestRank([1, 2, 3, 4, 5], 50)).toBe(3);
    expect(nearestRank([5], 90)).toBe(5);
    expect(
      nearestRank(
        Array.from({ length: 10 }, (_, i) => i + 1),
        90,
      ),
    ).toBe(9);
    expect(nearestRank([], 50)).toBeNaN();
  });

  it("words a dwell as the issue does: '2 h 50 m'", () => {
    expect(durationText(170)).toBe('2 h 50 m');
    expect(durationText(45)).toBe('45 m');
    expect(durationText(180)).toBe('3 h');
    expect(durationText(0)).toBe('0 m');
  });
});
