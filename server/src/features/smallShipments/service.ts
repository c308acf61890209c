import {
  type MySmallShipmentDto,
  type Page,
  type ShipmentOfferDto,
  type shipmentOfferAcceptSchema,
  type shipmentOfferSchema,
  type SmallShipmentData,
  type SmallShipmentDto,
} from '@freight/shared';
import { Types } from 'mongoose';
import type { z } from 'zod';
import { AppError, conflict, notFound } from '../../http/errors';
import { withAggregate } from '../../infra/concurrency';
import { NOTHING_WRITTEN, recordFact, recordFacts, type Fact, type FactBy } from '../../events/record';
import { paginate } from '../../http/paginate';
import type { PageQuery } from '../../http/validate';
import { authorize, can, type Actor } from '../../policies';
import { assertMayOfferOnShipments } from '../backgroundChecks/service';
import { DriverRouteModel } from './driverRouteModel';
import { dollarsToCents } from '../freight/model';
import { UserModel, displayName } from '../users/model';
import {
  ShipmentOfferModel,
  SmallShipmentModel,
  toShipmentOfferDto,
  toSmallShipmentDto,
  type ShipmentOffer,
  type SmallShipment,
} from './model';
import { assertEmailVerified } from '../../policies/emailVerified';
import { viewerShipmentOfferActions } from '../../policies/smallShipments';
import { emptyPage, mine } from '../companies/mine';

const toDate = (s: string | undefined) => (s ? new Date(s) : null);

/**
 * Call 30. Records `smallShipment.posted` as the last step of the insert (its projectors push it to drivers with the
 * My Routes page open and notify drivers whose route matches).
 */
export async function createSmallShipment(actor: Actor, data: SmallShipmentData): Promise<SmallShipmentDto> {
  authorize(actor, 'smallShipment:create', undefined, { message: 'Complete your account setup first' });
  assertEmailVerified(actor);
  const now = new Date();
  // Made in memory first (its id, defaults and times), so the fact states exactly what the insert writes.
  const doc = new SmallShipmentModel({
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
    createdAt: now,
    updatedAt: now,
  });
  const stored = doc.toObject() as SmallShipment;
  const shipment = toSmallShipmentDto(stored);
  await recordFact(
    { kind: 'shipment', id: shipment.id },
    {
      name: 'smallShipment.posted',
      key: shipment.id,
      by: actor,
      subjects: { shipmentId: shipment.id, userId: shipment.shipperId },
      data: { shipment },
      proof: { collection: SmallShipmentModel.collection.collectionName, filter: { _id: stored._id } },
    },
    () => doc.save({ timestamps: false }),
  );
  return shipment;
}

async function withOffers(actor: Actor, shipments: SmallShipment[]): Promise<MySmallShipmentDto[]> {
  // A `shipmentId` equality per shipment of the page (a `$in` would read every offer on FerretDB).
  const offers = (
    await Promise.all(
      shipments.map((s) =>
        ShipmentOfferModel.find({ shipmentId: s._id }).sort({ createdAt: 1 }).lean<ShipmentOffer[]>(),
      ),
    )
  ).flat();
  const shipmentOf = new Map(shipments.map((s) => [String(s._id), s]));
  const byShipment = new Map<string, ShipmentOfferDto[]>();
  for (const o of offers) {
    const key = String(o.shipmentId);
    const shipment = shipmentOf.get(key)!;
    const dto = { ...toShipmentOfferDto(o), viewerActions: viewerShipmentOfferActions(actor, shipment, o) };
    byShipment.set(key, [...(byShipment.get(key) ?? []), dto]);
  }
  return shipments.map((s) => ({ ...toSmallShipmentDto(s), offers: byShipment.get(String(s._id)) ?? [] }));
}

