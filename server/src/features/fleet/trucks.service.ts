import {
  findPlan,
  isSubscriptionActive,
  TRUCKS_BASIC,
  type Page,
  type TruckDto,
  type TruckPageDto,
  type TruckStatus,
  type truckInputSchema,
  type truckUpdateSchema,
} from '@freight/shared';
import { Types } from 'mongoose';
import type { z } from 'zod';
import { recordFact, NOTHING_WRITTEN } from '../../events/record';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { paginate } from '../../http/paginate';
import type { PageQuery } from '../../http/validate';
import { withAggregate } from '../../infra/concurrency';
import { authorize, can, type Actor } from '../../policies';
import { fleetCompanyOf, viewerFleetActions } from '../../policies/fleet';
import { CompanyModel } from '../companies/model';
import { FreightModel } from '../freight/model';
import { UserModel } from '../users/model';
import { toTruckDto, TruckModel, TruckPositionModel, type Truck, type TruckPosition } from './model';

const TRUCK_NOT_FOUND = 'Truck not found';
/** A load a truck or driver is on: booked (waiting for pickup) or in transit. */
export const ACTIVE_LOAD_STATUSES = ['booked', 'in_transit'] as const;

/** A truck of the actor's company (anyone else's is not found: 404). */
export async function truckOfCompany(actor: Actor, truckId: string): Promise<Truck> {
  const truck = Types.ObjectId.isValid(truckId) ? await TruckModel.findById(truckId).lean<Truck>() : null;
  if (!truck) throw notFound(TRUCK_NOT_FOUND);
  authorize(actor, 'truck:read', truck, { hide: true, message: TRUCK_NOT_FOUND });
  return truck;
}

async function positionsOf(ids: Types.ObjectId[]): Promise<Map<string, TruckPosition>> {
  if (ids.length === 0) return new Map();
  const found = await TruckPositionModel.find({ _id: { $in: ids } }).lean<TruckPosition[]>();
  return new Map(found.map((p) => [String(p._id), p]));
}

export async function truckDto(truck: Truck): Promise<TruckDto> {
  const position = await TruckPositionModel.findById(truck._id).lean<TruckPosition>();
  return toTruckDto(truck, position);
}

/** GET /api/fleet/trucks: the company's trucks, newest first, with their last positions for those who watch them. */
export async function listTrucks(actor: Actor, { page, pageSize }: PageQuery): Promise<TruckPageDto> {
  authorize(actor, 'fleet:read', undefined, { message: 'Trucks are kept by carrier companies' });
  const found: Page<Truck> = await paginate<Truck>(
    TruckModel,
    { companyId: new Types.ObjectId(fleetCompanyOf(actor)) },
    { createdAt: -1, _id: -1 },
    { page, pageSize },
  );
  const positions = can(actor, 'fleet:watch')
    ? await positionsOf(found.items.map((t) => t._id))
    : new Map<string, TruckPosition>();
  return {
    ...found,
    items: found.items.map((t) => toTruckDto(t, positions.get(String(t._id)))),
    viewerActions: viewerFleetActions(actor),
  };
}

export async function getTruck(actor: Actor, truckId: string): Promise<TruckDto> {
  const truck = await truckOfCompany(actor, truckId);
  return can(actor, 'fleet:watch') ? truckDto(truck) : toTruckDto(truck, null);
}

/** The plan of the company (its own document is the source of truth; an account without one: its own fields). */
async function planHolder(actor: Actor) {
  const fields = { subscriptionStatus: 1, subscriptionPlan: 1, subscriptionExpiresAt: 1 } as const;
  const holder = actor.companyId
    ? await CompanyModel.findById(actor.companyId, fields).lean()
    : await UserModel.findById(actor.id, fields).lean();
  return {
    subscriptionStatus: holder?.subscriptionStatus ?? 'inactive',
    subscriptionPlan: holder?.subscriptionPlan ?? null,
    subscriptionExpiresAt: holder?.subscriptionExpiresAt ?? null,
  };
}

/** Carrier Pro keeps any number of trucks; Carrier Basic, and no plan, TRUCKS_BASIC. */
async function truckCap(actor: Actor): Promise<number | null> {
  const holder = await planHolder(actor);
  const plan = isSubscriptionActive(holder) ? findPlan(holder.subscriptionPlan) : null;
  return plan?.tier === 'pro' ? null : TRUCKS_BASIC;
}

/**
 * POST /api/fleet/trucks. The count and the insert run under the company's lease, so two adds racing at the cap
 * cannot both pass (the plan's cap is a reservation here, unlike the monthly load counts).
 */
