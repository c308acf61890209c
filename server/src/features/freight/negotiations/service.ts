import {
  NEGOTIATION_STATUSES,
  negotiationActionSchema,
  type counterOfferSchema,
  offerExpiry,
  offerVersionSchema,
  type rateOfferSchema,
  type reviseOfferSchema,
  type FreightListingDto,
  type NegotiationDto,
  type NegotiationStatus,
  type Page,
} from '@freight/shared';
import { Types, type FilterQuery } from 'mongoose';
import { z } from 'zod';
import { AppError, conflict, forbidden, notFound } from '../../../http/errors';
import { paginate } from '../../../http/paginate';
import { pageQuerySchema } from '../../../http/validate';
import { authorize, can, type Actor } from '../../../policies';
import { assertFeatureAccess } from '../../../policies/gate';
import { assertCarrierCanTakeBooking } from '../planLimits';
import {
  dollarsToCents,
  FreightModel,
  ratePerMileCentsOf,
  toFreightDto,
  type FreightListing,
} from '../model';
import { findLoad, objectId } from '../service';
import { bookLoad, withLoad } from '../bookingJournal/journal';
import { changeOffer, closeOffer } from './close';
import { negotiationViews } from '../views';
import { recordFact } from '../../../events/record';
import { NegotiationModel, effectiveStatus, negotiationStep, type Negotiation } from './model';
import { assertEmailVerified } from '../../../policies/emailVerified';
import { emptyPage, mine } from '../../companies/mine';
import { stampChangedParties } from '../../companies/stamps';

export const UNVERIFIED_OFFER_TEXT = 'Complete document verification to negotiate rates.';
const OPEN: NegotiationStatus[] = ['pending', 'counter_offered'];

async function view(n: Negotiation): Promise<NegotiationDto> {
  return (await negotiationViews([n]))[0];
}

/**
 * Offers past their expiry are stored as expired (lazily, whenever a list or an action looks at them), each under its
 * load's lease like every other change of an offer.
 */
async function expireDue(filter: FilterQuery<Negotiation>): Promise<void> {
  const due = await NegotiationModel.find(
    { ...filter, status: { $in: OPEN }, expiresAt: { $lte: new Date() } },
    { freightListingId: 1, status: 1 },
  ).lean<Array<Pick<Negotiation, '_id' | 'freightListingId' | 'status'>>>();
  for (const n of due) {
    await withLoad(n.freightListingId, async () => {
      const current = await NegotiationModel.findById(n._id).lean<Negotiation>();
      if (!current || current.status !== n.status || !(current.expiresAt <= new Date())) return;
      await changeOffer(
        current,
        n.status,
        { status: 'expired' },
        { name: 'offer.expired', by: 'system', filter: { expiresAt: { $lte: new Date() } } },
      );
    });
  }
}

/** The state an offer reached, as a 409 names it (issue 39: a round on a decided or stale offer says where it is). */
const REACHED: Record<NegotiationStatus, string> = {
  pending: "This offer is waiting on the broker's answer",
  counter_offered: "This offer is waiting on the carrier's answer to a counter",
  accepted: 'This offer was already accepted',
  rejected: 'This offer was already rejected',
  expired: 'This offer has expired',
};

/**
 * 409 with the reason an offer cannot move: expired, already answered, or waiting on the other side. `details` holds
 * the offer as it is now, so the caller shows the state it reached.
 */
async function refuse(n: Negotiation): Promise<never> {
  let current = (await NegotiationModel.findById(n._id).lean<Negotiation>()) ?? n;
  const reached = effectiveStatus(current);
  if (reached === 'expired' && current.status !== 'expired') {
    await expireDue({ _id: n._id });
    current = (await NegotiationModel.findById(n._id).lean<Negotiation>()) ?? current;
  }
  throw new AppError('CONFLICT', REACHED[reached], [{ status: reached, negotiation: await view(current) }]);
}

