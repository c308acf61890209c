// Intl formatters made once and reused (issue 24): `toLocaleString` builds a new formatter on every call, which cost
// a phone a few milliseconds per card and date. Each is made on first use; the output is the same as the
// `toLocale*String('en-US', options)` call it replaces.

function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const numbers = once(() => new Intl.NumberFormat('en-US'));
const usDates = once(() => new Intl.DateTimeFormat('en-US'));
const utcDays = once(() => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }));
const usDateTimes = once(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short' }));
const weekdayTimes = once(
  () =>
    new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);

/** "1,152": `n.toLocaleString('en-US')`. */
export const formatNumber = (n: number): string => numbers().format(n);
/** "11/26/2026" in the browser's time zone: `toLocaleDateString('en-US')`. */
export const formatLocalDate = (date: Date): string => usDates().format(date);
/** "11/26/2026" of the UTC day (a pickup date): `toLocaleDateString('en-US', { timeZone: 'UTC' })`. */
export const formatUtcDay = (date: Date): string => utcDays().format(date);
/** "11/26/26, 5:04 AM": `toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' })`. */
export const formatLocalDateTime = (date: Date): string => usDateTimes().format(date);
/** "Thu, Nov 26, 5:04 AM". */
export const formatWeekdayTime = (date: Date): string => weekdayTimes().format(date);