/** GET /api/small-shipments: the caller's company's shipments, newest first, with their offers (reading roles). */
export async function listMyShipments(
  actor: Actor,
  { page, pageSize }: PageQuery,
): Promise<Page<MySmallShipmentDto>> {
  if (!can(actor, 'smallShipment:list')) return emptyPage({ page, pageSize });
  const found = await paginate<SmallShipment>(
    SmallShipmentModel,
    mine(actor, 'shipperId', 'shipperCompanyId'),
    { createdAt: -1, _id: -1 },
    { page, pageSize },
  );
  return { ...found, items: await withOffers(actor, found.items) };
}

async function findShipment(id: string): Promise<SmallShipment> {
  if (!Types.ObjectId.isValid(id)) throw notFound('Shipment not found');
  const shipment = await SmallShipmentModel.findById(id).lean<SmallShipment>();
  if (!shipment) throw notFound('Shipment not found');
  return shipment;
}

/**
 * A driver offers a price on a posted shipment (optionally from one of their routes). One offer per driver and
 * shipment: sending again while it is pending revises it (its version counts one up); once answered, or once the
 * shipment is matched, it cannot change (409). Runs under the shipment's lease, so a revision and an accept of the
 * same shipment never interleave.
 */
export async function makeOffer(
  actor: Actor,
  shipmentId: string,
  data: z.output<typeof shipmentOfferSchema>,
): Promise<ShipmentOfferDto> {
  if (!Types.ObjectId.isValid(shipmentId)) throw notFound('Shipment not found');
  assertEmailVerified(actor);
  const offer = await withAggregate('shipment', shipmentId, async () => {
    const shipment = await findShipment(shipmentId);
    if (shipment.status !== 'posted') throw conflict('This shipment is no longer taking offers');
    authorize(actor, 'shipmentOffer:create', shipment, {
      message: 'Only drivers can make offers on shipments',
    });
    // Issue 16: an approved background check first (403 that names it, so the web can link to the form).
    await assertMayOfferOnShipments(actor);
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
      driverBackgroundChecked: true,
    };
    const driverId = new Types.ObjectId(actor.id);
    const answered = () => conflict('Your offer on this shipment was already answered');
    const existing = await ShipmentOfferModel.findOne({
      shipmentId: shipment._id,
      driverId,
    }).lean<ShipmentOffer>();
    const now = new Date();
    if (existing) {
      if (existing.status !== 'pending') throw answered();
      const change = { ...fields, version: (existing.version ?? 1) + 1, updatedAt: now };
      const revised = { ...existing, ...change } as ShipmentOffer;
      const written = await recordFact(
        { kind: 'shipment', id: shipmentId },
        offeredFact(actor, revised),
        async () =>
          (await ShipmentOfferModel.findOneAndUpdate(
            { _id: existing._id, status: 'pending' },
            { $set: change },
            { new: true, timestamps: false },
          ).lean<ShipmentOffer>()) ?? NOTHING_WRITTEN,
      );
      if (written === NOTHING_WRITTEN) throw answered();
      return revised;
    }
    // Made in memory first (its id, defaults and times), so the fact states exactly what the insert writes.
    const draft = new ShipmentOfferModel({
      shipmentId: shipment._id,
      shipperId: shipment.shipperId,
      driverId,
      ...fields,
      createdAt: now,
      updatedAt: now,
    });
    const made = draft.toObject() as ShipmentOffer;
    try {
      await recordFact({ kind: 'shipment', id: shipmentId }, offeredFact(actor, made), () =>
        draft.save({ timestamps: false }),
      );
      return made;
    } catch (err) {
      if ((err as { code?: number }).code === 11000) throw answered();
      throw err;
    }
  });
  return toShipmentOfferDto(offer);
}

/** A driver's offer made (version 1) or revised (each later version): one fact per version. */
function offeredFact(actor: Actor, offer: ShipmentOffer): Fact<'smallShipment.offered'> {
  const dto = toShipmentOfferDto(offer);
  return {
    name: 'smallShipment.offered',
    key: `${dto.id}-v${dto.version}`,
    by: actor,
    subjects: {
      shipmentId: dto.shipmentId,
      offerId: dto.id,
      driverId: dto.driverId,
      shipperId: dto.shipperId,
    },
    data: { offer: dto },
    proof: {
      collection: ShipmentOfferModel.collection.collectionName,
      filter: { _id: offer._id, version: dto.version },
    },
  };
}

