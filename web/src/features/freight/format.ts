import {
  authorityNumbersOf,
  EQUIPMENT_LABELS,
  RATE_TYPE_LABELS,
  formatUsd,
  type FreightListingDto,
  type FreightStatus,
  type UserType,
} from '@freight/shared';
import { formatNumber, formatUtcDay } from '../../lib/formatters';

/** A label for every equipment type (a stored value without one shows as it is). */
const LABELS: Record<string, string> = EQUIPMENT_LABELS;
export const equipmentLabel = (type: string) => LABELS[type] ?? type;

/** SPEC §4: distinct colours per status; unknown values grey. */
const STATUS_COLORS: Record<string, string> = {
  available: 'green',
  booked: 'blue',
  in_transit: 'orange',
  delivered: 'purple',
  cancelled: 'red',
};
export const statusColor = (status: string | null | undefined) =>
  STATUS_COLORS[status ?? 'available'] ?? 'gray';

/** Capitalised, default 'Available' (SPEC §2). */
export function statusLabel(status: FreightStatus | string | null | undefined): string {
  const s = status || 'available';
  return s
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

export const formatMoney = (n: number | null | undefined) => (n == null ? null : formatUsd(n));

/** Trip miles: "1,020 miles", "(est.)" after an estimate from the places (the poster did not give actual miles). */
export function tripMiles(l: Pick<FreightListingDto, 'distance' | 'distanceIsEstimate'>): string | null {
  if (l.distance == null) return null;
  return `${formatNumber(Math.round(l.distance))} miles${l.distanceIsEstimate ? ' (est.)' : ''}`;
}

/** Trip miles as the board's table shows them: "1,152 mi (est.)". */
export function tripMilesShort(l: Pick<FreightListingDto, 'distance' | 'distanceIsEstimate'>): string | null {
  return tripMiles(l)?.replace(' miles', ' mi') ?? null;
}

/** A rate type as the product names it ('Flat Rate', not 'flat'). */
export function rateTypeLabel(rateType: string | null | undefined): string | null {
  if (!rateType) return null;
  return (RATE_TYPE_LABELS as Record<string, string>)[rateType] ?? rateType.replace(/_/g, ' ');
}

/** Rate per mile as the cards show it: rate / distance, 2 decimals (SPEC §9). */
export function ratePerMile(l: Pick<FreightListingDto, 'rate' | 'distance'>): string | null {
  if (l.rate == null || !l.distance) return null;
  return `$${(l.rate / l.distance).toFixed(2)}/mi`;
}

/** Pickup dates are calendar days stored at noon UTC: shown in UTC so every US time zone sees the same day. */
/** "1 stop in between", "3 stops in between": a load's stops between its pickup and delivery (issue 39). */
export const stopsBetweenText = (n: number) => `${n} ${n === 1 ? 'stop' : 'stops'} in between`;

export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : formatUtcDay(d);
}

/** A load's age as a board shows it: "just now", "5 min ago", "3 h ago", "2 d ago". */
export function formatAge(createdAt: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(createdAt)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}

/** The poster as the table shows it: the company, with its MC number when the poster gave one. */
export function posterLabel(l: Pick<FreightListingDto, 'userCompanyName' | 'userMcNumber'>): string {
  const company = l.userCompanyName ?? 'Unknown company';
  return l.userMcNumber ? `${company} · MC ${l.userMcNumber}` : company;
}

/**
 * "MC 123456 · USDOT 1234567", or what is missing; null for a party the road numbers do not apply to (a shipper, an
 * air cargo operator), whose screens show no such line (issue 39).
 */
export function authorityLine(
  mc: string | null,
  usdot: string | null,
  userType: UserType | null,
): string | null {
  const applies = authorityNumbersOf(userType);
  if (applies.length === 0) return null;
  if (!applies.includes('usdotNumber')) return mc ? `MC ${mc}` : 'No MC number given';
  if (!mc && !usdot) return 'No MC or USDOT number given';
  return [mc ? `MC ${mc}` : 'MC not given', usdot ? `USDOT ${usdot}` : 'USDOT not given'].join(' · ');
}
