import { rooms } from '@freight/shared';
import { registerProjector } from '../../events/projectors';
import { toActor } from '../../policies';
import { publish } from '../../realtime/publish';
import { FreightModel, type FreightListing } from '../freight/model';
import { UserModel } from '../users/model';
import { isTripOf, tripOf } from './service';

/**
 * My Trips, live (issue 29): a load assigned to a driver appears on their phone, one reassigned away leaves the
 * previous driver's, and a trip's move (loaded, delivered, cancelled) reaches its driver. Each push says how the load
 * stands when the fact is handled (its driver and status now), so a replay or a late handling never shows a trip to
 * a driver it was taken from. A stop's dock pinned (issue 39) moves the next stop's point, and a stop in between
 * reported done moves the next stop itself: the trip is pushed again.
 */
export const tripsProjector = registerProjector({
  name: 'trips',
  applicableEvents: ['load.assigned', 'load.moved', 'dock.pinned', 'stop.reported'],
  async handle(event) {
    const tripFacts = ['load.assigned', 'load.moved', 'dock.pinned', 'stop.reported'];
    if (!tripFacts.includes(event.name) || !event.loadId) return;
    const load = await FreightModel.findById(event.loadId).lean<FreightListing>();
    if (!load) return;
    const told = new Set<string>();
    if (event.name === 'load.assigned') {
      told.add(event.data.assignment.driverId);
      if (event.data.previous) told.add(event.data.previous.driverId);
    }
    if (load.assignedDriverId) told.add(String(load.assignedDriverId));
    await Promise.all([...told].map((driverId) => tellDriver(driverId, load)));
  },
});

async function tellDriver(driverId: string, load: FreightListing): Promise<void> {
  const user = await UserModel.findById(driverId)
    .select({ userType: 1, isVerified: 1, emailVerified: 1, companyId: 1, companyRole: 1 })
    .lean();
  const tripId = String(load._id);
  if (!user) return;
  const actor = toActor(user);
  if (isTripOf(actor, load))
    publish('trip:upsert', rooms.user(driverId), { trip: await tripOf(actor, load) });
  else publish('trip:removed', rooms.user(driverId), { tripId });
}
