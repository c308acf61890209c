/**
 * The subscriptions feature's clock: expiry, the gate and the monthly limits read the time here, so tests can move
 * it (`setClock`) instead of waiting. Production never changes it.
 */
let nowFn: () => Date = () => new Date();

export function now(): Date {
  return nowFn();
}

/** Tests only: a fixed or moving clock; `resetClock()` restores the real one. */
export function setClock(fn: () => Date): void {
  nowFn = fn;
}

export function resetClock(): void {
  nowFn = () => new Date();
}

/** The calendar month (UTC) that holds `at`: [start, end). */
export function monthBounds(at: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start, end };
}

/** One month on, clamped to the last day of the target month (Jan 31 → Feb 28/29). */
export function addOneMonth(from: Date): Date {
  const y = from.getUTCFullYear();
  const m = from.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const d = new Date(from);
  d.setUTCDate(1);
  d.setUTCMonth(m);
  d.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return d;
}
