import type { FreightListingDto } from '@freight/shared';
import type { Redis } from 'ioredis';
import type { Runtime } from '../../../runtime';
import { FreightModel, toFreightDto, type FreightListing } from '../model';
import { OpenLoadBook } from './book';
import { pushChange } from './boards';
import { listingsChannel, parseListingChange, type ListingChangeMessage } from './channel';

export const RECONCILE_INTERVAL_MS = 60_000;
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
 * its Redis subscriber reconnects (messages may have been missed) and reconciled every minute against a cheap
 * query (ids and updatedAt of the open loads), which also catches a message lost on the way.
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

  constructor(private readonly rt: Runtime) {}

  /** A change heard on the channel or made in this process. */
  receive(message: ListingChangeMessage): void {
    if (this.pending) {
      this.pending.push(message);
      return;
    }
    const change = this.book.apply(message.listing);
    if (change) pushChange(change, message.kind);
  }

  async start(): Promise<void> {
    const channel = listingsChannel(this.rt.redisPrefix);
    const sub = this.rt.redis.duplicate({
      connectionName: `${this.rt.redisPrefix}book:${process.pid}`,
      maxRetriesPerRequest: null,
    });
    this.subscriber = sub;
    sub.on('error', (err: Error) => this.rt.log.warn(`open-load book subscriber: ${err.message}`));
    sub.on('message', (_channel: string, raw: string) => {
      const message = parseListingChange(raw);
      if (message) this.receive(message);
    });
    let readyBefore = false;
    sub.on('ready', () => {
      if (!readyBefore) {
        readyBefore = true;
        return;
      }
      // A reconnect: whatever was announced meanwhile was missed. Listen again first, then read the database.
      void sub
        .subscribe(channel)
        .then(() => this.rebuild())
        .catch((err: unknown) => this.rt.log.warn('open-load book rebuild failed', err));
    });
    await sub.subscribe(channel);
    const t0 = performance.now();
    const loads = await readOpenLoads();
    this.book.reset(loads);
    this.buildMs = performance.now() - t0;
    const missed = this.pending ?? [];
    this.pending = null;
    for (const m of missed) this.receive(m);
    this.timer = setInterval(() => {
      void this.reconcile().catch((err: unknown) => this.rt.log.warn('open-load book reconcile failed', err));
    }, RECONCILE_INTERVAL_MS);
    this.timer.unref();
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
        if (before) pushChange({ before, after: { ...before, status: 'cancelled' } }, 'updated');
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