/** POST /api/freight/:id/negotiate (call 11): a verified carrier offers a rate on an available load. */
export async function makeOffer(
  actor: Actor,
  freightId: string,
  data: z.output<typeof rateOfferSchema>,
): Promise<{ message: string; negotiation: NegotiationDto }> {
  const load = await findLoad(freightId);
  authorize(actor, 'freight:offer', load, {
    message: 'Only carriers can make rate offers, on road loads (and not on their own loads)',
  });
  assertEmailVerified(actor);
  if (!actor.isVerified) throw forbidden(UNVERIFIED_OFFER_TEXT);
  if (load.equipmentType === 'air_cargo') await assertFeatureAccess(actor, 'air_freight');
  const negotiation = await withLoad(load._id, async () => {
    const current = await findLoad(freightId);
    if (current.status !== 'available') throw conflict('This load is no longer available');
    const proposedRateCents = dollarsToCents(data.proposedRate)!;
    const now = new Date();
    const draft = new NegotiationModel({
      _id: new Types.ObjectId(),
      freightListingId: load._id,
      carrierId: new Types.ObjectId(actor.id),
      brokerId: load.brokerId ?? load.userId,
      proposedRateCents,
      history: [negotiationStep('carrier', proposedRateCents, now, data.message ?? null)],
      proposedRatePerMileCents: dollarsToCents(data.proposedRatePerMile ?? null),
      message: data.message ?? null,
      expiresAt: new Date(data.expiresAt ?? offerExpiry()),
      createdAt: now,
      updatedAt: now,
    });
    await stampChangedParties(NegotiationModel.schema, null, draft);
    const offer = await view(draft.toObject() as Negotiation);
    await recordFact(
      { kind: 'load', id: String(load._id) },
      {
        name: 'offer.made',
        key: offer.id,
        by: actor,
        loadId: String(load._id),
        subjects: { negotiationId: offer.id, carrierId: actor.id },
        data: { offer },
        proof: { collection: NegotiationModel.collection.collectionName, filter: { _id: draft._id } },
      },
      () => draft.save({ timestamps: false }),
    );
    return offer;
  });
  return { message: 'Rate offer submitted successfully', negotiation };
}

export const negotiationListSchema = pageQuerySchema.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(NEGOTIATION_STATUSES).optional()),
});
type NegotiationListQuery = z.output<typeof negotiationListSchema>;

/** One page of offers, to the roles the policy lets list them (issue 51: a driver sees none). */
async function listPage(
  viewer: Actor,
  filter: FilterQuery<Negotiation>,
  q: NegotiationListQuery,
): Promise<Page<NegotiationDto>> {
  if (!can(viewer, 'negotiation:list')) return emptyPage(q);
  await expireDue(filter);
  if (q.status) filter.status = q.status;
  const found = await paginate<Negotiation>(NegotiationModel, filter, { createdAt: -1, _id: -1 }, q);
  return { ...found, items: await negotiationViews(found.items, viewer) };
}

/** GET /api/broker/negotiations (call 26). */
export async function brokerNegotiations(
  actor: Actor,
  q: NegotiationListQuery,
): Promise<Page<NegotiationDto>> {
  authorize(actor, 'broker:access', undefined, {
    message: 'This dashboard is only available to verified brokers.',
  });
  return listPage(actor, mine(actor, 'brokerId', 'brokerCompanyId'), q);
}

/** GET /api/negotiations/mine: the carrier's offers, with counters to answer. */
export async function myNegotiations(actor: Actor, q: NegotiationListQuery): Promise<Page<NegotiationDto>> {
  return listPage(actor, mine(actor, 'carrierId', 'carrierCompanyId'), q);
}

/** GET /api/negotiations/received: offers on the user's loads (shippers answer offers on loads with no broker). */
export async function receivedNegotiations(
  actor: Actor,
  q: NegotiationListQuery,
): Promise<Page<NegotiationDto>> {
  return listPage(actor, mine(actor, 'brokerId', 'brokerCompanyId'), q);
}

async function findNegotiation(id: string): Promise<Negotiation> {
  const n = await NegotiationModel.findById(objectId(id, 'Negotiation')).lean<Negotiation>();
  if (!n) throw notFound('Negotiation not found');
  return n;
}

/** 409 for an accept of a version the offer has left: the acceptor sees the offer as it is now. */
async function changedMeanwhile(current: Negotiation): Promise<never> {
  throw new AppError('CONFLICT', 'This offer changed before you accepted it; review the current offer', [
    { negotiation: await view(current) },
  ]);
}

/**
 * Runs `fn` with the offer as it is now, under its load's lease (and the carrier's, for a booking: its plan limit),
 * refusing with 409 when it is no longer in `from`.
 */
function underOffer<T>(
  n: Negotiation,
  from: NegotiationStatus,
  fn: (current: Negotiation) => Promise<T>,
  opts: { booking?: boolean } = {},
): Promise<T> {
  return withLoad(
    n.freightListingId,
    async () => {
      const current = await findNegotiation(String(n._id));
      if (effectiveStatus(current) !== from) return refuse(current);
      return fn(current);
    },
    opts.booking ? [{ kind: 'user', id: String(n.carrierId) }] : [],
  );
}

