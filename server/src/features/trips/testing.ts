// Test support: a load's assignment as the fleet feature's assign service leaves it (issue 29). Until that service
// is merged, tests of the driver's phone set the assignment here: the load's three assignment fields, and the
// `load.assigned` fact under the load's lease, so the trips projector runs on a real fact. After the merge, point
// `assignForTest` at the real service (POST /api/freight/:id/assignment) and keep its signature.
import type { LoadAssignmentDto } from '@freight/shared';
import { Types } from 'mongoose';
import { recordFact } from '../../events/record';
import { FreightModel, toAssignmentDto, toFreightDto, type FreightListing } from '../freight/model';
import { UserModel } from '../users/model';

export interface TestAssignment {
  loadId: string;
  driverId: string;
  /** The dispatcher who assigns. */
  byId: string;
  truckUnit?: string;
}

export async function assignForTest({ loadId, driverId, byId, truckUnit = 'T-101' }: TestAssignment) {
  const driver = await UserModel.findById(driverId).select({ firstName: 1, phoneNumber: 1 }).lean();
  if (!driver) throw new Error(`no driver ${driverId}`);
  const before = await FreightModel.findById(loadId).lean<FreightListing>();
  if (!before) throw new Error(`no load ${loadId}`);
  const previous = toAssignmentDto(before);
  const assignedAt = new Date();
  const truckId = before.assignedTruckId ?? new Types.ObjectId();
  const fields = {
    assignedTruckId: truckId,
    assignedDriverId: new Types.ObjectId(driverId),
    assignment: {
      truckUnit,
      driverFirstName: driver.firstName ?? 'Driver',
      driverPhone: null,
      assignedAt,
      assignedBy: new Types.ObjectId(byId),
      overrideReason: null,
    },
  };
  const after = { ...before, ...fields } as FreightListing;
  const assignment = toAssignmentDto(after) as LoadAssignmentDto;
  await recordFact(
    { kind: 'load', id: loadId },
    {
      name: 'load.assigned',
      key: `${loadId}-${assignedAt.getTime()}`,
      by: { id: byId },
      loadId,
      subjects: { driverId, truckId: String(truckId) },
      data: { load: toFreightDto(after), assignment, previous },
      proof: {
        collection: FreightModel.collection.collectionName,
        filter: { _id: new Types.ObjectId(loadId), assignedDriverId: new Types.ObjectId(driverId) },
      },
    },
    async () => {
      await FreightModel.updateOne({ _id: loadId }, { $set: fields });
    },
  );
  return assignment;
}
