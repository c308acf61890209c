import {
  offerExpiry,
  truckFitsLoad,
  EQUIPMENT_LABELS,
  type NegotiationDto,
  type OfferLoadToTruckInput,
} from '@freight/shared';
import { Types } from 'mongoose';
import type { z } from 'zod';
import type { offerLoadToTruckSchema } from '@freight/shared';
import { recordFact } from '../../events/record';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { now } from '../../infra/clock';
import { authorize, type Actor } from '../../policies';
import { assertEmailVerified } from '../../policies/emailVerified';
import { withLoad } from '../freight/bookingJournal/journal';
import { dollarsToCents, ratePerMileCentsOf } from '../freight/model';
import { NegotiationModel, negotiationStep, type Negotiation } from '../freight/negotiations/model';
import { findLoad } from '../freight/service';
import { negotiationViews } from '../freight/views';
import { effectivePostStatus } from './model';
import { findPost } from './service';

export type { OfferLoadToTruckInput };

/**
 * The poster of an open load offers it to a posted truck's carrier (issue 29). It is a rate offer like any other
 * (the negotiations of freight/negotiations), made by the poster's side: it starts as a counter waiting on the
 * carrier, who accepts it (which books the load at that rate, through the same settle path) or declines it.
 */
export async function offerLoadToTruck(
  actor: Actor,
  postId: string,
  data: z.output<typeof offerLoadToTruckSchema>,
): Promise<{ message: string; negotiation: NegotiationDto }> {
  authorize(actor, 'truckPost:offerLoad', undefined, {
    message: 'Only brokers and shippers (owners, admins and dispatchers) can offer loads to trucks',
  });
  assertEmailVerified(actor);
  if (!actor.isVerified) throw forbidden('Complete all required documents to offer loads');
  const post = await findPost(postId);
  if (effectivePostStatus(post, now()) !== 'active') throw notFound('Truck post not found');
  const load = await findLoad(data.loadId).catch(() => {
    throw badRequest('loadId: no such load of yours');
  });
  authorize(actor, 'freight:manage', load, { hide: true, message: 'Load not found' });
  if (actor.userType === 'admin') throw forbidden('Admins do not offer loads');
  if (load.equipmentType === 'air_cargo') throw badRequest('loadId: air shipments are not offered to trucks');
  if (!truckFitsLoad(post.equipmentType, load.equipmentType)) {
    throw badRequest(
      `loadId: this ${EQUIPMENT_LABELS[post.equipmentType]} truck cannot haul a ${
        EQUIPMENT_LABELS[load.equipmentType as keyof typeof EQUIPMENT_LABELS] ?? load.equipmentType
      } load`,
    );
  }
  const negotiation = await withLoad(load._id, async () => {
    const current = await findLoad(data.loadId);
    if (current.status !== 'available') throw conflict('This load is no longer available');
    const open = await NegotiationModel.find(
      { freightListingId: load._id, carrierId: post.carrierId },
      { status: 1, expiresAt: 1 },
    ).lean<Array<Pick<Negotiation, 'status' | 'expiresAt'>>>();
    const at = now();
    if (open.some((n) => (n.status === 'pending' || n.status === 'counter_offered') && n.expiresAt > at)) {
      throw conflict('This carrier already has an open offer on this load');
    }
    const rateCents = dollarsToCents(data.rate)!;
    const draft = new NegotiationModel({
      _id: new Types.ObjectId(),
      freightListingId: load._id,
      carrierId: post.carrierId,
      brokerId: current.brokerId ?? current.userId,
      proposedRateCents: rateCents,
      proposedRatePerMileCents: ratePerMileCentsOf(rateCents, current.distance ?? null),
      counterRateCents: rateCents,
      status: 'counter_offered',
      respondedAt: at,
      history: [negotiationStep('broker', rateCents, at)],
      message: data.message ?? null,
      expiresAt: new Date(offerExpiry(undefined, at)),
      truckPostId: post._id,
      createdAt: at,
      updatedAt: at,
    });
    const [offer] = await negotiationViews([draft.toObject() as Negotiation]);
    await recordFact(
      { kind: 'load', id: String(load._id) },
      {
        name: 'truckPost.loadOffered',
        key: offer.id,
        by: actor,
        loadId: String(load._id),
        subjects: { negotiationId: offer.id, carrierId: String(post.carrierId), truckPostId: postId },
        data: { offer, truckPostId: postId },
        proof: { collection: NegotiationModel.collection.collectionName, filter: { _id: draft._id } },
      },
      () => draft.save({ timestamps: false }),
    );
    return offer;
  });
  return { message: 'Load offered to the carrier', negotiation };
}
