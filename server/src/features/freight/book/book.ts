import {
  AIR_EQUIPMENT,
  boardEquipment,
  boardComparators,
  boundingBox,
  compileBoardFilter,
  escapeRegex,
  STATIC_FREIGHT_SORTS,
  type BoardFilterFields,
  type FreightListingDto,
  type StaticFreightSort,
} from '@freight/shared';

/** One list kept in a board order; the comparator is a total order (ties end on the id). */
class SortedLoads {
  items: FreightListingDto[] = [];
  constructor(private readonly compare: (a: FreightListingDto, b: FreightListingDto) => number) {}

  private lowerBound(l: FreightListingDto): number {
    return partitionPoint(this.items, (item) => this.compare(item, l) < 0);
  }
  insert(l: FreightListingDto) {
    this.items.splice(this.lowerBound(l), 0, l);
  }
  /** Removes the entry that is `l` (the stored object, so its sort fields are the ones it was placed by). */
  remove(l: FreightListingDto) {
    const i = this.lowerBound(l);
    if (this.items[i] === l) this.items.splice(i, 1);
    else {
      const j = this.items.indexOf(l);
      if (j >= 0) this.items.splice(j, 1);
    }
  }
  reset(all: FreightListingDto[]) {
    this.items = [...all].sort(this.compare);
  }
}

export interface BookChange {
  /** The load as the book held it before (null when it was not open here). */
  before: FreightListingDto | null;
  after: FreightListingDto;
}

const stamp = (l: FreightListingDto) => Date.parse(l.updatedAt);

/** A filter field the book keeps loads grouped by: its value is the group's key. */
const GROUPED = ['originState', 'destinationState', 'equipmentType'] as const;
/** The fields that narrow a search beyond the default (road loads, any of them). */
const FILTER_FIELDS = [
  'originCity',
  'originState',
  'destinationCity',
  'destinationState',
  'originCountry',
  'destinationCountry',
  'equipmentType',
  'weightClass',
  'cargoType',
  'minRate',
  'maxRate',
  'minRatePerMile',
  'maxRatePerMile',
  'minRatePerKg',
  'maxRatePerKg',
  'pickupDateStart',
  'pickupDateEnd',
  'originStates',
  'destinationStates',
  'equipmentTypes',
  'maxWeight',
  'maxLength',
  'destinationLat',
] as const;
/** Below this share of the book, a search tests only its candidates instead of every open load. */
const GROUP_SHARE = 0.75;
/** The city fields the book keeps name groups for: a substring search tests each distinct name once. */
const CITY_FIELDS = ['originCity', 'destinationCity'] as const;
const byRateThenId = (a: FreightListingDto, b: FreightListingDto) =>
  a.rate! - b.rate! || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The 1°×1° cell of an origin (about 69 × 50 miles in the US): radius searches read only the cells they touch. */
const cellKey = (lat: number, lng: number) => `g:${Math.floor(lat)}:${Math.floor(lng)}`;

/** A grouped field's value as a key: a legacy 'refrigerated' groups with the reefers (as the predicate has it). */
const groupKey = (field: (typeof GROUPED)[number], value: string) =>
  `${field}:${field === 'equipmentType' ? boardEquipment(value) : value}`;

function groupKeys(l: FreightListingDto): string[] {
  const keys = GROUPED.map((field) => groupKey(field, l[field]));
  if (l.originLat != null && l.originLng != null) keys.push(cellKey(l.originLat, l.originLng));
  return keys;
}

/**
 * The open loads (status 'available', road and air) in memory, in every board order (DESIGN §2 "The open-load
 * book"). Changes arrive in any order from any process: a change older than what the book holds for that load
 * (by updatedAt) is ignored, and so is a replay of the same state, which makes applying idempotent.
 */
