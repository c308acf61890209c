import { formatUsDate } from '../../lib/dates';

/** A calendar day stored as UTC midnight ('2031-05-09T00:00:00Z'), shown as that day in any time zone. */
export function formatDay(iso: string | null | undefined): string {
  return iso ? formatUsDate(`${iso.slice(0, 10)}T12:00:00Z`) : '';
}
