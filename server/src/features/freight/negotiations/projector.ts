import { formatUsd, type FreightListingDto, type NegotiationDto } from '@freight/shared';
import { registerProjector } from '../../../events/projectors';
import { publish } from '../../../realtime/publish';
import { notify } from '../../notifications/service';
import { partyRooms } from '../../companies/rooms';

/** Both sides' people and companies (issue 28). */
const sides = (negotiation: NegotiationDto) => partyRooms([negotiation.brokerId, negotiation.carrierId]);
const carrierOf = (negotiation: NegotiationDto) =>
  negotiation.carrierCompany || negotiation.carrierName || 'A carrier';

/** Where the load's poster (shipper or broker) answers its offers (issue 23): the load's own page. */
const loadPage = (negotiation: NegotiationDto) => `/loads/${negotiation.freightListingId}`;

/** `listing`: the load as it now is, when the change moved it (a booking, a closure); null otherwise. */
async function pushUpdated(negotiation: NegotiationDto, listing: FreightListingDto | null): Promise<void> {
  publish('negotiation:updated', await sides(negotiation), { negotiation, listing });
}

/** One carrier's offers and revisions to one broker fold into one notification (issue 25). */
const offersFrom = (negotiation: NegotiationDto) => ({
  key: `offers:${negotiation.carrierId}`,
  title: '{count} rate offers and revisions',
  body: `${carrierOf(negotiation)} sent {count} offers and revisions, latest ${formatUsd(negotiation.proposedRate)} for ${negotiation.freightTitle}.`,
});

/**
 * Rate offers, live to both sides and notified to the one who answers next. An accepted offer's other side hears of
 * the booking (freight/projectors.ts); an expiry is in the load's history only.
 */
export const offersProjector = registerProjector({
  name: 'offers',
  applicableEvents: ['offer.made', 'offer.revised', 'offer.countered', 'offer.accepted', 'offer.rejected'],
  async handle(event) {
    const recipient = (userId: string) => ({ userId, dedupeKey: `${event.id}-${userId}` });
    switch (event.name) {
      case 'offer.made': {
        const { offer } = event.data;
        publish('negotiation:created', await sides(offer), { negotiation: offer });
        await notify({
          ...recipient(offer.brokerId),
          kind: 'negotiation',
          title: 'New rate offer',
          body: `${carrierOf(offer)} offered ${formatUsd(offer.proposedRate)} for ${offer.freightTitle}.`,
          link: loadPage(offer),
          coalesce: offersFrom(offer),
        });
        return;
      }
      case 'offer.revised': {
        const { offer } = event.data;
        await pushUpdated(offer, null);
        await notify({
          ...recipient(offer.brokerId),
          kind: 'negotiation',
          title: 'Rate offer revised',
          body: `${carrierOf(offer)} now offers ${formatUsd(offer.proposedRate)} for ${offer.freightTitle}.`,
          link: loadPage(offer),
          coalesce: offersFrom(offer),
        });
        return;
      }
      case 'offer.countered': {
        const { offer } = event.data;
        await pushUpdated(offer, null);
        const round = offer.history.at(-1);
        const said = round?.message ? `: “${round.message}”` : '.';
        if (round?.by === 'carrier') {
          // The carrier countered the broker's counter (issue 39): the broker answers next.
          await notify({
            ...recipient(offer.brokerId),
            kind: 'negotiation',
            title: 'Counter offer received',
            body: `${carrierOf(offer)} countered with ${formatUsd(round.rate)} on ${offer.freightTitle}${said}`,
            link: loadPage(offer),
          });
          return;
        }
        await notify({
          ...recipient(offer.carrierId),
          kind: 'negotiation',
          title: 'Counter offer received',
          body: `The broker countered your offer on ${offer.freightTitle} with ${formatUsd(offer.counterRate ?? 0)}${said}`,
          link: '/freight',
        });
        return;
      }
      case 'offer.accepted':
        await pushUpdated(event.data.offer, event.data.load ?? null);
        return;
      case 'offer.rejected': {
        const { offer, reason } = event.data;
        if (reason !== null) {
          // Closed because its load stopped being available: its carrier is told why.
          await pushUpdated(offer, event.data.load ?? null);
          await notify({
            userId: offer.carrierId,
            kind: 'negotiation',
            title: 'Rate offer rejected',
            body: `Your offer on ${offer.freightTitle ?? 'a load'} was not accepted: ${
              offer.closedReason
                ? offer.closedReason.charAt(0).toLowerCase() + offer.closedReason.slice(1)
                : 'the load is no longer available'
            }.`,
            link: '/freight',
            dedupeKey: `negotiation-closed:${offer.id}`,
          });
          return;
        }
        await pushUpdated(offer, null);
        if (event.actor.userId === offer.carrierId) {
          // The carrier declined the broker's counter.
          await notify({
            ...recipient(offer.brokerId),
            kind: 'negotiation',
            title: 'Counter offer declined',
            body: `${offer.carrierCompany || offer.carrierName} declined your counter on ${offer.freightTitle}.`,
            link: loadPage(offer),
          });
          return;
        }
        await notify({
          ...recipient(offer.carrierId),
          kind: 'negotiation',
          title: 'Rate offer rejected',
          body: `Your offer on ${offer.freightTitle} was rejected.`,
          link: '/freight',
        });
        return;
      }
      default:
    }
  },
});
