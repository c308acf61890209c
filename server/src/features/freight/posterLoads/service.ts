import type { LoadInterestDto } from '@freight/shared';
import { authorize, type Actor } from '../../../policies';
import { BookingRequestModel, type BookingRequest } from '../bookingRequests/model';
import { toFreightDto } from '../model';
import { NegotiationModel, type Negotiation } from '../negotiations/model';
import { findLoad } from '../service';
import { bookingRequestViews, negotiationViews } from '../views';
/** How many requests and offers the load page lists (newest first); a load gathers far fewer. */
const INTEREST_LIMIT = 200;

/**
 * The poster's view of a load (issue 23): the load with every booking request and rate offer on it. Whoever runs the
 * load (its poster, shipper or broker; admins) may read it; everyone else gets 404, as if it did not exist.
 */
export async function loadInterest(actor: Actor, id: string): Promise<LoadInterestDto> {
  const load = await findLoad(id);
  authorize(actor, 'freight:manage', load, { hide: true, message: 'Load not found' });
  const [requests, offers] = await Promise.all([
    BookingRequestModel.find({ freightListingId: load._id })
      .sort({ createdAt: -1, _id: -1 })
      .limit(INTEREST_LIMIT)
      .lean<BookingRequest[]>(),
    NegotiationModel.find({ freightListingId: load._id })
      .sort({ createdAt: -1, _id: -1 })
      .limit(INTEREST_LIMIT)
      .lean<Negotiation[]>(),
  ]);
  const [requestViews, offerViews] = await Promise.all([
    bookingRequestViews(requests, { withDocuments: true }),
    negotiationViews(offers),
  ]);
  return { id: String(load._id), listing: toFreightDto(load), requests: requestViews, offers: offerViews };
}
