import {
  rooms,
  routeMatchesShipment,
  shipmentOfferSchema,
  smallShipmentSchema,
  type MySmallShipmentDto,
  type Page,
  type ShipmentOfferDto,
  type SmallShipmentDto,
} from '@freight/shared';
import { Types } from 'mongoose';
import { conflict, notFound } from '../../http/errors';
import { paginate } from '../../http/paginate';
import { parse } from '../../http/validate';
import { authorize, type Actor } from '../../policies';
import { publish } from '../../realtime/publish';
import { DriverRouteModel } from '../driverRoutes/model';
import { dollarsToCents } from '../freight/model';
import { notify } from '../notifications/service';
import { UserModel, displayName } from '../users/model';
import {
  ShipmentOfferModel,
  SmallShipmentModel,
  toShipmentOfferDto,
  toSmallShipmentDto,
  type ShipmentOffer,
  type SmallShipment,
} from './model';
import { runTransition, transitionKey } from '../../infra/transitions';

const toDate = (s: string | undefined) => (s ? new Date(s) : null);

/** Call 30. Drivers with the My Routes page open get `smallShipment:posted`; drivers whose route matches, a notification. */
export async function createSmallShipment(actor: Actor, input: unknown): Promise<SmallShipmentDto> {
  authorize(actor, 'smallShipment:create', undefined, { message: 'Complete your account setup first' });
  const data = parse(smallShipmentSchema, input);
  const doc = await SmallShipmentModel.create({
    shipperId: new Types.ObjectId(actor.id),
    title: data.title,
    itemType: data.itemType ?? null,
    itemDescription: data.itemDescription,
    originCity: data.originCity,
    originState: data.originState,
    pickupAddress: data.pickupAddress ?? null,
    destinationCity: data.destinationCity,
    destinationState: data.destinationState,
    deliveryAddress: data.deliveryAddress ?? null,
    weight: data.weight ?? null,
    dimensions: data.dimensions ?? null,
    valueCents: dollarsToCents(data.value ?? null),
    offerPriceCents: dollarsToCents(data.offerPrice),
    isUrgent: data.isUrgent,
    isFragile: data.isFragile,
    pickupFlexibility: data.pickupFlexibility,
    pickupDate: toDate(data.pickupDate),
    pickupTime: data.pickupTime ?? null,
    deliveryDate: toDate(data.deliveryDate),
    deliveryTime: data.deliveryTime ?? null,
    specialInstructions: data.specialInstructions ?? null,
  });
  const shipment = toSmallShipmentDto(doc.toObject() as SmallShipment);
  publish('smallShipment:posted', rooms.role('individual_driver'), { shipment });
  await notifyMatchingDrivers(shipment);
  return shipment;
}

async function notifyMatchingDrivers(shipment: SmallShipmentDto): Promise<void> {
  const routes = await DriverRouteModel.find(
    { status: 'active', originState: shipment.originState, destinationState: shipment.destinationState },
    { driverId: 1, originCity: 1, originState: 1, destinationCity: 1, destinationState: 1, title: 1 },
  ).lean();
  const drivers = new Set<string>();
  for (const r of routes) {
    if (String(r.driverId) === shipment.shipperId || !routeMatchesShipment(r, shipment)) continue;
    drivers.add(String(r.driverId));
  }
  for (const driverId of drivers) {
    await notify({
      userId: driverId,
      kind: 'general',
      title: 'New shipment on your route',
      body: `${shipment.title}: ${shipment.originCity}, ${shipment.originState} to ${shipment.destinationCity}, ${shipment.destinationState} for $${shipment.offerPrice.toFixed(2)}`,
      link: '/driver-routes',
      dedupeKey: `shipment-match:${shipment.id}-${driverId}`,
    });
  }
}

async function withOffers(shipments: SmallShipment[]): Promise<MySmallShipmentDto[]> {
  // A `shipmentId` equality per shipment of the page (a `$in` would read every offer on FerretDB).
  const offers = (
    await Promise.all(
      shipments.map((s) =>
        ShipmentOfferModel.find({ shipmentId: s._id }).sort({ createdAt: 1 }).lean<ShipmentOffer[]>(),
      ),
    )
  ).flat();
  const byShipment = new Map<string, ShipmentOfferDto[]>();
  for (const o of offers) {
    const key = String(o.shipmentId);
    byShipment.set(key, [...(byShipment.get(key) ?? []), toShipmentOfferDto(o)]);
  }
  return shipments.map((s) => ({ ...toSmallShipmentDto(s), offers: byShipment.get(String(s._id)) ?? [] }));
}

/** GET /api/small-shipments: the caller's shipments, newest first, with their offers. */
export async function listMyShipments(
  actor: Actor,
  page: number,
  pageSize: number,
): Promise<Page<MySmallShipmentDto>> {
  const found = await paginate<SmallShipment>(
    SmallShipmentModel,
    { shipperId: new Types.ObjectId(actor.id) },
    { createdAt: -1, _id: -1 },
    { page, pageSize },
  );
  return { ...found, items: await withOffers(found.items) };
}

async function findShipment(id: string): Promise<SmallShipment> {
  if (!Types.ObjectId.isValid(id)) throw notFound('Shipment not found');
  const shipment = await SmallShipmentModel.findById(id).lean<SmallShipment>();
  if (!shipment) throw notFound('Shipment not found');
  return shipment;
}

function publishOffer(
  event: 'shipmentOffer:created' | 'shipmentOffer:updated',
  offer: ShipmentOfferDto,
): void {
  publish(event, [rooms.user(offer.shipperId), rooms.user(offer.driverId)], { offer });
}

