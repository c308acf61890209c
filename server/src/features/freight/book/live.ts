import type { FreightListingDto } from '@freight/shared';
import type { Redis } from 'ioredis';
import { REDIS_QUEUED_OPTIONS } from '../../../infra/availability';
import type { Runtime } from '../../../runtimeTypes';
import { FreightModel, toFreightDto, type FreightListing } from '../model';
import { withPosterRatings } from '../../companies/ratingSummaries';
import { OpenLoadBook, type BookChange } from './book';
import { pushChange } from './boards';
import {
  lastAnnounced,
  listingsKeys,
  parseListingChange,
  type ListingChangeMessage,
  type SequencedChange,
} from './channel';

export const RECONCILE_INTERVAL_MS = 60_000;
/**
 * Every how many checks the open loads are counted in the database: on FerretDB a count reads every open load
 * (100,000 loads: seconds of work), so the cheap sequence check runs every minute and the count every ten.
 */
const COUNT_EVERY_CHECKS = 10;
const BATCH = 1000;
const FETCH_CONCURRENCY = 16;

/** The database query behind the book: top-level equality only (DESIGN §2), streamed in batches. */
export const OPEN_LOADS_FILTER = { status: 'available' } as const;

/** Every open load, read once (the build at start; also the fallback in a process without a live book). */
export async function readOpenLoads(): Promise<FreightListingDto[]> {
  const out: FreightListingDto[] = [];
  const cursor = FreightModel.find(OPEN_LOADS_FILTER).lean<FreightListing[]>().batchSize(BATCH).cursor();
  for await (const doc of cursor) out.push(toFreightDto(doc as FreightListing));
  return out;
}

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

/**
 * The book of this web process: built from MongoDB at start, kept current by the listings channel, rebuilt when
 * its Redis subscriber reconnects (messages may have been missed) and reconciled (ids and updatedAt of the open
 * loads, then reads by _id of those that differ) when it finds it is behind: a gap in the changes' sequence
 * numbers, or, checked every minute with two cheap queries, a sequence number it never heard or a count of open
 * loads that differs from its own.
 */
export class LiveBook {
  readonly book = new OpenLoadBook();
  /** How long the build at start took, and how many rebuilds after a reconnect there have been. */
  buildMs = 0;
  rebuilds = 0;
  private subscriber: Redis | null = null;
  private timer: NodeJS.Timeout | null = null;
  private pending: ListingChangeMessage[] | null = [];
  private closed = false;
  private syncing: Promise<void> = Promise.resolve();
  /** The number of the last change heard on the channel, and the announced number at the previous check. */
  private lastSeq = 0;
  private seqAtLastCheck = 0;
  private checks = 0;
  private gapWhileBuilding = false;

  constructor(private readonly rt: Runtime) {}

  /** A change heard on the channel or made in this process. */
  receive(message: ListingChangeMessage): void {
    if (this.pending) {
      this.pending.push(message);
      return;
    }
    const change = this.book.apply(message.listing);
    if (change) this.push(change, message.kind);
  }

  private pushes: Promise<void> = Promise.resolve();
  /**
   * A change pushed to the open boards with its poster's badge (rating, days-to-pay: two `_id` reads of the projectors'
   * summaries), as the board's pages carry it; in the order the changes were heard. A badge that cannot be read
   * leaves the load without one rather than holding the push.
   */
  private push(change: BookChange, kind: 'posted' | 'updated'): void {
    this.pushes = this.pushes.then(async () => {
      const [after] = await withPosterRatings([change.after]).catch(() => [change.after]);
      pushChange({ ...change, after: after! }, kind);
    });
  }

  /** A change heard on the channel: a gap in the numbers means some were missed. */
  private hear(message: SequencedChange): void {
    if (message.seq > this.lastSeq + 1) {
      if (this.pending) this.gapWhileBuilding = true;
      else void this.reconcileLogged();
    }
    this.lastSeq = Math.max(this.lastSeq, message.seq);
    this.receive(message);
  }

  private reconcileLogged(): Promise<void> {
    return this.reconcile().catch((err: unknown) => this.rt.log.warn('open-load book reconcile failed', err));
  }