export async function addTruck(actor: Actor, input: z.output<typeof truckInputSchema>): Promise<TruckDto> {
  authorize(actor, 'fleet:manage', undefined, {
    message: 'Only carrier owners, admins and dispatchers add trucks',
  });
  if (input.status === 'on_load') throw badRequest('status: a new truck is available or out of service');
  const companyId = fleetCompanyOf(actor);
  return withAggregate('company', companyId, async () => {
    const cap = await truckCap(actor);
    const company = new Types.ObjectId(companyId);
    if (cap !== null && (await TruckModel.countDocuments({ companyId: company })) >= cap) {
      throw forbidden(
        `Your plan allows ${cap} truck${cap === 1 ? '' : 's'}. Upgrade to Carrier Pro for unlimited trucks at /subscribe.`,
      );
    }
    const at = new Date();
    const draft = {
      _id: new Types.ObjectId(),
      companyId: company,
      unitNumber: input.unitNumber,
      kind: input.kind,
      length: input.length ?? null,
      plate: input.plate,
      plateState: input.plateState,
      vin: input.vin,
      status: input.status,
      currentLoadId: null,
      createdBy: new Types.ObjectId(actor.id),
      createdAt: at,
      updatedAt: at,
    };
    const id = String(draft._id);
    await recordFact(
      { kind: 'truck', id },
      {
        name: 'truck.added',
        key: id,
        by: actor,
        subjects: { truckId: id, companyId },
        data: { truck: toTruckDto(draft as Truck) },
        proof: { collection: TruckModel.collection.collectionName, filter: { _id: draft._id } },
      },
      () => TruckModel.create(draft),
    );
    return toTruckDto(draft as Truck);
  });
}

/** The active load a truck runs (booked or in transit), if any. */
export async function activeLoadOfTruck(truckId: Types.ObjectId) {
  return FreightModel.findOne(
    { assignedTruckId: truckId, status: { $in: [...ACTIVE_LOAD_STATUSES] } },
    { _id: 1, title: 1, status: 1 },
  ).lean<{ _id: Types.ObjectId; title: string; status: string }>();
}

/**
 * PATCH /api/fleet/trucks/:id: edits and status changes, under the truck's lease (an assignment of the same truck
 * waits). `on_load` is the assignment's to set; a truck on an active load can't be taken out of service or freed.
 */
export async function updateTruck(
  actor: Actor,
  truckId: string,
  input: z.output<typeof truckUpdateSchema>,
): Promise<TruckDto> {
  const found = await truckOfCompany(actor, truckId);
  authorize(actor, 'truck:manage', found, {
    message: 'Only carrier owners, admins and dispatchers change trucks',
  });
  return withAggregate('truck', truckId, async () => {
    const truck = await TruckModel.findById(found._id).lean<Truck>();
    if (!truck) throw notFound(TRUCK_NOT_FOUND);
    const set: Partial<Record<keyof Truck, unknown>> = {};
    for (const [key, value] of Object.entries(input) as Array<[keyof Truck, unknown]>) {
      if (value === undefined || key === 'status') continue;
      if (String(truck[key] ?? '') !== String(value ?? '')) set[key] = value ?? null;
    }
    if (input.status && input.status !== truck.status) {
      if (input.status === 'on_load')
        throw badRequest('status: a truck goes on a load when a dispatcher assigns it one');
      const load = await activeLoadOfTruck(truck._id);
      if (load)
        throw conflict(
          `Truck ${truck.unitNumber} runs load ${load.title}; its status changes when that load is delivered or reassigned`,
        );
      set.status = input.status as TruckStatus;
    }
    const changed = Object.keys(set);
    if (changed.length === 0) return truckDto(truck);
    const at = new Date();
    const after = { ...truck, ...set, updatedAt: at } as Truck;
    const written = await recordFact(
      { kind: 'truck', id: truckId },
      {
        name: 'truck.edited',
        key: `${truckId}-${at.getTime()}`,
        by: actor,
        subjects: { truckId, companyId: String(truck.companyId) },
        data: { truck: toTruckDto(after), changed },
        proof: {
          collection: TruckModel.collection.collectionName,
          filter: { _id: truck._id, updatedAt: at },
        },
      },
      async () =>
        (await TruckModel.findOneAndUpdate(
          { _id: truck._id, updatedAt: truck.updatedAt },
          { $set: { ...set, updatedAt: at } },
          { new: true, timestamps: false },
        ).lean<Truck>()) ?? NOTHING_WRITTEN,
    );
    if (written === NOTHING_WRITTEN) throw conflict('The truck changed meanwhile; reload and try again');
    return truckDto(written);
  });
}

/** DELETE /api/fleet/trucks/:id: refused while the truck runs a booked or in-transit load. */
export async function removeTruck(actor: Actor, truckId: string): Promise<void> {
  const found = await truckOfCompany(actor, truckId);
  authorize(actor, 'truck:manage', found, {
    message: 'Only carrier owners, admins and dispatchers remove trucks',
  });
  await withAggregate('truck', truckId, async () => {
    const truck = await TruckModel.findById(found._id).lean<Truck>();
    if (!truck) throw notFound(TRUCK_NOT_FOUND);
    const load = await activeLoadOfTruck(truck._id);
    if (load)
      throw conflict(
        `Truck ${truck.unitNumber} runs load ${load.title}; remove it once that load is delivered or reassigned`,
      );
    await recordFact(
      { kind: 'truck', id: truckId },
      {
        name: 'truck.removed',
        key: truckId,
        by: actor,
        subjects: { truckId, companyId: String(truck.companyId) },
        data: { truck: toTruckDto(truck) },
      },
      async () => {
        await TruckModel.deleteOne({ _id: truck._id });
        await TruckPositionModel.deleteOne({ _id: truck._id });
        return true;
      },
    );
  });
}