/**
 * A driver offers a price on a posted shipment (optionally from one of their routes). One offer per driver and
 * shipment: sending again while it is pending revises it; once answered it cannot change (409).
 */
export async function makeOffer(actor: Actor, shipmentId: string, input: unknown): Promise<ShipmentOfferDto> {
  const shipment = await findShipment(shipmentId);
  if (shipment.status !== 'posted') throw conflict('This shipment is no longer taking offers');
  authorize(actor, 'shipmentOffer:create', shipment, {
    message: 'Only drivers can make offers on shipments',
  });
  const data = parse(shipmentOfferSchema, input);
  let routeId: Types.ObjectId | null = null;
  if (data.routeId) {
    const route = await DriverRouteModel.findOne(
      { _id: data.routeId, driverId: actor.id },
      { _id: 1 },
    ).lean();
    if (!route) throw notFound('Route not found');
    routeId = route._id;
  }
  const driver = await UserModel.findById(actor.id, {
    firstName: 1,
    lastName: 1,
    email: 1,
    companyName: 1,
  }).lean();
  const fields = {
    routeId,
    priceCents: dollarsToCents(data.price),
    message: data.message ?? null,
    driverName: driver ? displayName(driver) : '',
    driverCompany: driver?.companyName ?? null,
  };
  const driverId = new Types.ObjectId(actor.id);
  let offer: ShipmentOffer | null = await ShipmentOfferModel.findOneAndUpdate(
    { shipmentId: shipment._id, driverId, status: 'pending' },
    { $set: fields },
    { new: true },
  ).lean<ShipmentOffer>();
  const created = !offer;
  if (!offer) {
    try {
      offer = (
        await ShipmentOfferModel.create({
          shipmentId: shipment._id,
          shipperId: shipment.shipperId,
          driverId,
          ...fields,
        })
      ).toObject() as ShipmentOffer;
    } catch (err) {
      if ((err as { code?: number }).code === 11000)
        throw conflict('Your offer on this shipment was already answered');
      throw err;
    }
  }
  const dto = toShipmentOfferDto(offer);
  publishOffer('shipmentOffer:created', dto);
  if (created) {
    await notify({
      userId: dto.shipperId,
      kind: 'shipment_offer',
      title: 'New offer on your shipment',
      body: `${dto.driverName} offered $${dto.price.toFixed(2)} for ${shipment.title}`,
      link: '/',
    });
  }
  return dto;
}

/**
 * The customer accepts one offer: the shipment moves posted → matched under a transition lock (so of two accepts
 * at once exactly one wins; the other gets 409), then the offer is accepted and every other pending one declined.
 */
export async function acceptOffer(
  actor: Actor,
  offerId: string,
): Promise<{ shipment: SmallShipmentDto; offer: ShipmentOfferDto }> {
  if (!Types.ObjectId.isValid(offerId)) throw notFound('Offer not found');
  const offer = await ShipmentOfferModel.findById(offerId).lean<ShipmentOffer>();
  if (!offer) throw notFound('Offer not found');
  authorize(actor, 'shipmentOffer:accept', offer, { hide: true, message: 'Offer not found' });
  if (offer.status !== 'pending') throw conflict('This offer was already answered');
  const at = new Date();
  // Of two accepts at once exactly one wins the shipment's way out of 'posted' (infra/transitions.ts).
  const alreadyMatched = () => conflict('This shipment already has an accepted offer');
  const matched = await runTransition(transitionKey('small-shipment', offer.shipmentId, 'posted'), () =>
    SmallShipmentModel.findOneAndUpdate(
      { _id: offer.shipmentId, shipperId: offer.shipperId, status: 'posted' },
      { $set: { status: 'matched', matchedOfferId: offer._id, driverRouteId: offer.routeId ?? null } },
      { new: true },
    ).lean<SmallShipment>(),
  );
  if (!matched) throw alreadyMatched();
  const accepted = await ShipmentOfferModel.findOneAndUpdate(
    { _id: offer._id },
    { $set: { status: 'accepted', respondedAt: at } },
    { new: true },
  ).lean<ShipmentOffer>();
  const declined = await ShipmentOfferModel.find(
    { shipmentId: offer.shipmentId, status: 'pending', _id: { $ne: offer._id } },
    { _id: 1 },
  ).lean();
  await ShipmentOfferModel.updateMany(
    { _id: { $in: declined.map((d) => d._id) }, status: 'pending' },
    { $set: { status: 'declined', respondedAt: at } },
  );
  const shipment = toSmallShipmentDto(matched);
  const acceptedDto = toShipmentOfferDto(accepted!);
  publish('smallShipment:updated', [rooms.role('individual_driver'), rooms.user(shipment.shipperId)], {
    shipment,
  });
  publishOffer('shipmentOffer:updated', acceptedDto);
  const declinedDocs = await ShipmentOfferModel.find({ _id: { $in: declined.map((d) => d._id) } }).lean<
    ShipmentOffer[]
  >();
  for (const d of declinedDocs) publishOffer('shipmentOffer:updated', toShipmentOfferDto(d));
  await notify({
    userId: acceptedDto.driverId,
    kind: 'shipment_offer',
    title: 'Your offer was accepted',
    body: `${shipment.title}: $${acceptedDto.price.toFixed(2)}, ${shipment.originCity}, ${shipment.originState} to ${shipment.destinationCity}, ${shipment.destinationState}`,
    link: '/driver-routes',
  });
  return { shipment, offer: acceptedDto };
}
