// The load's chat room, opened when a carrier is on the load (tracking/loadMoves.ts).
import { Types } from 'mongoose';
import { ChatRoomModel } from '../model';

/** Opens the load's chat room (idempotent: a second call for the same load does nothing). */
export async function openChatRoom(load: {
  freightId: string;
  shipperId: string;
  carrierId: string;
}): Promise<void> {
  try {
    await ChatRoomModel.updateOne(
      { freightListingId: new Types.ObjectId(load.freightId) },
      {
        $setOnInsert: {
          freightListingId: new Types.ObjectId(load.freightId),
          shipperId: new Types.ObjectId(load.shipperId),
          carrierId: new Types.ObjectId(load.carrierId),
          createdAt: new Date(),
        },
      },
      { upsert: true, timestamps: false },
    );
  } catch (err) {
    // Two concurrent first calls: the unique index lets one insert win; the other has nothing left to do.
    if ((err as { code?: number }).code !== 11000) throw err;
  }
}
