import { rooms } from '@freight/shared';
import type { Types } from 'mongoose';
import { publish } from '../../realtime/publish';
import { TruckModel, TruckPositionModel } from './model';

/**
 * A ping of a load reached the tracking feature: the truck that runs the load (if one is assigned) gets it as its
 * last position, in its own small document (upserted; the truck document is never written at ping rate), and the
 * company's fleet map hears it live. A ping older than the stored position leaves it (racing pings).
 */
export async function recordTruckPosition(
  load: { _id: Types.ObjectId; assignedTruckId?: Types.ObjectId | null },
  p: { lat: number; lng: number; at: Date },
): Promise<void> {
  if (!load.assignedTruckId) return;
  const truck = await TruckModel.findById(load.assignedTruckId, { companyId: 1 }).lean();
  if (!truck) return;
  const position = { companyId: truck.companyId, loadId: load._id, lat: p.lat, lng: p.lng, at: p.at };
  try {
    await TruckPositionModel.updateOne(
      { _id: truck._id, at: { $lte: p.at } },
      { $set: position },
      { upsert: true },
    );
  } catch (err) {
    // The stored position is newer (the filter missed it and the upsert met its _id): keep it.
    if ((err as { code?: number }).code === 11000) return;
    throw err;
  }
  publish('fleet:position', rooms.fleet(String(truck.companyId)), {
    truckId: String(truck._id),
    loadId: String(load._id),
    position: { lat: p.lat, lng: p.lng, at: p.at.toISOString() },
  });
}
