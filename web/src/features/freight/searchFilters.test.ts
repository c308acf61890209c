import { EMPTY_LOAD_BOARD_FILTERS, type PlaceDto } from '@freight/shared';
import { describe, expect, it } from 'vitest';
import { looksLikePlace } from '../../lib/places';
import {
  describeSearch,
  hasMoreFilters,
  placeText,
  resolveBoardPlaces,
  searchFilterIssues,
  toggleEquipment,
  withPlaceTyped,
} from './searchFilters';

const filters = (changes: Partial<typeof EMPTY_LOAD_BOARD_FILTERS>) => ({
  ...EMPTY_LOAD_BOARD_FILTERS,
  ...changes,
});

describe('board search filters', () => {
  it('reads a whole place typed as a place, part of a name as the city filter (issue 23)', () => {
    for (const t of [
      'Chicago, IL',
      'chicago il',
      'St. Louis, MO',
      '60601',
      '60601 (Chicago, IL)',
      'Atlantis, ZZ',
    ])
      expect(looksLikePlace(t), t).toBe(true);
    for (const t of ['Chic', 'Chicago', 'Fort Worth', 'El Paso', '6060', 'Reno Nx'])
      expect(looksLikePlace(t), t).toBe(false);
  });

  it('resolves typed places at search time, keeps chosen ones, and names unknown ones (issue 23)', async () => {
    const chicago: PlaceDto = {
      label: 'Chicago, IL',
      city: 'Chicago',
      state: 'IL',
      zip: null,
      lat: 41.8,
      lng: -87.6,
    };
    const asked: string[] = [];
    const resolve = async (t: string) => {
      asked.push(t);
      return /chicago/i.test(t) || t === '60601' ? chicago : null;
    };
    // Typed in full, never chosen from the list: looked up, then searched around.
    let typed = withPlaceTyped(filters({}), 'origin', 'chicago il', null);
    expect(placeText(typed, 'origin')).toBe('chicago il');
    let out = await resolveBoardPlaces(typed, resolve, looksLikePlace);
    expect(out.issues).toEqual({});
    expect(out.filters).toMatchObject({
      originPlace: 'Chicago, IL',
      originCity: '',
      lat: '41.8',
      lng: '-87.6',
    });
    // Chosen from the list: not asked again.
    asked.length = 0;
    out = await resolveBoardPlaces(
      withPlaceTyped(filters({}), 'origin', 'Chicago, IL', chicago),
      resolve,
      looksLikePlace,
    );
    expect(asked).toEqual([]);
    expect(out.filters.lat).toBe('41.8');
    // Part of a name: SPEC's city filter, no point.
    typed = withPlaceTyped(filters({ lat: '1', lng: '2' }), 'destination', 'Dall', null);
    out = await resolveBoardPlaces(typed, resolve, looksLikePlace);
    expect(out.filters).toMatchObject({ destinationCity: 'Dall', destinationLat: '', destinationLng: '' });
    // Unknown: an issue naming it.
    out = await resolveBoardPlaces(
      withPlaceTyped(filters({}), 'origin', 'Atlantis, ZZ', null),
      resolve,
      looksLikePlace,
    );
    expect(out.issues.originPlace).toMatch(/No US place "Atlantis, ZZ"/);
    // A saved search applied with the SPEC city filter shows its city in the field.
    expect(placeText(filters({ originCity: 'Reno' }), 'origin')).toBe('Reno');
  });

  it('describes a search in words', () => {
    expect(
      describeSearch({
        equipmentType: 'reefer',
        lat: '41.8',
        lng: '-87.6',
        radius: '50',
        originPlace: 'Chicago, IL',
      }),
    ).toBe('Reefer loads within 50 mi of Chicago, IL');
    expect(describeSearch({ equipmentType: 'flatbed' })).toBe('Flatbed loads');
    expect(describeSearch({ originCity: 'Dall', minRate: '1000', destinationStates: 'TX,OK' })).toBe(
      'Loads origin city contains "Dall", to TX,OK, at least $1,000.00',
    );
  });

  it('reads lanes as two-letter codes separated by commas', () => {
    expect(searchFilterIssues(filters({ originStates: 'tx, OK' }))).toEqual({});
    expect(searchFilterIssues(filters({ destinationStates: 'Texas' })).destinationStates).toMatch(
      /Two-letter/,
    );
    expect(searchFilterIssues(filters({ originStates: 'TX,,OK' })).originStates).toBeDefined();
  });

  it('opens the extra fields when one is set, and toggles equipment in a comma list', () => {
    expect(hasMoreFilters(EMPTY_LOAD_BOARD_FILTERS)).toBe(false);
    expect(hasMoreFilters(filters({ maxWeight: '40000' }))).toBe(true);
    expect(toggleEquipment('', 'reefer', true)).toBe('reefer');
    expect(toggleEquipment('reefer', 'flatbed', true)).toBe('reefer,flatbed');
    expect(toggleEquipment('reefer,flatbed', 'reefer', false)).toBe('flatbed');
  });
});
