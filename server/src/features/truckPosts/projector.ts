import {
  EQUIPMENT_LABELS,
  formatUsd,
  rooms,
  type FreightListingDto,
  type NegotiationDto,
  type TruckPostDto,
} from '@freight/shared';
import { registerProjector } from '../../events/projectors';
import { publish } from '../../realtime/publish';
import { partyRooms } from '../companies/rooms';
import { notify } from '../notifications/service';
import { loadsMatchingPost, postsMatchingLoad } from './matching';

/** The Trucks board's audience (brokers and shippers) and the posting carrier's people and company. */
async function boardRooms(post: TruckPostDto): Promise<string[]> {
  return [rooms.role('broker'), rooms.role('shipper'), ...(await partyRooms([post.carrierId]))];
}

const placeOf = (post: TruckPostDto) => `${post.originCity}, ${post.originState}`;
const laneOf = (load: FreightListingDto) =>
  `${load.originCity}, ${load.originState} → ${load.destinationCity}, ${load.destinationState}`;
const dayOf = (load: FreightListingDto) => (load.pickupDate ? ` on ${load.pickupDate.slice(0, 10)}` : '');

/**
 * A posted truck and an open load that match: its carrier hears of the load, the load's poster of the truck (with a
 * link that opens the offer to the carrier). One notification per person, post and load, whichever fact found it.
 */
async function alertMatch(post: TruckPostDto, load: FreightListingDto): Promise<void> {
  const equipment = EQUIPMENT_LABELS[post.equipmentType];
  await notify({
    userId: post.carrierId,
    kind: 'saved_search_match',
    title: 'A load matches your posted truck',
    body: `${laneOf(load)}${dayOf(load)}${load.rate != null ? `, ${formatUsd(load.rate)}` : ''}: fits your ${equipment} in ${placeOf(post)}.`,
    link: `/freight?load=${load.id}`,
    dedupeKey: `truck-match:${post.id}-${load.id}-${post.carrierId}`,
  });
  await notify({
    userId: load.userId,
    kind: 'saved_search_match',
    title: 'A posted truck matches your load',
    body: `${post.carrierName ?? 'A carrier'}'s ${equipment} in ${placeOf(post)} (${post.availableFrom} to ${post.availableTo}) fits ${laneOf(load)}.`,
    link: `/trucks?offer=${post.id}&load=${load.id}`,
    dedupeKey: `truck-match:${post.id}-${load.id}-${load.userId}`,
  });
}

/**
 * Posted trucks (issue 29): the Trucks boards and My Truck Posts follow every post live; a new post or load is
 * matched against the other side and both are alerted; a load offered to a truck reaches its carrier as an offer.
 */
export const truckPostsProjector = registerProjector({
  name: 'truck-posts',
  applicableEvents: [
    'truckPost.posted',
    'truckPost.edited',
    'truckPost.withdrawn',
    'truckPost.expired',
    'truckPost.loadOffered',
    'load.posted',
  ],
  async handle(event) {
    switch (event.name) {
      case 'truckPost.posted':
      case 'truckPost.edited': {
        const { post } = event.data;
        const name = event.name === 'truckPost.posted' ? 'truckPost:posted' : 'truckPost:updated';
        publish(name, await boardRooms(post), { post });
        for (const load of await loadsMatchingPost(post)) await alertMatch(post, load);
        return;
      }
      case 'truckPost.withdrawn':
      case 'truckPost.expired': {
        const { post } = event.data;
        publish('truckPost:removed', await boardRooms(post), { id: post.id, status: post.status });
        return;
      }
      case 'load.posted': {
        const { load } = event.data;
        for (const post of await postsMatchingLoad(load)) await alertMatch(post, load);
        return;
      }
      case 'truckPost.loadOffered': {
        const offer: NegotiationDto = event.data.offer;
        publish('negotiation:created', await partyRooms([offer.brokerId, offer.carrierId]), {
          negotiation: offer,
        });
        await notify({
          userId: offer.carrierId,
          kind: 'negotiation',
          title: 'A load offered to your truck',
          body: `${offer.freightOrigin} → ${offer.freightDestination} at ${formatUsd(offer.counterRate ?? offer.proposedRate)}: accept it to book the load.`,
          link: '/freight',
          dedupeKey: `${event.id}-${offer.carrierId}`,
        });
        return;
      }
      default:
    }
  },
});
