import type { LoadBoardFilters } from '@freight/shared';

/** The radius choices of the origin (deadhead) and destination searches, in miles. */
export const RADIUS_CHOICES = [25, 50, 75, 100, 150, 200, 300] as const;

const STATE_LIST = /^\s*[A-Za-z]{2}(\s*,\s*[A-Za-z]{2})*\s*$/;

export type SearchFilterIssues = Partial<
  Record<'originPlace' | 'destinationPlace' | 'originStates' | 'destinationStates', string>
>;

/** What stops a search before it is sent: a place typed but not chosen, a lane that is not state codes. */
export function searchFilterIssues(f: LoadBoardFilters): SearchFilterIssues {
  const issues: SearchFilterIssues = {};
  if (f.originPlace.trim() && !f.lat) {
    issues.originPlace = 'Choose the origin from the suggestions (a city with its state, or a ZIP code)';
  }
  if (f.destinationPlace.trim() && !f.destinationLat) {
    issues.destinationPlace =
      'Choose the destination from the suggestions (a city with its state, or a ZIP code)';
  }
  for (const key of ['originStates', 'destinationStates'] as const) {
    if (f[key].trim() && !STATE_LIST.test(f[key]))
      issues[key] = 'Two-letter state codes separated by commas, e.g. TX, OK';
  }
  return issues;
}

/** Whether any of the search fields beyond SPEC §2's six is set (the panel then opens with them shown). */
export function hasMoreFilters(f: LoadBoardFilters): boolean {
  return Boolean(
    f.originPlace ||
    f.lat ||
    f.destinationPlace ||
    f.destinationLat ||
    f.originStates ||
    f.destinationStates ||
    f.equipmentTypes ||
    f.minRatePerMile ||
    f.maxWeight ||
    f.maxLength ||
    f.pickupDateEnd,
  );
}

/** The equipment list kept as comma-separated text: one type turned on or off. */
export function toggleEquipment(list: string, type: string, on: boolean): string {
  const types = new Set(list.split(',').filter(Boolean));
  if (on) types.add(type);
  else types.delete(type);
  return [...types].join(',');
}
