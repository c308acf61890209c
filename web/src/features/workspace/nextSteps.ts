import type {
  BookingRequestStatus,
  FreightListingDto,
  FreightStatus,
  NegotiationStatus,
} from '@freight/shared';

/** How a carrier's booking request stands. */
export const REQUEST_OUTCOME: Record<BookingRequestStatus, string> = {
  pending: 'Requested',
  approved: 'Approved',
  rejected: 'Not accepted',
};

/** What a carrier does next with a load they hauled or will haul (on its tracking page). */
export function nextCarrierStep(status: FreightStatus): string {
  switch (status) {
    case 'booked':
      return 'Start the trip';
    case 'in_transit':
      return 'Share location, then mark delivered';
    case 'delivered':
      return 'See photos and chat';
    default:
      return 'Open tracking';
  }
}

/** What a shipper or broker does next with a posted load; `to` where they do it. */
export function nextPosterStep(l: Pick<FreightListingDto, 'id' | 'status'>): { label: string; to?: string } {
  switch (l.status) {
    case 'available':
      return { label: 'Review booking requests and offers', to: `/loads/${l.id}` };
    case 'booked':
      return { label: 'Waiting for pickup: follow it', to: `/tracking/${l.id}` };
    case 'in_transit':
      return { label: 'On its way: follow it', to: `/tracking/${l.id}` };
    case 'delivered':
      return { label: 'Delivered: see photos', to: `/tracking/${l.id}` };
    default:
      return { label: 'Cancelled' };
  }
}

/** An offer's outcome as a badge: still open, or how it ended (a refused or expired offer stays listed). */
export function offerOutcome(status: NegotiationStatus): { label: string; color: string } {
  switch (status) {
    case 'pending':
      return { label: 'Pending', color: 'yellow' };
    case 'counter_offered':
      return { label: 'Counter offer', color: 'orange' };
    case 'accepted':
      return { label: 'Accepted', color: 'green' };
    case 'rejected':
      return { label: 'Rejected', color: 'red' };
    case 'expired':
      return { label: 'Expired', color: 'gray' };
  }
}
