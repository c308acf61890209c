// Intl formatters made once and reused (issue 24): `toLocaleString` builds a new formatter on every call, which cost
// a phone a few milliseconds per card and date. Each is made on first use; the output is the same as the
// `toLocale*String('en-US', options)` call it replaces.

/**
 * The time zone local dates and times are drawn in: the browser's own (undefined), or, while a page rendered on the
 * server is drawn there and taken over in the browser, the zone the server drew it in (issue 24).
 */
let displayTimeZone: string | undefined;
/** Bumped when the zone changes, so the formatters of local times are made again for it. */
let zoneVersion = 0;

export function setDisplayTimeZone(timeZone: string | undefined): void {
  if (timeZone === displayTimeZone) return;
  displayTimeZone = timeZone;
  zoneVersion++;
}

/** The browser's time zone (or the server's process's, in Node). */
export const ownTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** A formatter of local times: made on first use, and again when the display zone changes. */
function local(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: { version: number; format: Intl.DateTimeFormat } | undefined;
  return () => {
    if (made?.version !== zoneVersion)
      made = {
        version: zoneVersion,
        format: new Intl.DateTimeFormat('en-US', { ...options, timeZone: displayTimeZone }),
      };
    return made.format;
  };
}

const numbers = once(() => new Intl.NumberFormat('en-US'));
const usDates = local({});
const utcDays = once(() => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }));
const usDateTimes = local({ dateStyle: 'short', timeStyle: 'short' });
const timestamps = local({
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});
const weekdayTimes = local({
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "1,152": `n.toLocaleString('en-US')`. */
export const formatNumber = (n: number): string => numbers().format(n);
/** "11/26/2026" in the browser's time zone: `toLocaleDateString('en-US')`. */
export const formatLocalDate = (date: Date): string => usDates().format(date);
/** "11/26/2026" of the UTC day (a pickup date): `toLocaleDateString('en-US', { timeZone: 'UTC' })`. */
export const formatUtcDay = (date: Date): string => utcDays().format(date);
/** "11/26/26, 5:04 AM": `toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' })`. */
export const formatLocalDateTime = (date: Date): string => usDateTimes().format(date);
/** "11/26/2026, 5:04:00 AM": `toLocaleString('en-US')`. */
export const formatLocalTimestamp = (date: Date): string => timestamps().format(date);
/** "Thu, Nov 26, 5:04 AM". */
export const formatWeekdayTime = (date: Date): string => weekdayTimes().format(date);