  async start(): Promise<void> {
    const { channel } = listingsKeys(this.rt.redisPrefix);
    const sub = this.rt.redis.duplicate({
      ...REDIS_QUEUED_OPTIONS,
      connectionName: `${this.rt.redisPrefix}book:${process.pid}`,
    });
    this.subscriber = sub;
    sub.on('error', (err: Error) => this.rt.log.warn(`open-load book subscriber: ${err.message}`));
    sub.on('message', (_channel: string, raw: string) => {
      const message = parseListingChange(raw);
      if (message) this.hear(message);
    });
    let readyBefore = false;
    sub.on('ready', () => {
      if (!readyBefore) {
        readyBefore = true;
        return;
      }
      // A reconnect: whatever was announced meanwhile was missed. Listen again first, then read the database.
      // The command connection may come back a moment after this one: try a few times.
      const resync = async (attempt: number): Promise<void> => {
        try {
          await sub.subscribe(channel);
          this.lastSeq = await lastAnnounced(this.rt.redis, this.rt.redisPrefix);
          await this.rebuild();
        } catch (err) {
          if (attempt >= 30) return this.rt.log.warn('open-load book rebuild failed', err);
          await new Promise((r) => setTimeout(r, 1_000));
          return resync(attempt + 1);
        }
      };
      void resync(1);
    });
    await sub.subscribe(channel);
    this.lastSeq = await lastAnnounced(this.rt.redis, this.rt.redisPrefix);
    this.seqAtLastCheck = this.lastSeq;
    const t0 = performance.now();
    const loads = await readOpenLoads();
    this.book.reset(loads);
    this.buildMs = performance.now() - t0;
    const missed = this.pending ?? [];
    this.pending = null;
    for (const m of missed) this.receive(m);
    if (this.gapWhileBuilding) void this.reconcileLogged();
    this.timer = setInterval(() => {
      void this.check().catch((err: unknown) => this.rt.log.warn('open-load book check failed', err));
    }, RECONCILE_INTERVAL_MS);
    this.timer.unref();
  }

  /**
   * The periodic check: behind if a change announced before the previous check has still not been heard (the last
   * messages before a silence leave no gap), or (every tenth check) if the database counts another number of open
   * loads.
   */
  async check({ count = ++this.checks % COUNT_EVERY_CHECKS === 0 } = {}): Promise<void> {
    const behind = this.lastSeq < this.seqAtLastCheck;
    this.seqAtLastCheck = await lastAnnounced(this.rt.redis, this.rt.redisPrefix);
    const differs = count && (await FreightModel.countDocuments(OPEN_LOADS_FILTER)) !== this.book.size;
    if (behind || differs) await this.reconcile();
    // A replay older than this is not expected any more: the removals need not be remembered longer.
    this.book.pruneGone(Date.now() - 10 * RECONCILE_INTERVAL_MS);
  }

  /** Reads every open load again and applies the differences (pushing them to the boards they concern). */
  rebuild(): Promise<void> {
    return this.serial(async () => {
      this.rebuilds++;
      const seen = new Set<string>();
      const cursor = FreightModel.find(OPEN_LOADS_FILTER).lean<FreightListing[]>().batchSize(BATCH).cursor();
      for await (const doc of cursor) {
        const listing = toFreightDto(doc as FreightListing);
        seen.add(listing.id);
        this.receive({ kind: 'updated', listing });
      }
      await this.refresh([...this.book.stamps().keys()].filter((id) => !seen.has(id)));
    });
  }

  /** Compares ids and updatedAt of the open loads with the book; reads by _id only the loads that differ. */
  reconcile(): Promise<void> {
    return this.serial(async () => {
      const startedAt = Date.now();
      const held = this.book.stamps();
      const differ: string[] = [];
      const cursor = FreightModel.find(OPEN_LOADS_FILTER, { _id: 1, updatedAt: 1 })
        .lean<{ _id: unknown; updatedAt?: Date }[]>()
        .batchSize(BATCH)
        .cursor();
      for await (const doc of cursor) {
        const row = doc as { _id: unknown; updatedAt?: Date };
        const id = String(row._id);
        const at = row.updatedAt ? row.updatedAt.getTime() : 0;
        if (held.get(id) !== at) differ.push(id);
        held.delete(id);
      }
      await this.refresh([...differ, ...held.keys()]);
      this.book.pruneGone(startedAt - RECONCILE_INTERVAL_MS);
    });
  }

  /** Reads these loads by _id and applies what the database holds. */
  private async refresh(ids: string[]) {
    await inBatches(ids, FETCH_CONCURRENCY, async (id) => {
      const doc = await FreightModel.findById(id).lean<FreightListing>();
      if (doc) this.receive({ kind: 'updated', listing: toFreightDto(doc) });
      else {
        const before = this.book.drop(id);
        if (before) this.push({ before, after: { ...before, status: 'cancelled' } }, 'updated');
      }
    });
  }

  private serial(fn: () => Promise<void>): Promise<void> {
    const run = this.syncing.then(() => (this.closed ? undefined : fn()));
    this.syncing = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.syncing;
    await this.subscriber?.quit().catch(() => undefined);
  }
}

let live: LiveBook | null = null;

/** Builds this process's book and starts listening (the web role, before it accepts requests). */
export async function startOpenLoadBook(rt: Runtime): Promise<LiveBook> {
  const book = new LiveBook(rt);
  await book.start();
  live = book;
  return book;
}

export async function stopOpenLoadBook(book: LiveBook): Promise<void> {
  if (live === book) live = null;
  await book.close();
}

/** This process's live book (null in a process without the web role). */
export function liveBook(): LiveBook | null {
  return live;
}
