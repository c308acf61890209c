import type { FreightListingDto } from '@freight/shared';
import type { Redis } from 'ioredis';
import { redis, redisPrefix } from '../../../infra/services';

/** What travels on the listings channel: the stored listing after a write. */
export interface ListingChangeMessage {
  kind: 'posted' | 'updated';
  listing: FreightListingDto;
}

/** A message as heard, with its place in the deployment-wide sequence (a gap means messages were missed). */
export interface SequencedChange extends ListingChangeMessage {
  seq: number;
}

/** The channel and the counter every process announces listing changes with (under the Redis key prefix). */
export function listingsKeys(prefix: string) {
  return { channel: `${prefix}listings`, seq: `${prefix}listings:seq` };
}

// One round trip, atomic in Redis: number the change and publish it with its number.
const ANNOUNCE = `local n = redis.call('INCR', KEYS[1])
redis.call('PUBLISH', KEYS[2], n .. '|' .. ARGV[1])
return n`;

/**
 * Fire and forget: a lost message shows as a gap in the sequence, and the books read the database again. Nothing is
 * sent while the runtime's Redis connection is not up (a shutdown has closed it).
 */
export function publishListingChange(message: ListingChangeMessage): void {
  const publisher = redis();
  if (publisher.status !== 'ready') return;
  const keys = listingsKeys(redisPrefix());
  publisher.eval(ANNOUNCE, 2, keys.seq, keys.channel, JSON.stringify(message)).catch((err: unknown) => {
    console.error('Announcing a listing change failed', err);
  });
}

/** The number of the last change announced (0 before the first). */
export async function lastAnnounced(redis: Redis, prefix: string): Promise<number> {
  return Number((await redis.get(listingsKeys(prefix).seq)) ?? 0);
}

export function parseListingChange(raw: string): SequencedChange | null {
  const bar = raw.indexOf('|');
  const seq = Number(raw.slice(0, bar));
  if (bar < 1 || !Number.isInteger(seq)) return null;
  try {
    const m = JSON.parse(raw.slice(bar + 1)) as Partial<ListingChangeMessage>;
    if ((m.kind === 'posted' || m.kind === 'updated') && m.listing && typeof m.listing.id === 'string') {
      return { seq, kind: m.kind, listing: m.listing };
    }
  } catch {
    // not a listing change
  }
  return null;
}
