import {
  NEGOTIATION_STATUSES,
  counterOfferSchema,
  negotiationActionSchema,
  offerExpiry,
  rateOfferSchema,
  rooms,
  type FreightListingDto,
  type NegotiationDto,
  type NegotiationStatus,
  type Page,
} from '@freight/shared';
import { Types, type FilterQuery } from 'mongoose';
import { z } from 'zod';
import { conflict, forbidden, notFound } from '../../../http/errors';
import { paginate } from '../../../http/paginate';
import { pageQuerySchema, parse } from '../../../http/validate';
import { authorize, type Actor } from '../../../policies';
import { publish } from '../../../realtime/publish';
import { notify } from '../../notifications/service';
import { assertFeatureAccess } from '../../subscriptions/gate';
import { assertCarrierCanTakeBooking } from '../../subscriptions/limits';
import { afterBooking, claimLoad, releaseLoad } from '../booking';
import { acquireTransition, negotiationTransition, releaseTransition, runTransition } from '../locks';
import { dollarsToCents, toFreightDto } from '../model';
import { findLoad, objectId } from '../service';
import { negotiationViews } from '../views';
import { NegotiationModel, effectiveStatus, type Negotiation } from './model';

export const UNVERIFIED_OFFER_TEXT = 'Complete document verification to negotiate rates.';
const OPEN: NegotiationStatus[] = ['pending', 'counter_offered'];

async function view(n: Negotiation): Promise<NegotiationDto> {
  return (await negotiationViews([n]))[0];
}

function announce(negotiation: NegotiationDto, listing: FreightListingDto | null) {
  publish('negotiation:updated', [rooms.user(negotiation.brokerId), rooms.user(negotiation.carrierId)], {
    negotiation,
    listing,
  });
}

/** Offers past their expiry are stored as expired (lazily, whenever a list or an action looks at them). */
async function expireDue(filter: FilterQuery<Negotiation>): Promise<void> {
  await NegotiationModel.updateMany(
    { ...filter, status: { $in: OPEN }, expiresAt: { $lte: new Date() } },
    { $set: { status: 'expired' } },
  );
}

/** 409 with the reason an offer cannot move: expired, or already answered. */
async function refuse(n: Negotiation): Promise<never> {
  const current = (await NegotiationModel.findById(n._id).lean<Negotiation>()) ?? n;
  if (effectiveStatus(current) === 'expired') {
    await expireDue({ _id: n._id });
    throw conflict('This offer has expired');
  }
  throw conflict(`This offer was already ${current.status.replace('_', ' ')}`);
}

/** POST /api/freight/:id/negotiate (call 11): a verified carrier offers a rate on an available load. */
export async function makeOffer(
  actor: Actor,
  freightId: string,
  input: unknown,
): Promise<{ message: string; negotiation: NegotiationDto }> {
  const data = parse(rateOfferSchema, input ?? {});
  const load = await findLoad(freightId);
  if (!actor.isVerified) throw forbidden(UNVERIFIED_OFFER_TEXT);
  authorize(actor, 'freight:offer', load, {
    message: 'Only carriers can make rate offers (and not on their own loads)',
  });
  if (load.equipmentType === 'air_cargo') await assertFeatureAccess(actor, 'air_freight');
  if (load.status !== 'available') throw conflict('This load is no longer available');
  const doc = await NegotiationModel.create({
    freightListingId: load._id,
    carrierId: new Types.ObjectId(actor.id),
    brokerId: load.brokerId ?? load.userId,
    proposedRateCents: dollarsToCents(data.proposedRate),
    proposedRatePerMileCents: dollarsToCents(data.proposedRatePerMile ?? null),
    message: data.message ?? null,
    expiresAt: new Date(data.expiresAt ?? offerExpiry()),
  });
  const negotiation = await view(doc.toObject() as Negotiation);
  publish('negotiation:created', [rooms.user(negotiation.brokerId), rooms.user(negotiation.carrierId)], {
    negotiation,
  });
  await notify({
    userId: negotiation.brokerId,
    kind: 'negotiation',
    title: 'New rate offer',
    body: `${negotiation.carrierCompany || negotiation.carrierName || 'A carrier'} offered $${negotiation.proposedRate.toFixed(2)} for ${load.title}.`,
    link: '/broker',
  });
  return { message: 'Rate offer submitted successfully', negotiation };
}

