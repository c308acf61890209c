import type { FreightListingDto, LoadInterestDto } from '@freight/shared';
import { conflict } from '../../../http/errors';
import { authorize, type Actor } from '../../../policies';
import { BookingRequestModel, type BookingRequest } from '../bookingRequests/model';
import { toFreightDto } from '../model';
import { NegotiationModel, type Negotiation } from '../negotiations/model';
import { findLoad } from '../service';
import { withStopDetails } from '../stops';
import { withLoad } from '../bookingJournal/journal';
import { moveLoad } from '../status';
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
    bookingRequestViews(requests, { withDocuments: true, viewer: actor }),
    negotiationViews(offers, actor),
  ]);
  const listing = withStopDetails(actor, load, toFreightDto(load));
  return { id: String(load._id), listing, requests: requestViews, offers: offerViews };
}

/**
 * POST /api/freight/:id/withdraw (issue 23): the poster takes an available load off the board. Under the load's
 * lease, so against an approval or an accept exactly one wins; its pending requests and open offers are closed with
 * the reason the carriers see (status.ts). A booked load is not withdrawn (409): it is cancelled from its tracking
 * page, where the booked carrier is told.
 */
export async function withdrawListing(actor: Actor, id: string): Promise<FreightListingDto> {
  const load = await findLoad(id);
  authorize(actor, 'freight:manage', load, { hide: true, message: 'Load not found' });
  const { after } = await withLoad(load._id, async () => {
    const current = await findLoad(id);
    if (current.status !== 'available') {
      throw conflict(`Only an available load can be withdrawn; this one is ${statusText(current.status)}`);
    }
    return moveLoad(actor, current._id, { to: 'cancelled' }, { expect: 'available', withdrawn: true });
  });
  return toFreightDto(after);
}

const statusText = (status: string) => status.replace('_', ' ');
