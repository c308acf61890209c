import {
  EQUIPMENT_LABELS,
  truckFitsLoad,
  type assignLoadInputSchema,
  type FreightListingDto,
  type LoadAssignmentDto,
  type TruckKind,
} from '@freight/shared';
import { Types } from 'mongoose';
import type { z } from 'zod';
import { NOTHING_WRITTEN, recordFact } from '../../events/record';
import { badRequest, conflict, notFound } from '../../http/errors';
import { authorize, can, type Actor } from '../../policies';
import { withLoad } from '../freight/bookingJournal/journal';
import { FreightModel, toAssignmentDto, toFreightDto, type FreightListing } from '../freight/model';
import { driverOfCompany, unassignableReason } from './drivers.service';
import { withAggregate } from '../../infra/concurrency';
import { toTruckDto, TruckModel, type Truck } from './model';
import { ACTIVE_LOAD_STATUSES, truckOfCompany } from './trucks.service';

const LOAD_NOT_FOUND = 'Load not found';
const kindLabel = (kind: string) => EQUIPMENT_LABELS[kind as keyof typeof EQUIPMENT_LABELS] ?? kind;

async function otherActiveLoad(
  field: 'assignedTruckId' | 'assignedDriverId',
  id: Types.ObjectId,
  loadId: unknown,
) {
  return FreightModel.findOne(
    { [field]: id, status: { $in: [...ACTIVE_LOAD_STATUSES] }, _id: { $ne: loadId } },
    { _id: 1, title: 1 },
  ).lean<{ _id: Types.ObjectId; title: string }>();
}

/**
 * POST /api/freight/:id/assignment: the booked carrier's dispatcher puts a truck and a driver on the load (or
 * changes them, until delivery). Under the load's, the truck's and the driver's leases in one call: two dispatchers
 * putting one driver on two loads at once queue on the driver's lease, and the second finds the driver busy (unless
 * it gives an override reason); a delivery waits on the load's lease, and an assignment after it is refused.
 */