export class OpenLoadBook {
  private readonly open = new Map<string, FreightListingDto>();
  /** Loads that left the book, with the time of that change: an older "available" replay must not bring them back. */
  private readonly gone = new Map<string, number>();
  private readonly orders = new Map<StaticFreightSort, SortedLoads>(
    STATIC_FREIGHT_SORTS.map((s) => [s, new SortedLoads(boardComparators[s])]),
  );
  /** The open loads by origin state, destination state, equipment and origin cell (see groupKeys). */
  private readonly groups = new Map<string, Set<FreightListingDto>>();
  /** The open loads by exact origin and destination city name. */
  private readonly cities = {
    originCity: new Map<string, Set<FreightListingDto>>(),
    destinationCity: new Map<string, Set<FreightListingDto>>(),
  };
  /** The open loads with a rate, by rate: a rate range is one slice of it. */
  private readonly byRate = new SortedLoads(byRateThenId);
  private airLoads = 0;
  /** Bumped by every change of the open loads; totals counted at an older value are stale. */
  private changes = 0;
  private totalsAt = 0;
  private readonly totals = new Map<string, number>();

  private group(l: FreightListingDto, add: boolean) {
    this.changes++;
    this.groupByKeys(l, add);
    if (l.rate != null) {
      if (add) this.byRate.insert(l);
      else this.byRate.remove(l);
    }
  }
  /** The groups by key and name (the rate order is kept apart: a build sorts it once). */
  private groupByKeys(l: FreightListingDto, add: boolean) {
    for (const key of groupKeys(l)) changeMember(this.groups, key, l, add);
    for (const field of CITY_FIELDS) changeMember(this.cities[field], l[field], l, add);
    if (l.equipmentType === AIR_EQUIPMENT) this.airLoads += add ? 1 : -1;
  }

  get size(): number {
    return this.open.size;
  }

  get(id: string): FreightListingDto | undefined {
    return this.open.get(id);
  }

  /** The open loads with their updatedAt (what reconciliation compares against the database). */
  stamps(): Map<string, number> {
    return new Map([...this.open].map(([id, l]) => [id, stamp(l)]));
  }

  /** Replaces everything (the build at start). */
  reset(loads: FreightListingDto[]) {
    this.open.clear();
    this.gone.clear();
    this.groups.clear();
    for (const field of CITY_FIELDS) this.cities[field].clear();
    this.airLoads = 0;
    for (const l of loads) if (l.status === 'available') this.open.set(l.id, l);
    const all = [...this.open.values()];
    for (const order of this.orders.values()) order.reset(all);
    this.byRate.reset(all.filter((l) => l.rate != null));
    for (const l of all) this.groupByKeys(l, true);
    this.changes++;
  }

  /** A load's new state; returns what changed for the boards, or null when nothing did. */
  apply(after: FreightListingDto): BookChange | null {
    const before = this.open.get(after.id) ?? null;
    const at = stamp(after);
    if (before) {
      const held = stamp(before);
      if (at < held) return null;
      if (at === held && JSON.stringify(before) === JSON.stringify(after)) return null;
    } else {
      const goneAt = this.gone.get(after.id);
      if (goneAt !== undefined && at <= goneAt) return null;
    }
    if (before) {
      for (const order of this.orders.values()) order.remove(before);
      this.group(before, false);
    }
    if (after.status === 'available') {
      this.open.set(after.id, after);
      this.gone.delete(after.id);
      for (const order of this.orders.values()) order.insert(after);
      this.group(after, true);
    } else {
      this.open.delete(after.id);
      this.gone.set(after.id, at);
    }
    return { before, after };
  }

  /** A load that no longer exists at all. */
  drop(id: string): FreightListingDto | null {
    const before = this.open.get(id) ?? null;
    if (!before) return null;
    for (const order of this.orders.values()) order.remove(before);
    this.group(before, false);
    this.open.delete(id);
    this.gone.set(id, Date.now());
    return before;
  }

