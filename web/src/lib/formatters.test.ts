import { afterAll, describe, expect, it } from 'vitest';
import {
  formatLocalDate,
  formatLocalDateTime,
  formatLocalTimestamp,
  formatNumber,
  formatUtcDay,
  formatWeekdayTime,
  setDisplayTimeZone,
} from './formatters';

// The shared formatters replaced `toLocale*String` calls (issue 24): each must read exactly as the call it replaced.
// A zone west of UTC (before the formatters are first made), so a local date and a UTC day differ.
const zoneBefore = process.env.TZ;
process.env.TZ = 'America/Los_Angeles';
afterAll(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

describe('formatters made once', () => {
  const dates = ['2026-01-05T00:00:00.000Z', '2026-11-26T23:59:00.000Z', '2024-02-29T12:30:00.000Z'].map(
    (iso) => new Date(iso),
  );

  it('numbers as toLocaleString("en-US")', () => {
    for (const n of [0, 7, 1020, 45_000.5, 1_234_567, -3.25]) {
      expect(formatNumber(n)).toBe(n.toLocaleString('en-US'));
    }
    expect(formatNumber(1152)).toBe('1,152');
  });

  it('dates and times as the toLocale*String calls they replaced', () => {
    for (const d of dates) {
      expect(formatLocalDate(d)).toBe(d.toLocaleDateString('en-US'));
      expect(formatUtcDay(d)).toBe(d.toLocaleDateString('en-US', { timeZone: 'UTC' }));
      expect(formatLocalDateTime(d)).toBe(
        d.toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' }),
      );
      expect(formatWeekdayTime(d)).toBe(
        d.toLocaleString('en-US', {
          weekday: 'short',
          month: 'short',
          day: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
        }),
      );
    }
    expect(formatUtcDay(dates[0])).toBe('1/5/2026');
    expect(formatLocalDate(dates[0])).toBe('1/4/2026');
  });

  it('timestamps as toLocaleString("en-US")', () => {
    for (const d of dates) expect(formatLocalTimestamp(d)).toBe(d.toLocaleString('en-US'));
    expect(formatLocalTimestamp(dates[1])).toBe('11/26/2026, 3:59:00 PM');
  });

  it('local dates and times in the zone a server-rendered page was drawn in, then the browser’s again', () => {
    const night = dates[1]; // 23:59 UTC: still Nov 26 in Los Angeles, Nov 27 in Berlin
    setDisplayTimeZone('Europe/Berlin');
    try {
      expect(formatLocalDate(night)).toBe(night.toLocaleDateString('en-US', { timeZone: 'Europe/Berlin' }));
      expect(formatLocalDate(night)).toBe('11/27/2026');
      expect(formatLocalTimestamp(night)).toBe('11/27/2026, 12:59:00 AM');
      expect(formatWeekdayTime(night)).toBe('Fri, Nov 27, 12:59 AM');
      expect(formatUtcDay(night)).toBe('11/26/2026');
    } finally {
      setDisplayTimeZone(undefined);
    }
    expect(formatLocalDate(night)).toBe('11/26/2026');
    expect(formatLocalDateTime(night)).toBe(
      night.toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' }),
    );
  });
});
