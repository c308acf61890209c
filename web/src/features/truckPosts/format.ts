import { EQUIPMENT_LABELS, formatUsd, type TruckPostDto } from '@freight/shared';

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

export const datesOf = (p: Pick<TruckPostDto, 'availableFrom' | 'availableTo'>) =>
  p.availableFrom === p.availableTo ? p.availableFrom : `${p.availableFrom} to ${p.availableTo}`;
