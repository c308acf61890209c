import { EQUIPMENT_LABELS, formatUsd, type TruckPostDto } from '@freight/shared';
import { formatCalendarDate } from '../documents/format';

export const equipmentName = (kind: string) =>
  EQUIPMENT_LABELS[kind as keyof typeof EQUIPMENT_LABELS] ?? kind;

/** "Wells, NV". */
export const placeOf = (p: Pick<TruckPostDto, 'originCity' | 'originState'>) =>
  `${p.originCity}, ${p.originState}`;

/** Where the truck wants to go, as one phrase. */
export function wantsOf(p: Pick<TruckPostDto, 'destinationStates' | 'destinationRadius'>): string {
  if (p.destinationStates.length) return `To ${p.destinationStates.join(', ')}`;
  if (p.destinationRadius != null) return `Within ${p.destinationRadius} mi`;
  return 'Anywhere';
}

/** "53 ft · 44,000 lbs · $2.40/mi". */
export function specsOf(p: TruckPostDto): string {
  return [
    p.length != null ? `${p.length} ft` : null,
    p.maxWeight != null ? `${p.maxWeight.toLocaleString('en-US')} lbs` : null,
    p.ratePerMile != null ? `${formatUsd(p.ratePerMile)}/mi` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** "12/2/2026" or "12/2/2026 to 12/5/2026": calendar days, in the US format the rest of the app uses. */
export function datesOf(p: Pick<TruckPostDto, 'availableFrom' | 'availableTo'>): string {
  const from = formatCalendarDate(p.availableFrom);
  return p.availableFrom === p.availableTo ? from : `${from} to ${formatCalendarDate(p.availableTo)}`;
}