  /** Forgets removals older than `ms` (reconciliation has read the database since). */
  pruneGone(olderThan: number) {
    for (const [id, at] of this.gone) if (at < olderThan) this.gone.delete(id);
  }

  /**
   * The open loads a board with filters `f` shows, in `sort` order: the total, and the first `keepFirst` of them.
   * Without filters the ordered list answers directly; a filter on a grouped field (or a radius) reads only its
   * group when that group is small, and sorts the matches; otherwise one ordered list is scanned.
   */
  search(
    f: BoardFilterFields,
    sort: StaticFreightSort,
    keepFirst: number,
  ): { total: number; first: FreightListingDto[] } {
    const ordered = this.orders.get(sort)!.items;
    const test = compileBoardFilter(f);
    const circle = f.lat !== undefined && f.lng !== undefined && f.radius !== undefined;
    if (!circle && FILTER_FIELDS.every((field) => f[field] === undefined || f[field] === '')) {
      // The default board: every road load (air loads have their own marketplace).
      const first: FreightListingDto[] = [];
      for (let i = 0; i < ordered.length && first.length < keepFirst; i++) {
        if (test(ordered[i])) first.push(ordered[i]);
      }
      return { total: f.status && f.status !== 'available' ? 0 : this.size - this.airLoads, first };
    }
    // A total counted since the book last changed: the page alone is found, by walking the ordered list, when that
    // reads fewer loads than testing every candidate again (it meets a match every size/total loads).
    const key = filterKey(f);
    if (this.totalsAt !== this.changes) {
      this.totals.clear();
      this.totalsAt = this.changes;
    }
    const known = this.totals.get(key);
    const candidates = this.smallestGroup(f, circle);
    const candidateCount =
      candidates && candidates.size < this.size * GROUP_SHARE ? candidates.size : this.size;
    if (known !== undefined && (known === 0 || (keepFirst * this.size) / known < candidateCount)) {
      const first: FreightListingDto[] = [];
      for (let i = 0; known > 0 && i < ordered.length && first.length < keepFirst; i++) {
        if (test(ordered[i])) first.push(ordered[i]);
      }
      return { total: known, first };
    }
    const found = this.searchAll(f, sort, keepFirst, test, candidates);
    if (this.totals.size >= MAX_CACHED_TOTALS) this.totals.clear();
    this.totals.set(key, found.total);
    return found;
  }

  /** Every match tested: from the candidates when they are few enough, else from one ordered list. */
  private searchAll(
    f: BoardFilterFields,
    sort: StaticFreightSort,
    keepFirst: number,
    test: (l: FreightListingDto) => boolean,
    candidates: { groups: Candidates; size: number } | null,
  ): { total: number; first: FreightListingDto[] } {
    const ordered = this.orders.get(sort)!.items;
    if (candidates && candidates.size < this.size * GROUP_SHARE) {
      const matches: FreightListingDto[] = [];
      for (const group of candidates.groups) for (const l of group) if (test(l)) matches.push(l);
      // Sort the matches, or walk the ordered list until the page is full: whichever reads fewer loads (the walk
      // meets a match every size/matches loads).
      const walk = (keepFirst * this.size) / Math.max(matches.length, 1);
      if (walk > matches.length * Math.log2(matches.length + 1)) {
        matches.sort(boardComparators[sort]);
        return { total: matches.length, first: matches.slice(0, keepFirst) };
      }
      const matching = new Set(matches);
      const first: FreightListingDto[] = [];
      for (let i = 0; i < ordered.length && first.length < keepFirst; i++) {
        if (matching.has(ordered[i])) first.push(ordered[i]);
      }
      return { total: matches.length, first };
    }
    const first: FreightListingDto[] = [];
    let total = 0;
    for (const l of ordered) {
      if (!test(l)) continue;
      if (total < keepFirst) first.push(l);
      total++;
    }
    return { total, first };
  }

