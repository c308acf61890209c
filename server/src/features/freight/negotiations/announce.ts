import { formatUsd, rooms, type FreightListingDto, type NegotiationDto } from '@freight/shared';
import { publish } from '../../../realtime/publish';
import { notify } from '../../notifications/service';
import type { FreightListing } from '../model';

const sides = (negotiation: NegotiationDto) => [
  rooms.user(negotiation.brokerId),
  rooms.user(negotiation.carrierId),
];
const carrierOf = (negotiation: NegotiationDto) =>
  negotiation.carrierCompany || negotiation.carrierName || 'A carrier';

/** Where the load's poster (shipper or broker) answers its offers (issue 23): the load's own page. */
const loadPage = (negotiation: NegotiationDto) => `/loads/${negotiation.freightListingId}`;

/** `listing`: the load as it now is, when the change moved it (a booking, a closure); null otherwise. */
function pushUpdated(negotiation: NegotiationDto, listing: FreightListingDto | null): void {
  publish('negotiation:updated', sides(negotiation), { negotiation, listing });
}

/** One carrier's offers and revisions to one broker fold into one notification (issue 25). */
const offersFrom = (negotiation: NegotiationDto) => ({
  key: `offers:${negotiation.carrierId}`,
  title: '{count} rate offers and revisions',
  body: `${carrierOf(negotiation)} sent {count} offers and revisions, latest ${formatUsd(negotiation.proposedRate)} for ${negotiation.freightTitle}.`,
});

export async function announceOfferMade(negotiation: NegotiationDto, load: FreightListing): Promise<void> {
  publish('negotiation:created', sides(negotiation), { negotiation });
  await notify({
    userId: negotiation.brokerId,
    kind: 'negotiation',
    title: 'New rate offer',
    body: `${carrierOf(negotiation)} offered ${formatUsd(negotiation.proposedRate)} for ${load.title}.`,
    link: loadPage(negotiation),
    coalesce: offersFrom(negotiation),
  });
}

/** The offer (or its counter) was accepted and the load booked; the booking tells the other side (announceLoadBooked). */
export function announceOfferAccepted(negotiation: NegotiationDto, listing: FreightListingDto | null): void {
  pushUpdated(negotiation, listing);
}

/** The broker rejected the offer or countered it. */
export async function announceOfferAnswered(
  negotiation: NegotiationDto,
  answer: 'reject' | 'counter',
): Promise<void> {
  pushUpdated(negotiation, null);
  const rejected = answer === 'reject';
  await notify({
    userId: negotiation.carrierId,
    kind: 'negotiation',
    title: rejected ? 'Rate offer rejected' : 'Counter offer received',
    body: rejected
      ? `Your offer on ${negotiation.freightTitle} was rejected.`
      : `The broker countered your offer on ${negotiation.freightTitle} with ${formatUsd(negotiation.counterRate ?? 0)}.`,
    link: '/freight',
  });
}

export async function announceOfferRevised(negotiation: NegotiationDto): Promise<void> {
  pushUpdated(negotiation, null);
  await notify({
    userId: negotiation.brokerId,
    kind: 'negotiation',
    title: 'Rate offer revised',
    body: `${carrierOf(negotiation)} now offers ${formatUsd(negotiation.proposedRate)} for ${negotiation.freightTitle}.`,
    link: loadPage(negotiation),
    coalesce: offersFrom(negotiation),
  });
}

export async function announceCounterDeclined(negotiation: NegotiationDto): Promise<void> {
  pushUpdated(negotiation, null);
  await notify({
    userId: negotiation.brokerId,
    kind: 'negotiation',
    title: 'Counter offer declined',
    body: `${negotiation.carrierCompany || negotiation.carrierName} declined your counter on ${negotiation.freightTitle}.`,
    link: loadPage(negotiation),
  });
}

/** An open offer rejected because its load stopped being available. */
export async function announceOfferClosed(
  negotiation: NegotiationDto,
  listing: FreightListingDto,
): Promise<void> {
  pushUpdated(negotiation, listing);
  await notify({
    userId: negotiation.carrierId,
    kind: 'negotiation',
    title: 'Rate offer rejected',
    body: `Your offer on ${negotiation.freightTitle ?? 'a load'} was not accepted: ${
      negotiation.closedReason
        ? negotiation.closedReason.charAt(0).toLowerCase() + negotiation.closedReason.slice(1)
        : 'the load is no longer available'
    }.`,
    link: '/freight',
    dedupeKey: `negotiation-closed:${negotiation.id}`,
  });
}
