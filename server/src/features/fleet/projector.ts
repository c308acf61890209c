import { rooms, placeName } from '@freight/shared';
import { registerProjector } from '../../events/projectors';
import { publish } from '../../realtime/publish';
import { partyRooms } from '../companies/rooms';
import { notify } from '../notifications/service';
import { settleTruckStatus } from './assign.service';
import { TruckModel, TruckPositionModel, toTruckDto, type Truck, type TruckPosition } from './model';

/** The truck as it stands now, to the company's fleet room (its snapshot in a fact has no position). */
async function pushTruck(truckId: string): Promise<void> {
  const truck = await TruckModel.findById(truckId).lean<Truck>();
  if (!truck) return;
  const position = await TruckPositionModel.findById(truck._id).lean<TruckPosition>();
  publish('fleet:truck', rooms.fleet(String(truck.companyId)), { truck: toTruckDto(truck, position) });
}

/** Trucks added, edited and removed reach the company's fleet screens live. */
export const fleetTrucksProjector = registerProjector({
  name: 'fleet-trucks',
  applicableEvents: ['truck.added', 'truck.edited', 'truck.removed'],
  async handle(event) {
    if (event.name === 'truck.removed') {
      const { truck } = event.data;
      publish('fleet:truckRemoved', rooms.fleet(truck.companyId), { truckId: truck.id });
      return;
    }
    if (event.name === 'truck.added' || event.name === 'truck.edited') await pushTruck(event.data.truck.id);
  },
});

/**
 * A load's truck and driver changed (issue 29): the load's room (the poster's tracking page) and the carrier's
 * company (My Loads) see them at once; the driver is told, and a driver taken off the load too; a truck taken off
 * it is free again unless it runs another load; the fleet map shows the truck on its load.
 */
export const fleetAssignmentsProjector = registerProjector({
  name: 'fleet-assignments',
  applicableEvents: ['load.assigned'],
  async handle(event) {
    if (event.name !== 'load.assigned') return;
    const { load, assignment, previous } = event.data;
    const to = [rooms.freight(load.id), ...(await partyRooms([load.carrierId]))];
    publish('freight:assigned', to, { freightId: load.id, assignment });
    const route = `${placeName(load.originCity, load.originState)} → ${placeName(load.destinationCity, load.destinationState)}`;
    if (previous?.driverId !== assignment.driverId) {
      await notify({
        userId: assignment.driverId,
        kind: 'freight_status',
        title: `You are assigned to load ${load.title}`,
        body: `${load.title} (${route}) with truck ${assignment.truckUnit}. Open My Trips for the stops.`,
        link: '/trips',
        dedupeKey: `${event.id}-${assignment.driverId}`,
      });
      if (previous) {
        await notify({
          userId: previous.driverId,
          kind: 'freight_status',
          title: `You are off load ${load.title}`,
          body: `${load.title} (${route}) was given to another driver.`,
          link: '/trips',
          dedupeKey: `${event.id}-${previous.driverId}`,
        });
      }
    }
    if (previous && previous.truckId !== assignment.truckId) {
      if (await settleTruckStatus(previous.truckId)) await pushTruck(previous.truckId);
    }
    await pushTruck(assignment.truckId);
  },
});

/** A delivered or cancelled load frees its truck (unless the truck runs another load). */
export const fleetLoadMovesProjector = registerProjector({
  name: 'fleet-load-moves',
  applicableEvents: ['load.moved', 'load.withdrawn'],
  async handle(event) {
    if (event.name !== 'load.moved' && event.name !== 'load.withdrawn') return;
    const truckId = event.data.load.assignment?.truckId;
    if (!truckId) return;
    if (event.name === 'load.moved' && !['delivered', 'cancelled'].includes(event.data.status)) return;
    if (await settleTruckStatus(truckId)) await pushTruck(truckId);
  },
});
