import {
  boardEquipment,
  freightSearchSchema,
  truckPostMatchesLoad,
  type FreightListingDto,
  type TruckPostDto,
} from '@freight/shared';
import { now } from '../../infra/clock';
import { searchListings } from '../freight/service';
import { effectivePostStatus, toTruckPostDto } from './model';
import { activePostsNear } from './service';

/** The widest pickup radius a post may have: the candidates of a load are the posts within it of the load's origin. */
const MAX_PICKUP_RADIUS = 500;
/** A new post is matched against at most this many open loads near it (the newest first). */
export const MATCH_LOAD_LIMIT = 100;

/** Active posted trucks that match an open load (bands around its origin, equipment that fits, then the rule). */
export async function postsMatchingLoad(load: FreightListingDto): Promise<TruckPostDto[]> {
  if (load.originLat == null || load.originLng == null || load.equipmentType === 'air_cargo') return [];
  const equipment = boardEquipment(load.equipmentType);
  // Any truck can pull a power-only load; otherwise only its own kind fits (equality on the kind).
  const candidates = await activePostsNear(
    load.originLat,
    load.originLng,
    MAX_PICKUP_RADIUS,
    equipment === 'power_only' ? undefined : equipment,
  );
  const at = now();
  return candidates
    .filter((p) => effectivePostStatus(p, at) === 'active')
    .map((p) => toTruckPostDto(p, at))
    .filter((post) => post.carrierId !== load.carrierId && truckPostMatchesLoad(post, load));
}

/** Open loads (from the board's book) that match a posted truck. */
export async function loadsMatchingPost(post: TruckPostDto): Promise<FreightListingDto[]> {
  if (post.originLat == null || post.originLng == null) return [];
  const page = await searchListings(
    null,
    freightSearchSchema.parse({
      lat: post.originLat,
      lng: post.originLng,
      radius: post.pickupRadius,
      equipmentTypes: `${post.equipmentType},power_only`,
      pageSize: MATCH_LOAD_LIMIT,
    }),
  );
  return page.items.filter((load) => truckPostMatchesLoad(post, load));
}
