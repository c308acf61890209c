import { FIELDS_LOCKED_BY_INTEREST, type UpdateLoadData } from '@freight/shared';
import { conflict } from '../../../http/errors';
import { BookingRequestModel, type BookingRequest } from '../bookingRequests/model';
import type { FreightListing } from '../model';
import { NegotiationModel, type Negotiation } from '../negotiations/model';

/** The carriers waiting on a load: a pending booking request or an open (pending or countered) offer. */
export async function waitingCarriers(load: FreightListing): Promise<string[]> {
  const [requests, offers] = await Promise.all([
    BookingRequestModel.find({ freightListingId: load._id, status: 'pending' }, { carrierId: 1 }).lean<
      Array<Pick<BookingRequest, 'carrierId'>>
    >(),
    NegotiationModel.find(
      {
        freightListingId: load._id,
        status: { $in: ['pending', 'counter_offered'] },
        expiresAt: { $gt: new Date() },
      },
      { carrierId: 1 },
    ).lean<Array<Pick<Negotiation, 'carrierId'>>>(),
  ]);
  return [...new Set([...requests, ...offers].map((x) => String(x.carrierId)))];
}

/**
 * Once carriers wait on the load, its route and equipment stay as they asked for them (README, issue 23): an edit
 * that changes one is refused with 409 naming it. Caller holds the load's lease.
 */
export function assertEditAllowed(load: FreightListing, data: UpdateLoadData, waiting: string[]): void {
  if (waiting.length === 0) return;
  const changed = FIELDS_LOCKED_BY_INTEREST.filter((key) => {
    const next = data[key];
    if (next === undefined || next === null) return false;
    const now = String(load[key] ?? '');
    return String(next).trim().toLowerCase() !== now.toLowerCase();
  });
  if (changed.length > 0) {
    throw conflict(
      `Carriers have asked for this load as posted, so its ${changed.map(fieldName).join(', ')} cannot change: withdraw it and post a new one (Copy) instead`,
    );
  }
}

const FIELD_NAMES: Record<string, string> = {
  originCity: 'origin city',
  originState: 'origin state',
  destinationCity: 'destination city',
  destinationState: 'destination state',
  equipmentType: 'equipment type',
};
const fieldName = (key: string) => FIELD_NAMES[key] ?? key;
