import {
  BOOKED_ELSEWHERE_REASON,
  WITHDRAWN_REASON,
  type FreightListingDto,
  type NegotiationStatus,
} from '@freight/shared';
import { NOTHING_WRITTEN, recordFact, type FactBy } from '../../../events/record';
import { onLoadMoved } from '../status';
import { toFreightDto } from '../model';
import { negotiationViews } from '../views';
import { NegotiationModel, type Negotiation } from './model';

/** A change of an offer, stated as its fact (offer.*) as the write's last step under the load's lease. */
export async function changeOffer(
  current: Negotiation,
  from: NegotiationStatus,
  set: Record<string, unknown>,
  fact: {
    name: 'offer.countered' | 'offer.revised' | 'offer.expired' | 'offer.accepted' | 'offer.rejected';
  } & {
    by: FactBy;
    reason?: string | null;
    load?: FreightListingDto | null;
    /** Extra conditions of the write (an expiry only of an offer past its time). */
    filter?: Record<string, unknown>;
  },
): Promise<Negotiation | null> {
  const at = (set.respondedAt as Date | undefined) ?? new Date();
  const write = { ...set, updatedAt: at };
  const after = { ...current, ...write } as Negotiation;
  const [offer] = await negotiationViews([after]);
  const offerId = String(current._id);
  const loadId = String(current.freightListingId);
  const versioned = fact.name === 'offer.countered' || fact.name === 'offer.revised';
  const data =
    fact.name === 'offer.rejected'
      ? { offer, reason: fact.reason ?? null, ...(fact.load !== undefined ? { load: fact.load } : {}) }
      : fact.name === 'offer.accepted'
        ? { offer, ...(fact.load !== undefined ? { load: fact.load } : {}) }
        : { offer };
  const written = await recordFact(
    { kind: 'load', id: loadId },
    {
      name: fact.name,
      key: versioned ? `${offerId}-v${after.version ?? 1}` : offerId,
      by: fact.by,
      loadId,
      subjects: { negotiationId: offerId, carrierId: String(current.carrierId) },
      data,
      proof: {
        collection: NegotiationModel.collection.collectionName,
        filter: versioned
          ? { _id: current._id, version: after.version ?? 1 }
          : { _id: current._id, status: after.status },
      },
    } as Parameters<typeof recordFact>[1],
    async () =>
      (await NegotiationModel.findOneAndUpdate(
        { _id: current._id, status: from, ...fact.filter },
        { $set: write },
        { new: true, timestamps: false },
      ).lean<Negotiation>()) ?? NOTHING_WRITTEN,
  );
  return written === NOTHING_WRITTEN ? null : written;
}

/**
 * Closes a rate offer: accepts or rejects it if it is still `from` (conditional, so a repeat changes nothing), with
 * its fact (offer.accepted / offer.rejected, by `fact.by`). The updated offer, or null when it had left `from`.
 */
export async function closeOffer(
  id: unknown,
  close: {
    from: NegotiationStatus;
    to: 'accepted' | 'rejected';
    at?: Date;
    /** Why it closed without an answer of its own (the load was withdrawn or went to another carrier). */
    closedReason?: string;
  },
  fact: { by: FactBy | string; load?: FreightListingDto | null },
): Promise<Negotiation | null> {
  const current = await NegotiationModel.findById(id).lean<Negotiation>();
  if (!current || current.status !== close.from) return null;
  return changeOffer(
    current,
    close.from,
    {
      status: close.to,
      respondedAt: close.at ?? new Date(),
      ...(close.closedReason !== undefined ? { closedReason: close.closedReason } : {}),
    },
    {
      name: close.to === 'accepted' ? 'offer.accepted' : 'offer.rejected',
      by: typeof fact.by === 'string' && fact.by !== 'system' ? { id: fact.by } : (fact.by as FactBy),
      reason: close.closedReason ?? null,
      load: fact.load,
    },
  );
}

// A load that stopped being available rejects its pending and countered offers (the accepted one is not open);
// their carriers are told why by the projector of offer.rejected (issue 23). Runs inside the load's move, under its
// lease.
onLoadMoved(async ({ by, load }) => {
  if (load.status === 'available') return;
  const at = new Date();
  const closedReason = load.status === 'cancelled' ? WITHDRAWN_REASON : BOOKED_ELSEWHERE_REASON;
  const listing = toFreightDto(load);
  for (const from of ['pending', 'counter_offered'] as const) {
    const offers = await NegotiationModel.find({ freightListingId: load._id, status: from }).lean<
      Negotiation[]
    >();
    for (const n of offers) {
      await closeOffer(n._id, { from, to: 'rejected', at, closedReason }, { by, load: listing });
    }
  }
});
