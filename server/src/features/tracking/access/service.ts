import { FREIGHT_NOT_FOUND_MESSAGE, isCarrierOnLoad } from '@freight/shared';
import { Types } from 'mongoose';
import { notFound } from '../../../http/errors';
import { findByIds } from '../../../http/paginate';
import { authorize, type Actor } from '../../../policies';
import { FreightModel, type FreightListing } from '../../freight/model';
import { UserModel } from '../../users/model';
import { openChatRoom } from '../chat/rooms';
import {
  ChatRoomModel,
  LoadPositionModel,
  type ChatRoom,
  type LoadPosition,
  type UserSummarySource,
} from '../model';

/** An admin who is not a participant reads a load's chat and photos; only participants write (issue #12). */
export const READ_ONLY_MESSAGE = "Only the load's participants can post here; admins can read.";

/** The load, if the actor takes part in it; anyone else is told it does not exist (404). */
export async function loadForParticipant(actor: Actor, freightId: string): Promise<FreightListing> {
  if (!Types.ObjectId.isValid(freightId)) throw notFound(FREIGHT_NOT_FOUND_MESSAGE);
  const load = await FreightModel.findById(freightId).lean<FreightListing>();
  if (!load) throw notFound(FREIGHT_NOT_FOUND_MESSAGE);
  authorize(actor, 'tracking:view', load, { hide: true, message: FREIGHT_NOT_FOUND_MESSAGE });
  return load;
}

export async function userSummaries(
  ids: Array<Types.ObjectId | string>,
): Promise<Map<string, UserSummarySource>> {
  const users = await findByIds<UserSummarySource>(UserModel, ids, {
    firstName: 1,
    lastName: 1,
    profileImageUrl: 1,
  });
  return new Map(users.map((u) => [String(u._id), u]));
}

/** The room of a booked load. A load booked without one (an older booking) gets it now: booking opens it. */
export async function chatRoomOf(load: FreightListing): Promise<ChatRoom | null> {
  const room = await ChatRoomModel.findOne({ freightListingId: load._id }).lean<ChatRoom>();
  if (room || !load.carrierId || !isCarrierOnLoad(load.status)) return room;
  await openChatRoom({
    freightId: String(load._id),
    shipperId: String(load.shipperId ?? load.userId),
    carrierId: String(load.carrierId),
  });
  return ChatRoomModel.findOne({ freightListingId: load._id }).lean<ChatRoom>();
}

export function positionRecord(loadId: Types.ObjectId): Promise<LoadPosition | null> {
  return LoadPositionModel.findById(loadId).lean<LoadPosition>();
}

/** The chat rooms of these loads: a `freightListingId` equality each (unique index). */
export async function roomsOfLoads(loadIds: Types.ObjectId[]): Promise<ChatRoom[]> {
  const found = await Promise.all(
    loadIds.map((id) => ChatRoomModel.findOne({ freightListingId: id }).lean<ChatRoom>()),
  );
  return found.filter((r): r is ChatRoom => r !== null);
}
