import { accessorialTermsOf, formatUsd, freeTimeText } from '@freight/shared';
import { toExtraStopDto, toLoadStopDto, type FreightListing } from '../model';

const day = (d: Date | null | undefined) => {
  if (!d) return 'none';
  const [y, m, dd] = d.toISOString().slice(0, 10).split('-');
  return `${m}/${dd}/${y}`;
};
const money = (cents: number | null | undefined) => (cents == null ? 'TBD' : formatUsd(cents / 100));
const terms = (l: FreightListing) => accessorialTermsOf(l.accessorialTerms);
const text = (v: unknown) => (v == null || v === '' ? 'none' : String(v));

/** The fields a carrier decides on, each with how it reads in the change notice. */
const SHOWN: Array<[label: string, read: (l: FreightListing) => string]> = [
  ['rate', (l) => money(l.rateCents)],
  ['pickup date', (l) => day(l.pickupDate)],
  ['pickup window', (l) => `${text(l.pickupTimeStart)}–${text(l.pickupTimeEnd)}`],
  ['delivery date', (l) => day(l.deliveryDate)],
  ['delivery window', (l) => `${text(l.deliveryTimeStart)}–${text(l.deliveryTimeEnd)}`],
  ['weight', (l) => (l.weight == null ? 'none' : `${l.weight.toLocaleString('en-US')} lbs`)],
  ['commodity', (l) => text(l.commodity)],
  ['equipment length', (l) => (l.equipmentLength == null ? 'none' : `${l.equipmentLength} ft`)],
  ['miles', (l) => (l.distance == null ? 'none' : l.distance.toLocaleString('en-US'))],
  ['title', (l) => text(l.title)],
  // The load's accessorial terms (issue 41), each named when it changed.
  ['free time', (l) => `${freeTimeText(terms(l).freeTimeMinutes)} per stop`],
  ['detention', (l) => `${money(terms(l).detentionCentsPerHour)}/h`],
  ['layover', (l) => `${money(terms(l).layoverCentsPerNight)}/night`],
  ['TONU', (l) => `${money(terms(l).tonuBaseCents)} + ${money(terms(l).tonuCentsPerMile)}/mile`],
];

/** Fields whose old and new values would not fit a notice: named only. */
const NAMED: Array<[label: string, read: (l: FreightListing) => unknown]> = [
  ['description', (l) => l.description],
  ['special instructions', (l) => l.specialInstructions],
  [
    'requirements',
    (l) => [l.isUrgent, l.isHazmat, l.requiresTarps, l.requiresStraps, l.requiresLiftgate].join(),
  ],
  ['ZIP codes', (l) => `${l.originZip}|${l.destinationZip}`],
  // Named only: the waiting carriers are not parties yet, so the details themselves stay out (issue 39).
  ['pickup details', (l) => JSON.stringify(toLoadStopDto(l.pickupStop))],
  ['delivery details', (l) => JSON.stringify(toLoadStopDto(l.deliveryStop))],
  ['stops in between', (l) => JSON.stringify((l.extraStops ?? []).map(toExtraStopDto))],
];

/** What an edit changed, as people read it: "rate $2,000.00 → $2,400.00; description". Empty when nothing did. */
export function describeChanges(before: FreightListing, after: FreightListing): string[] {
  const changes: string[] = [];
  for (const [label, read] of SHOWN) {
    const was = read(before);
    const now = read(after);
    if (was !== now) changes.push(`${label} ${was} → ${now}`);
  }
  for (const [label, read] of NAMED) if (read(before) !== read(after)) changes.push(label);
  return changes;
}
