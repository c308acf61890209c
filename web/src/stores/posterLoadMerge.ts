import type { LoadInterestDto } from '@freight/shared';
import { upsertEntities, upsertEntity } from '../lib/entities';
import { resolveList, type EntityShape } from '../lib/resourceStore';

/** Replaces the item with the same id in place, or puts it first (a list newest first). */
export function upsertById<T extends { id: string }>(items: T[], item: T): T[] {
  return items.some((i) => i.id === item.id)
    ? items.map((i) => (i.id === item.id ? item : i))
    : [item, ...items];
}

/** The offers a poster still answers or waits on: pending (to answer) and countered (the carrier's turn). */
export const isOpenOffer = (o: { status: string }) =>
  o.status === 'pending' || o.status === 'counter_offered';

/** The poster's load page in the entity tables: the listing, its requests and its offers, each kept by id. */
export const loadInterestShape: EntityShape<LoadInterestDto> = {
  store: (d) =>
    sameParts(d, {
      listing: upsertEntity('load', d.listing),
      requests: upsertEntities('bookingRequest', d.requests),
      offers: upsertEntities('negotiation', d.offers),
    }),
  resolve: (d, tables) =>
    sameParts(d, {
      listing: tables.load[d.listing.id] ?? d.listing,
      requests: resolveList('bookingRequest', d.requests, tables),
      offers: resolveList('negotiation', d.offers, tables),
    }),
};

/** The page as it was when every part is the same object (nothing re-renders), else with the new parts. */
function sameParts(d: LoadInterestDto, parts: Pick<LoadInterestDto, 'listing' | 'requests' | 'offers'>) {
  const same = <T>(a: T[], b: T[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  return parts.listing === d.listing && same(parts.requests, d.requests) && same(parts.offers, d.offers)
    ? d
    : { ...d, ...parts };
}
