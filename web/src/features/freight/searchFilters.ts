import { formatUsd, unknownPlaceMessage, type LoadBoardFilters, type PlaceDto } from '@freight/shared';
import { equipmentLabel } from './format';

/** The radius choices of the origin (deadhead) and destination searches, in miles. */
export const RADIUS_CHOICES = [25, 50, 75, 100, 150, 200, 300] as const;

const STATE_LIST = /^\s*[A-Za-z]{2}(\s*,\s*[A-Za-z]{2})*\s*$/;

export type SearchFilterIssues = Partial<
  Record<'originPlace' | 'destinationPlace' | 'originStates' | 'destinationStates', string>
>;

/** What stops a search before it is sent: a lane that is not state codes (places are checked by resolveBoardPlaces). */
export function searchFilterIssues(f: LoadBoardFilters): SearchFilterIssues {
  const issues: SearchFilterIssues = {};
  for (const key of ['originStates', 'destinationStates'] as const) {
    if (f[key].trim() && !STATE_LIST.test(f[key]))
      issues[key] = 'Two-letter state codes separated by commas, e.g. TX, OK';
  }
  return issues;
}

/** The filter-state keys of one end of the trip: its text (the field), the SPEC's city filter and its point. */
export const PLACE_ENDS = {
  origin: { text: 'originPlace', city: 'originCity', lat: 'lat', lng: 'lng', radius: 'radius' },
  destination: {
    text: 'destinationPlace',
    city: 'destinationCity',
    lat: 'destinationLat',
    lng: 'destinationLng',
    radius: 'destinationRadius',
  },
} as const;
export type PlaceEnd = keyof typeof PLACE_ENDS;

/** The text the board's Origin City or Destination City field shows for a filter state. */
export function placeText(f: LoadBoardFilters, end: PlaceEnd): string {
  const k = PLACE_ENDS[end];
  return f[k.text] || f[k.city];
}

/** A keystroke in Origin City or Destination City: the text, and the place when it is one of the suggestions. */
export function withPlaceTyped(
  f: LoadBoardFilters,
  end: PlaceEnd,
  text: string,
  place: { lat: number; lng: number } | null,
): LoadBoardFilters {
  const k = PLACE_ENDS[end];
  return {
    ...f,
    [k.text]: text,
    [k.city]: '',
    [k.lat]: place ? String(place.lat) : '',
    [k.lng]: place ? String(place.lng) : '',
  };
}

/**
 * The board's Origin City and Destination City as the search reads them (issue 23). Each field's text is
 * - a place already chosen from the suggestions: searched around it, within the radius;
 * - a whole place typed ("Chicago, IL", "chicago il", "60601"): looked up now (`resolve`), so it counts without
 *   waiting for the suggestions; an unknown one is an issue naming it;
 * - anything else ("Chic"): SPEC §5's city filter, part of the city's name.
 */
export async function resolveBoardPlaces(
  f: LoadBoardFilters,
  resolve: (text: string) => Promise<PlaceDto | null>,
  looksLikePlace: (text: string) => boolean,
): Promise<{ filters: LoadBoardFilters; issues: SearchFilterIssues }> {
  const out = { ...f };
  const issues: SearchFilterIssues = {};
  for (const end of ['origin', 'destination'] as const) {
    const k = PLACE_ENDS[end];
    const text = placeText(f, end).trim();
    if (!text) {
      Object.assign(out, { [k.text]: '', [k.city]: '', [k.lat]: '', [k.lng]: '' });
    } else if (f[k.lat] && f[k.lng] && f[k.text].trim() === text) {
      Object.assign(out, { [k.text]: text, [k.city]: '' });
    } else if (looksLikePlace(text)) {
      const place = await resolve(text);
      if (place) {
        Object.assign(out, {
          [k.text]: place.label,
          [k.city]: '',
          [k.lat]: String(place.lat),
          [k.lng]: String(place.lng),
        });
      } else {
        issues[k.text] = unknownPlaceMessage(text);
      }
    } else {
      Object.assign(out, { [k.text]: text, [k.city]: text, [k.lat]: '', [k.lng]: '' });
    }
  }
  return { filters: out, issues };
}

const usd = (v: string) => formatUsd(Number(v));
const day = (v: string) => new Date(`${v.slice(0, 10)}T12:00:00Z`).toLocaleDateString('en-US');

/**
 * A search in words, for the Save Search dialog and the saved list: "Reefer loads within 50 mi of Chicago, IL,
 * to TX, at least $1,000.00". Takes a saved search's filters or a filter state's query (empty values ignored).
 */
export function describeSearch(raw: object): string {
  const f: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw) as [string, unknown][]) {
    const text = Array.isArray(value) ? value.join(', ') : value == null ? '' : String(value as string);
    if (text.trim() !== '') f[key] = text.trim();
  }
  const equipment = [f.equipmentType, ...(f.equipmentTypes ?? '').split(',')]
    .filter((e): e is string => Boolean(e))
    .map(equipmentLabel);
  const parts: string[] = [];
  const head = equipment.length ? `${[...new Set(equipment)].join(' or ')} loads` : 'Loads';
  if (f.lat && f.lng) parts.push(`within ${f.radius ?? 50} mi of ${f.originPlace ?? `${f.lat}, ${f.lng}`}`);
  if (f.originCity) parts.push(`origin city contains "${f.originCity}"`);
  if (f.originState || f.originStates) parts.push(`from ${f.originState ?? f.originStates}`);
  if (f.destinationLat && f.destinationLng) {
    parts.push(
      `to within ${f.destinationRadius ?? 50} mi of ${f.destinationPlace ?? `${f.destinationLat}, ${f.destinationLng}`}`,
    );
  }
  if (f.destinationCity) parts.push(`destination city contains "${f.destinationCity}"`);
  if (f.destinationState || f.destinationStates)
    parts.push(`to ${f.destinationState ?? f.destinationStates}`);
  if (f.minRate && f.maxRate) parts.push(`${usd(f.minRate)} to ${usd(f.maxRate)}`);
  else if (f.minRate) parts.push(`at least ${usd(f.minRate)}`);
  else if (f.maxRate) parts.push(`up to ${usd(f.maxRate)}`);
  if (f.minRatePerMile) parts.push(`at least ${usd(f.minRatePerMile)}/mi`);
  if (f.pickupDateStart) parts.push(`picking up from ${day(f.pickupDateStart)}`);
  if (f.pickupDateEnd) parts.push(`picking up by ${day(f.pickupDateEnd)}`);
  if (f.weightClass) parts.push(f.weightClass.toUpperCase());
  if (f.maxWeight) parts.push(`up to ${Number(f.maxWeight).toLocaleString('en-US')} lbs`);
  if (f.maxLength) parts.push(`up to ${f.maxLength} ft`);
  return parts.length ? `${head} ${parts.join(', ')}` : head;
}

/** Whether any of the search fields beyond SPEC §2's six (the places are in its city fields) is set (the panel then opens with them shown). */
export function hasMoreFilters(f: LoadBoardFilters): boolean {
  return Boolean(
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