const listSchema = pageQuerySchema.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(NEGOTIATION_STATUSES).optional()),
});

async function listPage(filter: FilterQuery<Negotiation>, input: unknown): Promise<Page<NegotiationDto>> {
  const q = parse(listSchema, input);
  await expireDue(filter);
  if (q.status) filter.status = q.status;
  const found = await paginate<Negotiation>(NegotiationModel, filter, { createdAt: -1, _id: -1 }, q);
  return { ...found, items: await negotiationViews(found.items) };
}

/** GET /api/broker/negotiations (call 26). */
export async function brokerNegotiations(actor: Actor, input: unknown): Promise<Page<NegotiationDto>> {
  authorize(actor, 'broker:access', undefined, {
    message: 'This dashboard is only available to verified brokers.',
  });
  return listPage({ brokerId: new Types.ObjectId(actor.id) }, input);
}

/** GET /api/negotiations/mine: the carrier's offers, with counters to answer. */
export async function myNegotiations(actor: Actor, input: unknown): Promise<Page<NegotiationDto>> {
  return listPage({ carrierId: new Types.ObjectId(actor.id) }, input);
}

/** GET /api/negotiations/received: offers on the user's loads (shippers answer offers on loads with no broker). */
export async function receivedNegotiations(actor: Actor, input: unknown): Promise<Page<NegotiationDto>> {
  return listPage({ brokerId: new Types.ObjectId(actor.id) }, input);
}

async function findNegotiation(id: string): Promise<Negotiation> {
  const n = await NegotiationModel.findById(objectId(id, 'Negotiation')).lean<Negotiation>();
  if (!n) throw notFound('Negotiation not found');
  return n;
}

/**
 * Books the load to the offer's carrier at `rateCents`, moving the offer from `from` to accepted. The load moves
 * first with its own conditional update; if the offer then lost a race, the load is released again.
 */
async function settle(n: Negotiation, from: NegotiationStatus, rateCents: number, actorId: string) {
  const lock = negotiationTransition(n._id, from);
  if (!(await acquireTransition(lock))) return refuse(n);
  const load = await findLoad(String(n.freightListingId));
  const carrierId = String(n.carrierId);
  let booked: Awaited<ReturnType<typeof claimLoad>> = null;
  let accepted: Negotiation | null = null;
  try {
    if (load.status !== 'available') throw conflict('This load is no longer available');
    await assertCarrierCanTakeBooking(carrierId);
    booked = await claimLoad(load, carrierId, rateCents);
    if (!booked) throw conflict('This load is no longer available');
    accepted = await NegotiationModel.findOneAndUpdate(
      { _id: n._id, status: from, expiresAt: { $gt: new Date() } },
      { $set: { status: 'accepted', respondedAt: new Date() } },
      { new: true },
    ).lean<Negotiation>();
    if (!accepted) await refuse(n);
  } catch (err) {
    if (booked) await releaseLoad(load, carrierId);
    await releaseTransition(lock);
    throw err;
  }
  if (!booked || !accepted) throw conflict('This offer can no longer be accepted');
  await afterBooking(booked, actorId, { negotiationId: String(n._id) });
  return { accepted, listing: toFreightDto(booked) };
}

/**
 * POST /api/negotiations/:id/accept and /reject (call 28); accept with a counterRate counters instead. Only while
 * pending: 409 afterwards, and 409 for an expired offer.
 */