export async function assignLoad(
  actor: Actor,
  loadId: string,
  input: z.output<typeof assignLoadInputSchema>,
): Promise<{ assignment: LoadAssignmentDto; load: FreightListingDto }> {
  const found = Types.ObjectId.isValid(loadId)
    ? await FreightModel.findById(loadId).lean<FreightListing>()
    : null;
  if (!found || !can(actor, 'tracking:view', found)) throw notFound(LOAD_NOT_FOUND);
  authorize(actor, 'load:assign', found, {
    message:
      found.status === 'booked' || found.status === 'in_transit'
        ? 'Only the booked carrier’s owners, admins and dispatchers assign its truck and driver'
        : `A ${found.status.replace('_', ' ')} load can no longer be assigned`,
  });
  const truckRef = await truckOfCompany(actor, input.truckId);
  const driverRef = await driverOfCompany(actor, input.driverId);

  return withLoad(
    found._id,
    async () => {
      const load = await FreightModel.findById(found._id).lean<FreightListing>();
      if (!load) throw notFound(LOAD_NOT_FOUND);
      if (!(ACTIVE_LOAD_STATUSES as readonly string[]).includes(load.status))
        throw conflict(`This load is ${load.status.replace('_', ' ')}: it can no longer be assigned`);
      authorize(actor, 'load:assign', load, { message: 'You can no longer assign this load' });

      const truck = await TruckModel.findById(truckRef._id).lean<Truck>();
      if (!truck) throw notFound('Truck not found');
      if (!truckFitsLoad(truck.kind as TruckKind, load.equipmentType))
        throw badRequest(
          `Truck ${truck.unitNumber} is a ${kindLabel(truck.kind)}; this load needs a ${kindLabel(load.equipmentType)}`,
        );
      if (truck.status === 'out_of_service') throw conflict(`Truck ${truck.unitNumber} is out of service`);
      const driver = await driverOfCompany(actor, input.driverId);
      const driverName =
        `${driver.user.firstName ?? ''} ${driver.user.lastName ?? ''}`.trim() || driver.user.email;
      const reason = unassignableReason(driver);
      if (reason) throw conflict(`${driverName} can’t be assigned: ${reason}`);

      const same =
        String(load.assignedTruckId) === String(truck._id) &&
        String(load.assignedDriverId) === String(driverRef.user._id);
      const sharedPhone = input.shareDriverPhone ? (driver.user.phoneNumber ?? null) : null;
      if (same && (load.assignment?.driverPhone ?? null) === sharedPhone)
        return { assignment: toAssignmentDto(load)!, load: toFreightDto(load) };

      const override = input.overrideReason ?? null;
      const [truckBusy, driverBusy] = await Promise.all([
        otherActiveLoad('assignedTruckId', truck._id, load._id),
        otherActiveLoad('assignedDriverId', driver.user._id, load._id),
      ]);
      if (!override && truckBusy)
        throw conflict(
          `Truck ${truck.unitNumber} is on load ${truckBusy.title}; give an override reason to put it on a second load`,
        );
      if (!override && driverBusy)
        throw conflict(
          `${driverName} is on load ${driverBusy.title}; give an override reason to put them on a second load`,
        );

      const at = new Date();
      const set = {
        assignedTruckId: truck._id,
        assignedDriverId: driver.user._id,
        assignment: {
          truckUnit: truck.unitNumber,
          driverFirstName: driver.user.firstName || driverName,
          driverPhone: sharedPhone,
          assignedAt: at,
          assignedBy: new Types.ObjectId(actor.id),
          overrideReason: truckBusy || driverBusy ? override : null,
        },
      };
      const planned = { ...load, ...set } as FreightListing;
      const assignment = toAssignmentDto(planned)!;
      const id = String(load._id);
      const written = await recordFact(
        { kind: 'load', id },
        {
          name: 'load.assigned',
          key: `${id}-${at.getTime()}`,
          by: actor,
          loadId: id,
          subjects: {
            truckId: String(truck._id),
            driverId: String(driver.user._id),
            ...(load.carrierId ? { carrierId: String(load.carrierId) } : {}),
          },
          data: { load: toFreightDto(planned), assignment, previous: toAssignmentDto(load) },
          proof: {
            collection: FreightModel.collection.collectionName,
            // Top-level fields only (the log stores the filter as a document: no dotted keys).
            filter: { _id: load._id, assignedTruckId: truck._id, assignedDriverId: driver.user._id },
          },
        },
        async () => {
          // Not `updatedAt`: a booking counts against the plan in the month its load last changed status.
          const after = await FreightModel.findOneAndUpdate(
            { _id: load._id, status: load.status },
            { $set: set },
            { new: true, timestamps: false },
          ).lean<FreightListing>();
          if (!after) return NOTHING_WRITTEN;
          await TruckModel.updateOne(
            { _id: truck._id },
            { $set: { status: 'on_load', currentLoadId: load._id, updatedAt: at } },
            { timestamps: false },
          );
          return after;
        },
      );
      if (written === NOTHING_WRITTEN) throw conflict('The load changed meanwhile; reload and try again');
      return { assignment, load: toFreightDto(written) };
    },
    [
      { kind: 'truck', id: String(truckRef._id) },
      { kind: 'driver', id: String(driverRef.user._id) },
    ],
  );
}

/**
 * A truck's status and current load as its loads now say (idempotent): `on_load` while it runs a booked or
 * in-transit load, else `available` (out of service stays). Run when a load it ran was delivered, cancelled or given
 * another truck. Returns the truck when it changed.
 */
export async function settleTruckStatus(truckId: string) {
  if (!Types.ObjectId.isValid(truckId)) return null;
  return withAggregate('truck', truckId, async () => {
    const truck = await TruckModel.findById(truckId).lean<Truck>();
    if (!truck) return null;
    const active = await FreightModel.findOne(
      { assignedTruckId: truck._id, status: { $in: [...ACTIVE_LOAD_STATUSES] } },
      { _id: 1 },
    ).lean<{ _id: Types.ObjectId }>();
    const status = active ? 'on_load' : truck.status === 'on_load' ? 'available' : truck.status;
    const currentLoadId = active?._id ?? null;
    if (status === truck.status && String(currentLoadId) === String(truck.currentLoadId ?? null)) return null;
    const after = await TruckModel.findOneAndUpdate(
      { _id: truck._id },
      { $set: { status, currentLoadId, updatedAt: new Date() } },
      { new: true, timestamps: false },
    ).lean<Truck>();
    return after ? toTruckDto(after) : null;
  });
}
