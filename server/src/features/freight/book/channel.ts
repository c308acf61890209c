import type { FreightListingDto } from '@freight/shared';
import type { Redis } from 'ioredis';

/** What travels on the listings channel: the stored listing after a write. */
export interface ListingChangeMessage {
  kind: 'posted' | 'updated';
  listing: FreightListingDto;
}

let publisher: Redis | null = null;
let channel = 'listings';

/** The channel every process announces listing changes on (under the deployment's Redis prefix). */
export function listingsChannel(prefix: string): string {
  return `${prefix}listings`;
}

/** Set up at boot by createRuntime (web and worker processes alike). */
export function initListingsChannel(client: Redis | null, prefix = ''): void {
  publisher = client;
  channel = listingsChannel(prefix);
}

/** Fire and forget: a lost message is caught by the books' periodic reconciliation. */
export function publishListingChange(message: ListingChangeMessage): void {
  if (!publisher) return;
  publisher.publish(channel, JSON.stringify(message)).catch((err: unknown) => {
    console.error('Announcing a listing change failed', err);
  });
}

export function parseListingChange(raw: string): ListingChangeMessage | null {
  try {
    const m = JSON.parse(raw) as Partial<ListingChangeMessage>;
    if ((m.kind === 'posted' || m.kind === 'updated') && m.listing && typeof m.listing.id === 'string') {
      return m as ListingChangeMessage;
    }
  } catch {
    // ignored below
  }
  return null;
}
