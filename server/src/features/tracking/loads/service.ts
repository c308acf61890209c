import {
  CARRIER_ON_LOAD_STATUSES,
  type StatusChangeInput,
  type Page,
  type TrackedLoadDto,
  type TrackingFreightDto,
  type LoadPartiesDto,
  type LoadPartyDto,
  type UserType,
} from '@freight/shared';
import { Types, type FilterQuery } from 'mongoose';
import { findByIds, paginate } from '../../../http/paginate';
import type { PageQuery } from '../../../http/validate';
import { type Actor } from '../../../policies';
import { FreightModel, type FreightListing } from '../../freight/model';
import { withLoad } from '../../freight/bookingJournal/journal';
import { moveLoad } from '../../freight/status';
import { UserModel } from '../../users/model';
import { toTrackingFreightDto } from '../model';
import { chatRoomOf, loadForParticipant, positionRecord, roomsOfLoads } from '../access/service';
import { unreadByRoom } from '../chat/service';
import { CARRIER_PARTY, loadListFilters, readableLoads } from '../../companies/mine';

/** GET /api/freight/:id/parties (issue 16): the poster and the carrier with their MC and USDOT numbers. */
export async function loadParties(actor: Actor, freightId: string): Promise<LoadPartiesDto> {
  const load = await loadForParticipant(actor, freightId);
  const users = await findByIds<PartySource>(
    UserModel,
    [load.userId, ...(load.carrierId ? [load.carrierId] : [])],
    { firstName: 1, lastName: 1, email: 1, companyName: 1, mcNumber: 1, usdotNumber: 1, userType: 1 },
  );
  const byId = new Map(users.map((u) => [String(u._id), u]));
  const party = (id: unknown): LoadPartyDto | null => {
    const u = id ? byId.get(String(id)) : undefined;
    if (!u) return null;
    return {
      name: `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() || u.email,
      companyName: u.companyName ?? null,
      userType: (u.userType ?? null) as UserType | null,
      mcNumber: u.mcNumber ?? null,
      usdotNumber: u.usdotNumber ?? null,
    };
  };
  return { poster: party(load.userId), carrier: party(load.carrierId) };
}
type PartySource = {
  _id: Types.ObjectId;
  firstName?: string | null;
  lastName?: string | null;
  email: string;
  companyName?: string | null;
  mcNumber?: string | null;
  usdotNumber?: string | null;
  userType?: string | null;
};

/** GET /api/freight/:id/tracking: SPEC §3 "Freight detail (tracking)". */
export async function getTrackingDetail(actor: Actor, freightId: string): Promise<TrackingFreightDto> {
  const load = await loadForParticipant(actor, freightId);
  return toTrackingFreightDto(actor, load, (await chatRoomOf(load)) !== null, await positionRecord(load._id));
}

/**
 * Loads that have (had) a carrier, as equality-led filters (DESIGN §2): one per role the company can hold on a load,
 * each reading only the company's own loads (the carrier condition is checked among them), as the policy decides
 * with the member's role (issue 51: a driver, only the loads assigned to them). An admin sees every load past
 * 'available', one status at a time, and cancelled loads that had a carrier.
 */
function trackedLoadFilters(actor: Actor): Array<FilterQuery<FreightListing>> {
  if (actor.userType === 'admin') {
    return [
      ...CARRIER_ON_LOAD_STATUSES.map((status) => ({ status })),
      { status: 'cancelled', carrierId: { $ne: null } },
    ];
  }
  const withCarrier = { carrierId: { $ne: null } };
  return loadListFilters(
    actor,
    [
      CARRIER_PARTY,
      ['userId', 'companyId'],
      ['brokerId', 'brokerCompanyId'],
      ['shipperId', 'shipperCompanyId'],
    ],
    withCarrier,
  );
}

/** GET /api/tracking/loads: loads the user takes part in that have (had) a carrier, most recently changed first. */
export async function listTrackedLoads(
  actor: Actor,
  { page, pageSize }: PageQuery,
): Promise<Page<TrackedLoadDto>> {
  const found = await paginate<FreightListing>(
    FreightModel,
    trackedLoadFilters(actor),
    { updatedAt: -1, _id: -1 },
    { page, pageSize },
  );
  const loads = readableLoads(actor, found.items);
  const { total } = found;
  const roomList = await roomsOfLoads(loads.map((l) => l._id));
  const unread = await unreadByRoom(actor.id, roomList);
  const roomByLoad = new Map(roomList.map((r) => [String(r.freightListingId), r]));
  // One `_id` read per load of the page (FerretDB pushes `_id` equality down; `$in` it does not).
  const positions = await Promise.all(loads.map((l) => positionRecord(l._id)));
  return {
    items: loads.map((l, i) => {
      const room = roomByLoad.get(String(l._id));
      return {
        ...toTrackingFreightDto(actor, l, Boolean(room), positions[i]),
        unreadCount: room ? (unread.get(String(room._id)) ?? 0) : 0,
      };
    }),
    page,
    pageSize,
    total,
  };
}

/**
 * POST /api/freight/:id/status: the tracking side's moves of the status machine (freight/status.ts): the booked
 * carrier starts the trip and delivers (with a delivery photo on record); the poster's side cancels. A move the
 * machine does not have is 409; one the actor may not make is 403.
 */
export async function changeStatus(
  actor: Actor,
  freightId: string,
  { status: to, deliveryNote }: StatusChangeInput,
): Promise<TrackingFreightDto> {
  const load = await loadForParticipant(actor, freightId);
  const { after } = await withLoad(load._id, () =>
    moveLoad(actor, load._id, to === 'delivered' ? { to, deliveryNote } : { to }),
  );
  return toTrackingFreightDto(
    actor,
    after,
    (await chatRoomOf(after)) !== null,
    await positionRecord(after._id),
  );
}