/**
 * Books the load to the offer's carrier at the rate of the version the acceptor saw (`version`): the offer accepted,
 * the load booked, everything else on the load closed (bookingJournal's bookLoad).
 */
function settle(n: Negotiation, from: NegotiationStatus, version: number, actorId: string) {
  return underOffer(
    n,
    from,
    async (current) => {
      if ((current.version ?? 1) !== version) return changedMeanwhile(current);
      const rateCents = from === 'counter_offered' ? current.counterRateCents : current.proposedRateCents;
      if (rateCents == null) throw conflict('There is no counter offer to answer');
      const load = await findLoad(String(current.freightListingId));
      if (load.status !== 'available') throw conflict('This load is no longer available');
      await assertCarrierCanTakeBooking(String(current.carrierId));
      const { after } = await bookLoad({
        loadId: load._id,
        carrierId: String(current.carrierId),
        actorId,
        negotiationId: String(current._id),
        rateCents,
      });
      return { accepted: await findNegotiation(String(current._id)), listing: toFreightDto(after) };
    },
    { booking: true },
  );
}

/** Rejects an open offer as it is now, under its load's lease (409 when it has left `from`). */
function reject(n: Negotiation, from: NegotiationStatus, by: Actor, at = new Date()) {
  return underOffer(
    n,
    from,
    async (current) =>
      (await closeOffer(current._id, { from, to: 'rejected', at }, { by })) ?? refuse(current),
  );
}

/** How the broker answers an offer: accept the version it saw, reject, or counter with a rate (and a message). */
export type OfferReply =
  { action: 'accept'; version: number } | { action: 'reject' } | ({ action: 'counter' } & CounterInput);

/** A round (issue 39): the figure, an optional message, and the version it answers (optional: older clients). */
export type CounterInput = Pick<z.output<typeof counterOfferSchema>, 'counterRate' | 'message' | 'version'>;

/**
 * The body of POST /api/negotiations/:id/accept: the version accepted (offerVersionSchema), or a counterRate, which
 * counters instead.
 */
export const acceptOfferSchema = negotiationActionSchema
  .extend({ version: z.unknown().optional() })
  .transform((body, ctx): OfferReply => {
    if (body.counterRate != null)
      return { action: 'counter', counterRate: body.counterRate, message: body.message ?? null };
    const seen = offerVersionSchema.safeParse(body);
    if (seen.success) return { action: 'accept', version: seen.data.version };
    for (const issue of seen.error.issues) ctx.addIssue({ ...issue });
    return z.NEVER;
  });

/**
 * POST /api/negotiations/:id/accept, /reject and /counter (call 28). Only while pending: 409 afterwards, and 409 for
 * an expired offer.
 */
export async function respondToOffer(
  actor: Actor,
  id: string,
  reply: OfferReply,
): Promise<{ message: string; negotiation: NegotiationDto; listing: FreightListingDto | null }> {
  const n = await findNegotiation(id);
  authorize(actor, 'negotiation:respond', n, { hide: true, message: 'Negotiation not found' });
  // An accept repeated by the side that answers (a retry after an outage's 503 that had in fact gone through,
  // issue 25): the state it reached, once the load's lease has finished any booking a crash interrupted.
  if (reply.action === 'accept' && n.status === 'accepted') {
    const load = await withLoad(n.freightListingId, () =>
      FreightModel.findById(n.freightListingId).lean<FreightListing>(),
    );
    const current = (await NegotiationModel.findById(n._id).lean<Negotiation>()) ?? n;
    if (current.status === 'accepted') {
      const listing = load ? toFreightDto(load) : null;
      return { message: 'Negotiation accepted successfully', negotiation: await view(current), listing };
    }
  }
  if (effectiveStatus(n) !== 'pending') return refuse(n);

  if (reply.action === 'accept') {
    const { accepted, listing } = await settle(n, 'pending', reply.version, actor.id);
    const negotiation = await view(accepted);
    return { message: 'Negotiation accepted successfully', negotiation, listing };
  }

  if (reply.action === 'counter')
    return { ...(await counterRound(actor, n, 'broker', reply)), listing: null };
  const negotiation = await view(await reject(n, 'pending', actor));
  return { message: 'Negotiation rejected successfully', negotiation, listing: null };
}

/**
 * One round (issue 39): `side` counters the other side's last figure on its turn (the broker while the offer is
 * pending, the carrier while it is countered), with an optional message. A new version, a history step and one
 * offer.countered fact, under the load's lease; the other side gets a fresh default validity to answer. A counter
 * naming a version the offer has left is refused like a stale accept (409 with the offer as it is now).
 */
