import { describe, expect, it } from 'vitest';
import {
  boardComparator,
  boardFilterSchema,
  compileBoardFilter,
  deadheadMilesOf,
  type FreightListingDto,
} from './freight';
import { haversineMiles } from './geo';

const load = (id: string, changes: Partial<FreightListingDto>) =>
  ({
    id,
    status: 'available',
    equipmentType: 'dry_van',
    originCity: 'Elko',
    originState: 'NV',
    destinationCity: 'Boise',
    destinationState: 'ID',
    originLat: 40.83,
    originLng: -115.76,
    destinationLat: 43.6,
    destinationLng: -116.2,
    weight: 20_000,
    equipmentLength: 53,
    createdAt: '2031-01-01T00:00:00.000Z',
    ...changes,
  }) as FreightListingDto;
const matches = (query: Record<string, unknown>, l: FreightListingDto) =>
  compileBoardFilter(boardFilterSchema.parse(query))(l);

describe('the load-board search (issue 15)', () => {
  it('lanes: any origin state to any destination state, codes in any case, as a list or repeated', () => {
    const l = load('a', {});
    expect(matches({ originStates: 'nv,UT' }, l)).toBe(true);
    expect(matches({ originStates: ['UT', 'NV'], destinationStates: 'ID' }, l)).toBe(true);
    expect(matches({ originStates: 'UT,AZ' }, l)).toBe(false);
    expect(matches({ originStates: 'NV', destinationStates: 'OR,WA' }, l)).toBe(false);
    expect(boardFilterSchema.safeParse({ originStates: 'Nevada' }).success).toBe(false);
  });

  it('several equipment types at once (a stored refrigerated load is a reefer)', () => {
    expect(matches({ equipmentTypes: 'reefer,flatbed' }, load('r', { equipmentType: 'refrigerated' }))).toBe(
      true,
    );
    expect(matches({ equipmentTypes: 'reefer,flatbed' }, load('d', {}))).toBe(false);
    expect(matches({ equipmentTypes: 'dry_van' }, load('d', {}))).toBe(true);
  });

  it('a destination radius around a point, the origin radius as before', () => {
    const l = load('a', {});
    // Boise is about 40 miles from Nampa, ID (43.54, -116.56).
    expect(matches({ destinationLat: 43.54, destinationLng: -116.56, destinationRadius: 50 }, l)).toBe(true);
    expect(matches({ destinationLat: 43.54, destinationLng: -116.56, destinationRadius: 10 }, l)).toBe(false);
    expect(matches({ lat: 40.97, lng: -117.74, radius: 120 }, l)).toBe(true); // Winnemucca, 104 miles
    expect(matches({ lat: 40.97, lng: -117.74, radius: 90 }, l)).toBe(false);
    expect(boardFilterSchema.safeParse({ destinationLat: 43 }).success).toBe(false);
  });

  it("the truck's limits leave out loads known to exceed them and keep loads that do not say", () => {
    expect(matches({ maxWeight: 30_000 }, load('a', {}))).toBe(true);
    expect(matches({ maxWeight: 15_000 }, load('a', {}))).toBe(false);
    expect(matches({ maxWeight: 15_000 }, load('a', { weight: null }))).toBe(true);
    expect(matches({ maxLength: 48 }, load('a', {}))).toBe(false);
    expect(matches({ maxLength: 48 }, load('a', { equipmentLength: 48 }))).toBe(true);
  });

  it('deadhead is the straight-line miles from the searched origin, and its order puts the nearest pickup first', () => {
    const origin = { lat: 40.97, lng: -117.74 };
    const near = load('near', { originLat: 40.9, originLng: -117.5 });
    const far = load('far', {});
    const unknown = load('unknown', { originLat: null, originLng: null });
    expect(deadheadMilesOf(origin, far)).toBe(Math.round(haversineMiles(40.97, -117.74, 40.83, -115.76)));
    expect(deadheadMilesOf({}, far)).toBeNull();
    expect([far, unknown, near].sort(boardComparator('deadhead', origin)).map((l) => l.id)).toEqual([
      'near',
      'far',
      'unknown',
    ]);
  });

  it('sorts by rate (highest first), pickup date and trip miles (smallest first), missing values last', () => {
    const a = load('a', { rate: 2000, pickupDate: '2031-03-05T00:00:00.000Z', distance: 500 });
    const b = load('b', { rate: 3000, pickupDate: '2031-03-02T00:00:00.000Z', distance: 900 });
    const c = load('c', { rate: null, pickupDate: null, distance: null });
    const order = (sort: 'rate' | 'pickupDate' | 'distance') =>
      [c, a, b].sort(boardComparator(sort, {})).map((l) => l.id);
    expect(order('rate')).toEqual(['b', 'a', 'c']);
    expect(order('pickupDate')).toEqual(['b', 'a', 'c']);
    expect(order('distance')).toEqual(['a', 'b', 'c']);
  });
});
