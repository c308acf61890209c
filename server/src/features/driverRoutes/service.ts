import { type DriverRouteData, type DriverRouteDto, type Page, type RouteMatchDto } from '@freight/shared';
import { Types } from 'mongoose';
import { conflict, notFound } from '../../http/errors';
import { withAggregate } from '../../infra/concurrency';
import { paginate } from '../../http/paginate';
import type { PageQuery } from '../../http/validate';
import { authorize, can, type Actor } from '../../policies';
import { viewerRouteMatchActions } from '../../policies/smallShipments';
import { dollarsToCents } from '../freight/model';
import {
  ShipmentOfferModel,
  SmallShipmentModel,
  toShipmentOfferDto,
  toDriverSmallShipmentDto,
  type ShipmentOffer,
  type SmallShipment,
} from '../smallShipments/model';
import { DriverRouteModel, toDriverRouteDto, type DriverRoute } from '../smallShipments/driverRouteModel';
import { escapeRegex } from '../../infra/regex';
import { emptyPage, mine } from '../companies/mine';

function fieldsOf(data: DriverRouteData) {
  return {
    title: data.title,
    originCity: data.originCity,
    originState: data.originState,
    destinationCity: data.destinationCity,
    destinationState: data.destinationState,
    departureDate: new Date(data.departureDate),
    departureTime: data.departureTime ?? null,
    vehicleType: data.vehicleType,
    availableSpace: data.availableSpace ?? null,
    maxWeight: data.maxWeight ?? null,
    maxDimensions: data.maxDimensions ?? null,
    pricePerMileCents: dollarsToCents(data.pricePerMile ?? null),
    fixedPriceCents: dollarsToCents(data.fixedPrice ?? null),
    pricingType: data.pricingType,
    description: data.description ?? null,
    isFlexible: data.isFlexible,
  };
}

export async function createRoute(actor: Actor, data: DriverRouteData): Promise<DriverRouteDto> {
  authorize(actor, 'driverRoute:create', undefined, { message: 'Only drivers can create routes' });
  const doc = await DriverRouteModel.create({ driverId: new Types.ObjectId(actor.id), ...fieldsOf(data) });
  return toDriverRouteDto(doc.toObject() as DriverRoute);
}

async function findOwnRoute(actor: Actor, id: string): Promise<DriverRoute> {
  if (!Types.ObjectId.isValid(id)) throw notFound('Route not found');
  const route = await DriverRouteModel.findById(id).lean<DriverRoute>();
  if (!route) throw notFound('Route not found');
  authorize(actor, 'driverRoute:manage', route, { hide: true, message: 'Route not found' });
  return route;
}

/**
 * Edits an active route (a closed one is final: 409). Only its driver changes a route, so edits and closes run under
 * the driver's lease: an edit can never rewrite a close that landed at the same moment.
 */
export async function updateRoute(actor: Actor, id: string, data: DriverRouteData): Promise<DriverRouteDto> {
  await findOwnRoute(actor, id);
  return withAggregate('user', actor.id, async () => {
    const route = await findOwnRoute(actor, id);
    if (route.status !== 'active') throw conflict('This route is closed');
    const updated = await DriverRouteModel.findOneAndUpdate(
      { _id: route._id, status: 'active' },
      { $set: fieldsOf(data) },
      { new: true },
    ).lean<DriverRoute>();
    if (!updated) throw conflict('This route is closed');
    return toDriverRouteDto(updated);
  });
}

export async function closeRoute(actor: Actor, id: string): Promise<DriverRouteDto> {
  await findOwnRoute(actor, id);
  return withAggregate('user', actor.id, async () => {
    const route = await findOwnRoute(actor, id);
    if (route.status !== 'active') throw conflict('This route is already closed');
    const updated = await DriverRouteModel.findOneAndUpdate(
      { _id: route._id, status: 'active' },
      { $set: { status: 'closed' } },
      { new: true },
    ).lean<DriverRoute>();
    if (!updated) throw conflict('This route is already closed');
    return toDriverRouteDto(updated);
  });
}

/** The driver's routes: active ones first, then by departure date (to the roles the policy lets list them). */
export async function listRoutes(actor: Actor, { page, pageSize }: PageQuery): Promise<Page<DriverRouteDto>> {
  if (!can(actor, 'driverRoute:list')) return emptyPage({ page, pageSize });
  const found = await paginate<DriverRoute>(
    DriverRouteModel,
    mine(actor, 'driverId', 'driverCompanyId'),
    { status: 1, departureDate: 1, _id: 1 },
    { page, pageSize },
  );
  return { ...found, items: found.items.map(toDriverRouteDto) };
}

/**
 * The posted shipments a route matches (shared `routeMatchesShipment`, as a query): same origin and destination
 * state, and each shipment city contains the route's city, case-insensitively. Newest first, with the driver's own
 * offer on each.
 */
export async function routeMatches(
  actor: Actor,
  id: string,
  { page, pageSize }: PageQuery,
): Promise<Page<RouteMatchDto>> {
  const route = await findOwnRoute(actor, id);
  // Three equalities reach the storage (posted, both states): the cities and the owner are checked among those.
  const filter = {
    status: 'posted',
    originState: route.originState,
    destinationState: route.destinationState,
    originCity: { $regex: escapeRegex(route.originCity.trim()), $options: 'i' },
    destinationCity: { $regex: escapeRegex(route.destinationCity.trim()), $options: 'i' },
    shipperId: { $ne: new Types.ObjectId(actor.id) },
  };
  const { items, total } = await paginate<SmallShipment>(
    SmallShipmentModel,
    filter,
    { createdAt: -1, _id: -1 },
    { page, pageSize },
  );
  const offers = items.length
    ? await ShipmentOfferModel.find({
        driverId: new Types.ObjectId(actor.id),
        shipmentId: { $in: items.map((s) => s._id) },
      }).lean<ShipmentOffer[]>()
    : [];
  const mine = new Map(offers.map((o) => [String(o.shipmentId), toShipmentOfferDto(o)]));
  return {
    // Posted shipments: no driver is matched yet, so no driver sees their addresses (issue #12).
    items: items.map((s) => {
      const myOffer = mine.get(String(s._id)) ?? null;
      return {
        ...toDriverSmallShipmentDto(s),
        myOffer,
        viewerActions: viewerRouteMatchActions(actor, s, myOffer),
      };
    }),
    page,
    pageSize,
    total,
  };
}