  /** The smallest set of groups that holds every load the filters can match (null when no filter is grouped). */
  private smallestGroup(f: BoardFilterFields, circle: boolean): { groups: Candidates; size: number } | null {
    let best: { groups: Candidates; size: number } | null = null;
    const consider = (groups: Candidates) => {
      const size = groups.reduce((n, g) => n + ('size' in g ? g.size : g.length), 0);
      if (!best || size < best.size) best = { groups, size };
    };
    for (const field of GROUPED) {
      const wanted = f[field];
      if (wanted) consider([this.groups.get(groupKey(field, wanted)) ?? new Set()]);
    }
    // A list (several states, several equipment types): the union of its groups.
    for (const [list, field] of [
      ['originStates', 'originState'],
      ['destinationStates', 'destinationState'],
      ['equipmentTypes', 'equipmentType'],
    ] as const) {
      const wanted = f[list];
      if (wanted?.length) {
        consider([...new Set(wanted)].map((v) => this.groups.get(groupKey(field, v)) ?? new Set()));
      }
    }
    for (const field of CITY_FIELDS) {
      const wanted = f[field];
      if (!wanted) continue;
      // The filter's own test: a case-insensitive substring, run once per distinct name instead of once per load.
      const contains = new RegExp(escapeRegex(wanted), 'i');
      consider([...this.cities[field]].filter(([name]) => contains.test(name)).map(([, loads]) => loads));
    }
    if (f.minRate !== undefined || f.maxRate !== undefined) consider([this.rateRange(f.minRate, f.maxRate)]);
    if (circle) {
      const box = boundingBox(f.lat!, f.lng!, f.radius!);
      // A box across the antimeridian or a pole: no cell list, the other groups or the scan serve it.
      if (box.minLng >= -180 && box.maxLng <= 180) {
        const cells: Set<FreightListingDto>[] = [];
        for (let lat = Math.floor(box.minLat); lat <= Math.floor(box.maxLat); lat++) {
          for (let lng = Math.floor(box.minLng); lng <= Math.floor(box.maxLng); lng++) {
            const cell = this.groups.get(cellKey(lat, lng));
            if (cell) cells.push(cell);
          }
        }
        consider(cells);
      }
    }
    return best;
  }

  /** The loads whose rate is within [min, max] dollars (either end open), from the rate-ordered list. */
  private rateRange(min: number | undefined, max: number | undefined): FreightListingDto[] {
    const items = this.byRate.items;
    // Slightly wide (a cent each way): the filter's own test, in cents, decides at the edges.
    const from = min === undefined ? 0 : partitionPoint(items, (l) => l.rate! < min - 0.01);
    const to = max === undefined ? items.length : partitionPoint(items, (l) => l.rate! <= max + 0.01);
    return items.slice(from, to);
  }
}

/** Totals kept between two changes of the book (a board's filter sets; cleared whole when full). */
const MAX_CACHED_TOTALS = 1000;

/** The filter fields that decide which loads match (not the sort or the page), in a fixed order. */
function filterKey(f: BoardFilterFields): string {
  return JSON.stringify(
    [...FILTER_FIELDS, 'destinationLng', 'destinationRadius', 'lat', 'lng', 'radius', 'status'].map(
      (k) => f[k as keyof BoardFilterFields],
    ),
  );
}

/** Sets or slices of open loads that together hold every load a search can match. */
type Candidates = Array<ReadonlyArray<FreightListingDto> | Set<FreightListingDto>>;

/** The first index in `items` at which `before` is false (`before` holds for a prefix of `items`). */
function partitionPoint<T>(items: readonly T[], before: (item: T) => boolean): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(items[mid])) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function changeMember(
  groups: Map<string, Set<FreightListingDto>>,
  key: string,
  l: FreightListingDto,
  add: boolean,
): void {
  let members = groups.get(key);
  if (add) {
    if (!members) groups.set(key, (members = new Set()));
    members.add(l);
  } else if (members) {
    members.delete(l);
    if (members.size === 0) groups.delete(key);
  }
}