/** An offer answered (accepted or declined): once per offer, its answer is final. */
function answeredFact(by: FactBy, offer: ShipmentOffer): Fact<'smallShipment.offerAnswered'> {
  const dto = toShipmentOfferDto(offer);
  return {
    name: 'smallShipment.offerAnswered',
    key: dto.id,
    by,
    subjects: {
      shipmentId: dto.shipmentId,
      offerId: dto.id,
      driverId: dto.driverId,
      shipperId: dto.shipperId,
    },
    data: { offer: dto },
    proof: {
      collection: ShipmentOfferModel.collection.collectionName,
      filter: { _id: offer._id, status: dto.status },
    },
  };
}

/** A shipment matched to its accepted offer: once per shipment (matchedOfferId is set once). */
function matchedFact(
  by: FactBy,
  shipment: SmallShipment,
  offer: ShipmentOffer,
): Fact<'smallShipment.matched'> {
  const dto = toSmallShipmentDto(shipment);
  const offerDto = toShipmentOfferDto(offer);
  return {
    name: 'smallShipment.matched',
    key: dto.id,
    by,
    subjects: {
      shipmentId: dto.id,
      offerId: offerDto.id,
      driverId: offerDto.driverId,
      shipperId: dto.shipperId,
    },
    data: { shipment: dto, offer: offerDto },
    proof: {
      collection: SmallShipmentModel.collection.collectionName,
      filter: { _id: shipment._id, matchedOfferId: offer._id },
    },
  };
}

/** The accept's 409 when the offer is no longer the one the customer saw; `details` carries the current offer. */
function offerChanged(offer: ShipmentOffer): AppError {
  return new AppError('CONFLICT', 'This offer was revised; review the current price and accept again', [
    { offer: toShipmentOfferDto(offer) },
  ]);
}

/**
 * A shipment's match and the writes that follow it, in an order a repeat can finish: the shipment's move to matched
 * (`move`; null when it is already matched) is the record of the decision; then the offer is accepted, then every
 * other pending offer declined. The match's facts (`smallShipment.matched`, one `smallShipment.offerAnswered` per
 * offer answered) are recorded as the last step, each kept once. Idempotent: run again after a crash (by a repeated
 * accept or by the repair at start) it completes the writes and records whatever facts are missing. Runs under the
 * shipment's lease; `shipment` is the shipment as it is once matched.
 */
async function completeMatch(
  shipment: SmallShipment,
  by: FactBy,
  at: Date,
  move: Record<string, unknown> | null,
): Promise<ShipmentOffer> {
  const offerId = shipment.matchedOfferId!;
  const current = await ShipmentOfferModel.findById(offerId).lean<ShipmentOffer>();
  if (!current) throw notFound('Offer not found');
  const answer = (o: ShipmentOffer, status: 'accepted' | 'declined') =>
    ({ ...o, status, respondedAt: at }) as ShipmentOffer;
  const accepted = current.status === 'pending' ? answer(current, 'accepted') : current;
  const others = await ShipmentOfferModel.find({
    shipmentId: shipment._id,
    status: 'pending',
  }).lean<ShipmentOffer[]>();
  const declined = others.filter((o) => !o._id.equals(offerId)).map((o) => answer(o, 'declined'));
  const facts = [
    matchedFact(by, shipment, accepted),
    answeredFact(by, accepted),
    ...declined.map((o) => answeredFact(by, o)),
  ];
  const written = await recordFacts({ kind: 'shipment', id: String(shipment._id) }, facts, async () => {
    if (move) {
      const moved = await SmallShipmentModel.findOneAndUpdate(
        { _id: shipment._id, status: 'posted' },
        { $set: move },
        { new: true, timestamps: false },
      ).lean<SmallShipment>();
      if (!moved) return NOTHING_WRITTEN;
    }
    if (current.status === 'pending')
      await ShipmentOfferModel.updateOne(
        { _id: offerId, status: 'pending' },
        { $set: { status: 'accepted', respondedAt: at } },
      );
    for (const { _id } of declined) {
      await ShipmentOfferModel.updateOne(
        { _id, status: 'pending' },
        { $set: { status: 'declined', respondedAt: at } },
      );
    }
    return true;
  });
  if (written === NOTHING_WRITTEN) throw conflict('This shipment already has an accepted offer');
  return accepted;
}