async function counterRound(
  actor: Actor,
  n: Negotiation,
  side: 'broker' | 'carrier',
  data: CounterInput,
): Promise<{ message: string; negotiation: NegotiationDto }> {
  const from: NegotiationStatus = side === 'broker' ? 'pending' : 'counter_offered';
  if (effectiveStatus(n) !== from) return refuse(n);
  const updated = await underOffer(n, from, async (current) => {
    if (data.version != null && (current.version ?? 1) !== data.version) return changedMeanwhile(current);
    const now = new Date();
    const rateCents = dollarsToCents(data.counterRate)!;
    const rates =
      side === 'broker'
        ? { status: 'counter_offered', respondedAt: now, counterRateCents: rateCents }
        : {
            status: 'pending',
            proposedRateCents: rateCents,
            proposedRatePerMileCents: ratePerMileCentsOf(
              rateCents,
              (await FreightModel.findById(current.freightListingId, { distance: 1 }).lean<FreightListing>())
                ?.distance ?? null,
            ),
          };
    const countered = await changeOffer(
      current,
      from,
      {
        ...rates,
        version: (current.version ?? 1) + 1,
        history: [...current.history, negotiationStep(side, rateCents, now, data.message ?? null)],
        expiresAt: new Date(offerExpiry(undefined, now)),
      },
      { name: 'offer.countered', by: actor },
    );
    return countered ?? refuse(current);
  });
  return { message: 'Counter offer sent successfully', negotiation: await view(updated) };
}

/**
 * POST /api/negotiations/:id/counter (issue 39): whoever's turn it is counters the other side's last figure: the
 * load's broker (or poster) an offer waiting on them, the carrier a counter waiting on it.
 */
export async function counterOffer(
  actor: Actor,
  id: string,
  data: CounterInput,
): Promise<{ message: string; negotiation: NegotiationDto; listing: null }> {
  const n = await findNegotiation(id);
  authorize(actor, 'negotiation:counter', n, { hide: true, message: 'Negotiation not found' });
  const side = can(actor, 'negotiation:respond', n) ? 'broker' : 'carrier';
  return { ...(await counterRound(actor, n, side, data)), listing: null };
}

/** POST /api/negotiations/:id/revise: the carrier changes its pending offer (a new version; accepts of older fail). */
export async function reviseOffer(
  actor: Actor,
  id: string,
  data: z.output<typeof reviseOfferSchema>,
): Promise<{ message: string; negotiation: NegotiationDto }> {
  const n = await findNegotiation(id);
  authorize(actor, 'negotiation:revise', n, { hide: true, message: 'Negotiation not found' });
  if (effectiveStatus(n) !== 'pending') return refuse(n);
  const updated = await underOffer(n, 'pending', async (current) => {
    const proposedRateCents = dollarsToCents(data.proposedRate)!;
    const revised = await changeOffer(
      current,
      'pending',
      {
        proposedRateCents,
        history: [
          ...current.history,
          negotiationStep('carrier', proposedRateCents, new Date(), data.message ?? null),
        ],
        proposedRatePerMileCents: dollarsToCents(data.proposedRatePerMile ?? null),
        ...(data.message !== undefined ? { message: data.message } : {}),
        version: (current.version ?? 1) + 1,
      },
      { name: 'offer.revised', by: actor },
    );
    return revised ?? refuse(current);
  });
  const negotiation = await view(updated);
  return { message: 'Rate offer revised successfully', negotiation };
}

/** The carrier answers a counter offer: accepting (with the version seen) books the load at the counter rate. */
export async function answerCounter(
  actor: Actor,
  id: string,
  reply: { accept: true; version: number } | { accept: false },
): Promise<{ message: string; negotiation: NegotiationDto; listing: FreightListingDto | null }> {
  const n = await findNegotiation(id);
  authorize(actor, 'negotiation:acceptCounter', n, { hide: true, message: 'Negotiation not found' });
  if (effectiveStatus(n) !== 'counter_offered' || n.counterRateCents == null) {
    if (effectiveStatus(n) === 'expired') return refuse(n);
    throw conflict('There is no counter offer to answer');
  }
  if (reply.accept) {
    const { accepted, listing } = await settle(n, 'counter_offered', reply.version, actor.id);
    const negotiation = await view(accepted);
    return { message: 'Counter offer accepted successfully', negotiation, listing };
  }
  const updated = await reject(n, 'counter_offered', actor);
  const negotiation = await view(updated);
  return { message: 'Counter offer declined', negotiation, listing: null };
}
