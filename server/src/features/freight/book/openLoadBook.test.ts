import {
  boardComparators,
  compileBoardFilter,
  EQUIPMENT_TYPES,
  STATIC_FREIGHT_SORTS,
  WEIGHT_CLASSES,
  type BoardFilterFields,
  type FreightListingDto,
  type FreightStatus,
} from '@freight/shared';
import { describe, expect, it } from 'vitest';
import { OpenLoadBook } from './book';

/** A small deterministic generator (mulberry32): the same loads and searches on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STATES = ['TX', 'CA', 'IL', 'GA', 'OH', 'WA', 'NY', 'FL'];
const CITIES = ['Springfield', 'Dallas', 'Chicago', 'Fresno', 'Austin', 'Atlanta'];

function makeLoad(rnd: () => number, n: number, at: number): FreightListingDto {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const rate = rnd() < 0.1 ? null : Math.round((500 + rnd() * 5000) * 100) / 100;
  const distance = 100 + Math.round(rnd() * 1500);
  return {
    id: `load-${n}`,
    userId: `user-${n % 17}`,
    carrierId: null,
    brokerId: null,
    shipperId: null,
    title: `Load ${n}`,
    originCity: pick(CITIES),
    originState: pick(STATES),
    originZip: null,
    originCountry: 'US',
    destinationCity: pick(CITIES),
    destinationState: pick(STATES),
    destinationZip: null,
    destinationCountry: 'US',
    originLat: rnd() < 0.05 ? null : 25 + rnd() * 23,
    originLng: -124 + rnd() * 55,
    destinationLat: null,
    destinationLng: null,
    equipmentType: pick(EQUIPMENT_TYPES),
    equipmentLength: null,
    weight: null,
    weightClass: pick(WEIGHT_CLASSES),
    commodity: null,
    cargoType: null,
    rate,
    ratePerMile: rate == null ? null : Math.round((rate / distance) * 100) / 100,
    rateType: 'flat',
    distance,
    searchRadius: 50,
    pickupDate: new Date(Date.UTC(2026, 11, 1 + Math.floor(rnd() * 30))).toISOString(),
    pickupTimeStart: null,
    pickupTimeEnd: null,
    deliveryDate: null,
    deliveryTimeStart: null,
    deliveryTimeEnd: null,
    description: null,
    specialInstructions: null,
    status: 'available',
    isUrgent: false,
    isHazmat: false,
    requiresTarps: false,
    requiresStraps: false,
    requiresLiftgate: false,
    userCompanyName: null,
    createdAt: new Date(at - Math.floor(rnd() * 1e9)).toISOString(),
    updatedAt: new Date(at).toISOString(),
  } as FreightListingDto;
}

function randomFilter(rnd: () => number): BoardFilterFields {
  const f: BoardFilterFields = {};
  const maybe = (p: number) => rnd() < p;
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  if (maybe(0.4)) f.originState = pick(STATES);
  if (maybe(0.3)) f.destinationState = pick(STATES);
  if (maybe(0.3)) f.equipmentType = pick(EQUIPMENT_TYPES);
  if (maybe(0.2)) f.weightClass = pick(WEIGHT_CLASSES);
  if (maybe(0.2)) f.originCity = pick(CITIES).slice(1, 4).toLowerCase();
  if (maybe(0.1)) f.destinationCity = pick(CITIES).slice(0, 3).toUpperCase();
  if (maybe(0.2)) f.minRate = Math.round(rnd() * 6000 * 100) / 100;
  if (maybe(0.15)) f.maxRate = Math.round(rnd() * 4000 * 100) / 100;
  if (maybe(0.1)) f.maxRatePerMile = Math.round(rnd() * 10);
  if (maybe(0.1)) f.pickupDateStart = '2026-12-10';
  if (maybe(0.35)) {
    f.lat = 25 + rnd() * 23;
    f.lng = -124 + rnd() * 55;
    f.radius = pick([25, 50, 150, 400, 1200]);
  }
  return f;
}

describe('OpenLoadBook.search', () => {
  it('answers every filter and sort exactly as the shared predicate over all open loads, through changes', () => {
    const rnd = random(11);
    const book = new OpenLoadBook();
    let clock = Date.now(); // a removal is stamped with the real time: later changes must be later than it
    const initial = Array.from({ length: 1500 }, (_, n) => makeLoad(rnd, n, clock));
    book.reset(initial);
    const truth = new Map(initial.map((l) => [l.id, l]));
    // Edits (new state, origin or equipment), bookings, cancels and new posts move loads between groups.
    for (let step = 0; step < 1500; step++) {
      clock += 1000;
      const n = Math.floor(rnd() * 1800);
      const roll = rnd();
      const next: FreightListingDto =
        roll < 0.6
          ? makeLoad(rnd, n, clock)
          : {
              ...(truth.get(`load-${n}`) ?? makeLoad(rnd, n, clock)),
              updatedAt: new Date(clock).toISOString(),
            };
      if (roll >= 0.6) next.status = (roll < 0.8 ? 'booked' : 'cancelled') as FreightStatus;
      book.apply(next);
      truth.set(next.id, next);
      if (rnd() < 0.02) {
        book.drop(next.id);
        truth.delete(next.id);
      }
    }
    const open = [...truth.values()].filter((l) => l.status === 'available');
    expect(book.size).toBe(open.length);

    let narrowed = 0;
    for (let i = 0; i < 400; i++) {
      const f = randomFilter(rnd);
      const sort = STATIC_FREIGHT_SORTS[i % STATIC_FREIGHT_SORTS.length];
      const expected = open.filter(compileBoardFilter(f)).sort(boardComparators[sort]);
      const keepFirst = i % 3 === 0 ? 300 : 30; // a deep page too (sorting wins over the walk there)
      // Twice: the second answer comes from the total kept since the book last changed.
      for (const got of [book.search(f, sort, keepFirst), book.search(f, sort, keepFirst)]) {
        expect(got.total, JSON.stringify(f)).toBe(expected.length);
        expect(
          got.first.map((l) => l.id),
          JSON.stringify({ f, sort }),
        ).toEqual(expected.slice(0, keepFirst).map((l) => l.id));
      }
      if (expected.length < open.length / 4) narrowed++;
    }
    expect(narrowed).toBeGreaterThan(100); // narrow searches (a group's own path), not only broad ones
    // The default board (no filter) and a status the board does not list.
    const road = open.filter((l) => l.equipmentType !== 'air_cargo').sort(boardComparators.newest);
    const all = book.search({}, 'newest', 25);
    expect(all.total).toBe(road.length);
    expect(all.first.map((l) => l.id)).toEqual(road.slice(0, 25).map((l) => l.id));
    expect(book.search({ status: 'booked' }, 'newest', 25)).toEqual({ total: 0, first: [] });
    // A kept total follows the next change: a new matching load counts, a dropped one no longer does.
    const state = open[0].originState;
    const before = book.search({ originState: state }, 'newest', 1).total;
    const added = {
      ...makeLoad(rnd, 5000, clock + 1000),
      originState: state,
      equipmentType: 'dry_van', // a road load: the road board counts it
      status: 'available' as FreightStatus,
    };
    book.apply(added);
    expect(book.search({ originState: state }, 'newest', 1).total).toBe(before + 1);
    book.drop(added.id);
    expect(book.search({ originState: state }, 'newest', 1).total).toBe(before);
    // Both ends of a rate range are inclusive, to the cent.
    const priced = open.find((l) => l.rate != null && l.equipmentType !== 'air_cargo')!;
    const exact = book.search({ minRate: priced.rate!, maxRate: priced.rate! }, 'newest', 1000);
    expect(exact.first.map((l) => l.id)).toContain(priced.id);
    expect(exact.first.every((l) => l.rate === priced.rate)).toBe(true);
  });
});