/**
 * The customer accepts one offer, as shown (its version or price). Under the shipment's lease: of two accepts at
 * once exactly one wins (the other's offer is declined by then: 409); a revision that landed first fails the accept
 * with 409 and the current offer; a repeat of the winning accept completes whatever a crash left undone.
 */
export async function acceptOffer(
  actor: Actor,
  offerId: string,
  seen: z.output<typeof shipmentOfferAcceptSchema>,
): Promise<{ shipment: SmallShipmentDto; offer: ShipmentOfferDto }> {
  if (!Types.ObjectId.isValid(offerId)) throw notFound('Offer not found');
  const first = await ShipmentOfferModel.findById(offerId).lean<ShipmentOffer>();
  if (!first) throw notFound('Offer not found');
  authorize(actor, 'shipmentOffer:accept', first, { hide: true, message: 'Offer not found' });
  const at = new Date();

  return withAggregate('shipment', first.shipmentId, async () => {
    const offer = await ShipmentOfferModel.findById(offerId).lean<ShipmentOffer>();
    const shipment = await SmallShipmentModel.findById(first.shipmentId).lean<SmallShipment>();
    if (!offer || !shipment) throw notFound('Offer not found');
    const asSeen =
      (seen.version === undefined || seen.version === (offer.version ?? 1)) &&
      (seen.price === undefined || dollarsToCents(seen.price) === offer.priceCents);
    const won = shipment.status === 'matched' && String(shipment.matchedOfferId) === String(offer._id);
    if (!won) {
      if (offer.status !== 'pending') throw conflict('This offer was already answered');
      if (shipment.status !== 'posted') throw conflict('This shipment already has an accepted offer');
    }
    if (!asSeen) throw offerChanged(offer);
    const move = won
      ? null
      : {
          status: 'matched',
          matchedOfferId: offer._id,
          agreedPriceCents: offer.priceCents,
          driverRouteId: offer.routeId ?? null,
          updatedAt: at,
        };
    const matched = { ...shipment, ...move } as SmallShipment;
    const accepted = await completeMatch(matched, actor, at, move);
    return { shipment: toSmallShipmentDto(matched), offer: toShipmentOfferDto(accepted) };
  });
}

/**
 * At start: a crash between an accept's writes can leave a matched shipment whose offer is still pending, or other
 * offers still pending. Each such shipment is completed under its lease (the decision, the match, stands), and the
 * match's facts the crash left unrecorded are recorded.
 */
export async function repairSmallShipments(): Promise<number> {
  const pendingOffers = await ShipmentOfferModel.find({ status: 'pending' }, { shipmentId: 1 }).lean();
  const shipmentIds = [...new Set(pendingOffers.map((o) => String(o.shipmentId)))];
  let repaired = 0;
  for (const id of shipmentIds) {
    const seen = await SmallShipmentModel.findById(id, { status: 1 }).lean();
    if (seen?.status !== 'matched') continue;
    await withAggregate('shipment', id, async () => {
      const shipment = await SmallShipmentModel.findById(id).lean<SmallShipment>();
      if (shipment?.status !== 'matched' || !shipment.matchedOfferId) return;
      await completeMatch(shipment, 'system', new Date(), null);
      repaired++;
    });
  }
  return repaired;
}
