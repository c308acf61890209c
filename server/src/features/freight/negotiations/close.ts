import { BOOKED_ELSEWHERE_REASON, WITHDRAWN_REASON, type NegotiationStatus } from '@freight/shared';
import { onLoadMoved } from '../status';
import { toFreightDto } from '../model';
import { negotiationViews } from '../views';
import { announceOfferClosed } from './announce';
import { NegotiationModel, type Negotiation } from './model';

/**
 * Closes a rate offer: accepts or rejects it if it is still `from` (conditional, so a repeat changes nothing). The
 * updated offer, or null when it had left `from` meanwhile.
 */
export function closeOffer(
  id: unknown,
  close: {
    from: NegotiationStatus;
    to: 'accepted' | 'rejected';
    at?: Date;
    /** Why it closed without an answer of its own (the load was withdrawn or went to another carrier). */
    closedReason?: string;
  },
): Promise<Negotiation | null> {
  return NegotiationModel.findOneAndUpdate(
    { _id: id, status: close.from },
    {
      $set: {
        status: close.to,
        respondedAt: close.at ?? new Date(),
        ...(close.closedReason !== undefined ? { closedReason: close.closedReason } : {}),
      },
    },
    { new: true },
  ).lean<Negotiation>();
}

// A load that stopped being available rejects its pending and countered offers (the accepted one is not open) and
// tells their carriers why (issue 23). Runs inside the load's move, under its lease.
onLoadMoved(async ({ load }) => {
  if (load.status === 'available') return;
  const at = new Date();
  const closedReason = load.status === 'cancelled' ? WITHDRAWN_REASON : BOOKED_ELSEWHERE_REASON;
  const rejected: Negotiation[] = [];
  for (const from of ['pending', 'counter_offered'] as const) {
    const offers = await NegotiationModel.find({ freightListingId: load._id, status: from }).lean<
      Negotiation[]
    >();
    for (const n of offers) {
      const updated = await closeOffer(n._id, { from, to: 'rejected', at, closedReason });
      if (updated) rejected.push(updated);
    }
  }
  const listing = toFreightDto(load);
  for (const negotiation of await negotiationViews(rejected)) {
    await announceOfferClosed(negotiation, listing);
  }
});
