import {
  CARRIER_ON_LOAD_STATUSES,
  SIGNATURE_REQUIRED_MESSAGE,
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
import { authorize, type Actor } from '../../../policies';
import { FreightModel, type FreightListing } from '../../freight/model';
import { withLoad } from '../../freight/bookingJournal/journal';
import { moveLoad, type LoadMove } from '../../freight/status';
import { badRequest, notFound } from '../../../http/errors';
import type { FileDownload } from '../../../http/sendFile';
import { fileStore } from '../../../infra/storage';
import { cleanSignature } from '../delivery/signature';
import { UserModel } from '../../users/model';
import { toTrackingFreightDto } from '../model';
import { chatRoomOf, loadForParticipant, positionRecord, roomsOfLoads } from '../access/service';
import { unreadByRoom } from '../chat/service';
import { CARRIER_PARTY, loadListFilters, readableLoads } from '../../companies/mine';
import { badgeOf } from '../../companies/ratingSummaries';

/**
 * GET /api/freight/:id/parties (issue 16): the poster and the carrier with their MC and USDOT numbers, and the
 * poster's badge (issue 40: its rating and days-to-pay).
 */
export async function loadParties(actor: Actor, freightId: string): Promise<LoadPartiesDto> {
  const load = await loadForParticipant(actor, freightId);
  const [users, posterRating] = await Promise.all([
    findByIds<PartySource>(UserModel, [load.userId, ...(load.carrierId ? [load.carrierId] : [])], {
      firstName: 1,
      lastName: 1,
      email: 1,
      companyName: 1,
      mcNumber: 1,
      usdotNumber: 1,
      userType: 1,
    }),
    badgeOf(String(load.companyId ?? load.userId)),
  ]);
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
  return { poster: party(load.userId), carrier: party(load.carrierId), posterRating };
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
 * carrier starts the trip and delivers; the poster's side cancels. A delivery carries the receiver's receipt (issue
 * 39): their name, their signature (a blank or unreadable one is 400 before anything changes) and any exception. The
 * signature is stored first and removed again if the move is refused. A move the machine does not have is 409; one
 * the actor may not make is 403.
 */
export async function changeStatus(
  actor: Actor,
  freightId: string,
  input: StatusChangeInput,
): Promise<TrackingFreightDto> {
  const load = await loadForParticipant(actor, freightId);
  let move: LoadMove;
  let stored: string | null = null;
  if (input.status === 'delivered') {
    authorize(actor, 'tracking:advance', load, { message: 'Only the booked carrier can change this status' });
    if (!input.receiverName || !input.signature) throw badRequest(`signature: ${SIGNATURE_REQUIRED_MESSAGE}`); // the schema's rule
    const png = await cleanSignature(input.signature);
    stored = await fileStore().save(png);
    const exception = input.exception ?? 'none';
    move = {
      to: 'delivered',
      deliveryNote: input.deliveryNote,
      proof: {
        receiverName: input.receiverName,
        signatureKey: stored,
        signatureBytes: png.length,
        exception,
        exceptionNote: exception === 'none' ? null : (input.exceptionNote ?? null),
      },
    };
  } else {
    move = { to: input.status };
  }
  let after: FreightListing;
  try {
    ({ after } = await withLoad(load._id, () => moveLoad(actor, load._id, move)));
  } catch (err) {
    if (stored) {
      const key = stored;
      await fileStore()
        .remove(key)
        .catch(() => undefined); // nothing half-done
    }
    throw err;
  }
  return toTrackingFreightDto(
    actor,
    after,
    (await chatRoomOf(after)) !== null,
    await positionRecord(after._id),
  );
}

/** GET /api/freight/:id/delivery/signature: the receiver's signature (PNG), to the load's participants. */
export async function openSignature(actor: Actor, freightId: string): Promise<FileDownload> {
  const load = await loadForParticipant(actor, freightId);
  const proof = load.deliveryProof;
  if (!proof) throw notFound('This load has no signed delivery yet');
  return {
    stream: await fileStore().open(proof.signatureKey),
    mimeType: 'image/png',
    size: proof.signatureBytes,
    fileName: `signature-${freightId}.png`,
  };
}
