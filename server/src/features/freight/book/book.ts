import { boardComparators, FREIGHT_SORTS, type FreightListingDto, type FreightSort } from '@freight/shared';

/** One list kept in a board order; the comparator is a total order (ties end on the id). */
class SortedLoads {
  items: FreightListingDto[] = [];
  constructor(private readonly compare: (a: FreightListingDto, b: FreightListingDto) => number) {}

  private lowerBound(l: FreightListingDto): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(this.items[mid], l) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
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

/**
 * The open loads (status 'available', road and air) in memory, in every board order (DESIGN §2 "The open-load
 * book"). Changes arrive in any order from any process: a change older than what the book holds for that load
 * (by updatedAt) is ignored, and so is a replay of the same state, which makes applying idempotent.
 */
export class OpenLoadBook {
  private readonly open = new Map<string, FreightListingDto>();
  /** Loads that left the book, with the time of that change: an older "available" replay must not bring them back. */
  private readonly gone = new Map<string, number>();
  private readonly orders = new Map<FreightSort, SortedLoads>(
    FREIGHT_SORTS.map((s) => [s, new SortedLoads(boardComparators[s])]),
  );

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
    for (const l of loads) if (l.status === 'available') this.open.set(l.id, l);
    const all = [...this.open.values()];
    for (const order of this.orders.values()) order.reset(all);
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
    if (before) for (const order of this.orders.values()) order.remove(before);
    if (after.status === 'available') {
      this.open.set(after.id, after);
      this.gone.delete(after.id);
      for (const order of this.orders.values()) order.insert(after);
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
    this.open.delete(id);
    this.gone.set(id, Date.now());
    return before;
  }

  /** Forgets removals older than `ms` (reconciliation has read the database since). */
  pruneGone(olderThan: number) {
    for (const [id, at] of this.gone) if (at < olderThan) this.gone.delete(id);
  }

  /**
   * The loads that pass `test`, in `sort` order: the total, and the first `limit` after `skip` (plus, when
   * `keepFirst` is larger, the first `keepFirst` matches for merging with loads from elsewhere).
   */
  search(
    test: (l: FreightListingDto) => boolean,
    sort: FreightSort,
    keepFirst: number,
  ): { total: number; first: FreightListingDto[] } {
    const first: FreightListingDto[] = [];
    let total = 0;
    for (const l of this.orders.get(sort)!.items) {
      if (!test(l)) continue;
      if (total < keepFirst) first.push(l);
      total++;
    }
    return { total, first };
  }
}
