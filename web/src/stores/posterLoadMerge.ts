/** Replaces the item with the same id in place, or puts it first (a list newest first). */
export function upsertById<T extends { id: string }>(items: T[], item: T): T[] {
  return items.some((i) => i.id === item.id)
    ? items.map((i) => (i.id === item.id ? item : i))
    : [item, ...items];
}

/** The offers a poster still answers or waits on: pending (to answer) and countered (the carrier's turn). */
export const isOpenOffer = (o: { status: string }) =>
  o.status === 'pending' || o.status === 'counter_offered';