export async function respondToOffer(
  actor: Actor,
  id: string,
  action: 'accept' | 'reject' | 'counter',
  input: unknown,
): Promise<{ message: string; negotiation: NegotiationDto; listing: FreightListingDto | null }> {
  const n = await findNegotiation(id);
  authorize(actor, 'negotiation:respond', n, { hide: true, message: 'Negotiation not found' });
  let counterRate: number | null | undefined;
  if (action === 'counter') counterRate = parse(counterOfferSchema, input ?? {}).counterRate;
  else if (action === 'accept') counterRate = parse(negotiationActionSchema, input ?? {}).counterRate;
  if (counterRate != null) action = 'counter';
  if (effectiveStatus(n) !== 'pending') return refuse(n);

  if (action === 'accept') {
    const { accepted, listing } = await settle(n, 'pending', n.proposedRateCents, actor.id);
    const negotiation = await view(accepted);
    announce(negotiation, listing);
    await notify({
      userId: negotiation.carrierId,
      kind: 'negotiation',
      title: 'Rate offer accepted',
      body: `Your offer of $${negotiation.proposedRate.toFixed(2)} on ${negotiation.freightTitle} was accepted: the load is booked to you.`,
      link: `/tracking/${negotiation.freightListingId}`,
    });
    return { message: 'Negotiation accepted successfully', negotiation, listing };
  }

  const now = new Date();
  const set =
    action === 'reject'
      ? { status: 'rejected', respondedAt: now }
      : {
          status: 'counter_offered',
          respondedAt: now,
          counterRateCents: dollarsToCents(counterRate!),
          expiresAt: new Date(offerExpiry(undefined, now)),
        };
  const updated = await runTransition(negotiationTransition(n._id, 'pending'), () =>
    NegotiationModel.findOneAndUpdate(
      { _id: n._id, status: 'pending', expiresAt: { $gt: now } },
      { $set: set },
      { new: true },
    ).lean<Negotiation>(),
  );
  if (!updated) return refuse(n);
  const negotiation = await view(updated);
  announce(negotiation, null);
  await notify({
    userId: negotiation.carrierId,
    kind: 'negotiation',
    title: action === 'reject' ? 'Rate offer rejected' : 'Counter offer received',
    body:
      action === 'reject'
        ? `Your offer on ${negotiation.freightTitle} was rejected.`
        : `The broker countered your offer on ${negotiation.freightTitle} with $${negotiation.counterRate?.toFixed(2)}.`,
    link: '/freight',
  });
  return {
    message: action === 'reject' ? 'Negotiation rejected successfully' : 'Counter offer sent successfully',
    negotiation,
    listing: null,
  };
}

/** The carrier answers a counter offer: accepting books the load at the counter rate. */
export async function answerCounter(
  actor: Actor,
  id: string,
  accept: boolean,
): Promise<{ message: string; negotiation: NegotiationDto; listing: FreightListingDto | null }> {
  const n = await findNegotiation(id);
  authorize(actor, 'negotiation:acceptCounter', n, { hide: true, message: 'Negotiation not found' });
  if (effectiveStatus(n) !== 'counter_offered' || n.counterRateCents == null) {
    if (effectiveStatus(n) === 'expired') return refuse(n);
    throw conflict('There is no counter offer to answer');
  }
  if (accept) {
    const { accepted, listing } = await settle(n, 'counter_offered', n.counterRateCents, actor.id);
    const negotiation = await view(accepted);
    announce(negotiation, listing);
    await notify({
      userId: negotiation.brokerId,
      kind: 'negotiation',
      title: 'Counter offer accepted',
      body: `${negotiation.carrierCompany || negotiation.carrierName} accepted $${negotiation.counterRate?.toFixed(2)} for ${negotiation.freightTitle}: the load is booked.`,
      link: '/broker',
    });
    return { message: 'Counter offer accepted successfully', negotiation, listing };
  }
  const updated = await runTransition(negotiationTransition(n._id, 'counter_offered'), () =>
    NegotiationModel.findOneAndUpdate(
      { _id: n._id, status: 'counter_offered' },
      { $set: { status: 'rejected', respondedAt: new Date() } },
      { new: true },
    ).lean<Negotiation>(),
  );
  if (!updated) return refuse(n);
  const negotiation = await view(updated);
  announce(negotiation, null);
  await notify({
    userId: negotiation.brokerId,
    kind: 'negotiation',
    title: 'Counter offer declined',
    body: `${negotiation.carrierCompany || negotiation.carrierName} declined your counter on ${negotiation.freightTitle}.`,
    link: '/broker',
  });
  return { message: 'Counter offer declined', negotiation, listing: null };
}
