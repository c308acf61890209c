import {
  type addShipperSchema,
  type BrokerInvitationDto,
  type BrokerShipperDto,
  type Page,
  type ShipperInvitationDto,
} from '@freight/shared';
import { Types } from 'mongoose';
import type { z } from 'zod';
import { conflict, notFound } from '../../../http/errors';
import { withAggregate } from '../../../infra/concurrency';
import { findByIds, paginate } from '../../../http/paginate';
import type { PageQuery } from '../../../http/validate';
import { authorize, type Actor } from '../../../policies';
import { UserModel, displayName } from '../../users/model';
import { NOTHING_WRITTEN, recordFact } from '../../../events/record';
import { dollarsToCents } from '../model';
import {
  BROKER_VIEW,
  BrokerInvitationModel,
  BrokerShipperModel,
  toBrokerInvitationDto,
  toBrokerShipperDto,
  toShipperInvitationDto,
  type BrokerInvitation,
  type BrokerShipper,
} from './model';

const BROKERS_ONLY = 'This dashboard is only available to verified brokers.';
const INVITATION_NOT_FOUND = 'Invitation not found';
const SHIPPER_VIEW = { firstName: 1, lastName: 1, email: 1, companyName: 1, phoneNumber: 1 } as const;
type ShipperView = NonNullable<Parameters<typeof toBrokerShipperDto>[1]> & { _id: Types.ObjectId };
type BrokerView = NonNullable<Parameters<typeof toShipperInvitationDto>[1]> & { _id: Types.ObjectId };

/** GET /api/broker/shippers (call 27): the broker's active shipper relationships (shippers who accepted). */
export async function listBrokerShippers(actor: Actor, q: PageQuery): Promise<Page<BrokerShipperDto>> {
  authorize(actor, 'broker:access', undefined, { message: BROKERS_ONLY });
  const found = await paginate<BrokerShipper>(
    BrokerShipperModel,
    { brokerId: new Types.ObjectId(actor.id), isActive: true },
    { createdAt: -1, _id: -1 },
    q,
  );
  const shippers = await findByIds<ShipperView>(
    UserModel,
    found.items.map((r) => r.shipperId),
    SHIPPER_VIEW,
  );
  const byId = new Map(shippers.map((s) => [String(s._id), s]));
  return { ...found, items: found.items.map((r) => toBrokerShipperDto(r, byId.get(String(r.shipperId)))) };
}

/**
 * POST /api/broker/shippers: 'Add Shipper Relationship' invites the shipper with this email (issue #12). The answer
 * is the invitation, pending, with only the email typed: the same whether the email has an account or not. A shipper
 * account with this email is notified; it sees the invitation and accepts or declines. Inviting the same email again
 * answers the same invitation (its terms updated while pending) and notifies nobody again.
 */
export async function inviteShipper(
  actor: Actor,
  data: z.output<typeof addShipperSchema>,
): Promise<BrokerInvitationDto> {
  authorize(actor, 'broker:access', undefined, { message: BROKERS_ONLY });
  const brokerId = new Types.ObjectId(actor.id);
  const terms = {
    creditLimitCents: dollarsToCents(data.creditLimit ?? null),
    paymentTerms: data.paymentTerms ?? null,
  };
  let invitation: BrokerInvitation | null;
  try {
    // A new invitation is a fact (invitation.sent): the shipper account with that email, if any, is told by the
    // projector (./projector.ts).
    const draft = new BrokerInvitationModel({
      _id: new Types.ObjectId(),
      brokerId,
      email: data.shipperEmail,
      ...terms,
    });
    const id = String(draft._id);
    await recordFact(
      { kind: 'invitation', id },
      {
        name: 'invitation.sent',
        key: id,
        by: actor,
        subjects: { invitationId: id, brokerId: actor.id },
        data: { invitation: { id, brokerId: actor.id, email: draft.email } },
        proof: { collection: BrokerInvitationModel.collection.collectionName, filter: { _id: draft._id } },
      },
      () => draft.save(),
    );
    invitation = draft.toObject() as BrokerInvitation;
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err;
    // Invited before: the same invitation. Its terms follow the new ones while it waits for an answer, changed under
    // its lease like the shipper's answer (FerretDB rewrites the whole document: an unleased update could undo an
    // acceptance landing at the same moment).
    const existing = await BrokerInvitationModel.findOne(
      { brokerId, email: data.shipperEmail },
      { _id: 1 },
    ).lean<{ _id: Types.ObjectId }>();
    if (!existing) throw err;
    invitation = await withAggregate('invitation', String(existing._id), async () => {
      const updated = await BrokerInvitationModel.findOneAndUpdate(
        { _id: existing._id, status: 'pending' },
        { $set: terms },
        { new: true },
      ).lean<BrokerInvitation>();
      return updated ?? BrokerInvitationModel.findById(existing._id).lean<BrokerInvitation>();
    });
    if (!invitation) throw err;
    if (invitation.status === 'accepted') throw conflict('This shipper is already in your relationships');
  }
  return toBrokerInvitationDto(invitation);
}

/** GET /api/broker/invitations: the broker's invitations not accepted yet, newest first. */
export async function listBrokerInvitations(actor: Actor, q: PageQuery): Promise<Page<BrokerInvitationDto>> {
  authorize(actor, 'broker:access', undefined, { message: BROKERS_ONLY });
  const brokerId = new Types.ObjectId(actor.id);
  // A declined invitation still looks pending to the broker (a decline would tell that the account exists).
  const found = await paginate<BrokerInvitation>(
    BrokerInvitationModel,
    [
      { brokerId, status: 'pending' },
      { brokerId, status: 'declined' },
    ],
    { createdAt: -1, _id: -1 },
    q,
  );
  return { ...found, items: found.items.map(toBrokerInvitationDto) };
}

/** GET /api/shipper/invitations: the pending invitations addressed to the signed-in shipper's email. */
export async function listShipperInvitations(
  actor: Actor,
  q: PageQuery,
): Promise<Page<ShipperInvitationDto>> {
  authorize(actor, 'brokerInvitation:list');
  const me = await UserModel.findById(actor.id, { email: 1 }).lean();
  if (!me) throw notFound();
  const found = await paginate<BrokerInvitation>(
    BrokerInvitationModel,
    { email: me.email, status: 'pending' },
    { createdAt: -1, _id: -1 },
    q,
  );
  const brokers = await findByIds<BrokerView>(
    UserModel,
    found.items.map((i) => i.brokerId),
    BROKER_VIEW,
  );
  const byId = new Map(brokers.map((b) => [String(b._id), b]));
  return {
    ...found,
    items: found.items.map((i) => toShipperInvitationDto(i, byId.get(String(i.brokerId)) ?? null)),
  };
}

/**
 * POST /api/shipper/invitations/:id/accept|decline. Only the shipper the invitation is addressed to (anyone else:
 * 404); under the invitation's lease, so an accept and a decline never both land. Accepting makes (or revives) the
 * broker-shipper relationship with the invitation's terms and tells the broker.
 */
export async function answerInvitation(
  actor: Actor,
  id: string,
  answer: 'accept' | 'decline',
): Promise<{ id: string; status: 'accepted' | 'declined' }> {
  if (!Types.ObjectId.isValid(id)) throw notFound(INVITATION_NOT_FOUND);
  const me = await UserModel.findById(actor.id, SHIPPER_VIEW).lean();
  if (!me) throw notFound(INVITATION_NOT_FOUND);
  const at = new Date();
  const answered = await withAggregate('invitation', id, async () => {
    const invitation = await BrokerInvitationModel.findById(id).lean<BrokerInvitation>();
    if (!invitation) throw notFound(INVITATION_NOT_FOUND);
    authorize(
      actor,
      'brokerInvitation:answer',
      { invitation, email: me.email },
      { hide: true, message: INVITATION_NOT_FOUND },
    );
    if (invitation.status !== 'pending') throw conflict('This invitation was already answered');
    const status = answer === 'accept' ? 'accepted' : 'declined';
    if (status === 'accepted') {
      const key = { brokerId: invitation.brokerId, shipperId: new Types.ObjectId(actor.id) };
      const fields = {
        creditLimitCents: invitation.creditLimitCents ?? null,
        paymentTerms: invitation.paymentTerms ?? null,
        isActive: true,
      };
      await BrokerShipperModel.updateOne(key, { $set: fields }, { upsert: true }).catch(
        async (err: { code?: number }) => {
          if (err.code !== 11000) throw err;
          await BrokerShipperModel.updateOne(key, { $set: fields });
        },
      );
    }
    const updated = await recordFact(
      { kind: 'invitation', id },
      {
        name: 'invitation.answered',
        key: id,
        by: actor,
        subjects: { invitationId: id, brokerId: String(invitation.brokerId), userId: actor.id },
        data: {
          invitation: { id, brokerId: String(invitation.brokerId), email: invitation.email, status },
          shipperName: me.companyName || displayName(me),
        },
        proof: {
          collection: BrokerInvitationModel.collection.collectionName,
          filter: { _id: invitation._id, status },
        },
      },
      async () =>
        (await BrokerInvitationModel.findOneAndUpdate(
          { _id: invitation._id, status: 'pending' },
          { $set: { status, shipperId: new Types.ObjectId(actor.id), respondedAt: at } },
          { new: true },
        ).lean<BrokerInvitation>()) ?? NOTHING_WRITTEN,
    );
    if (updated === NOTHING_WRITTEN) throw conflict('This invitation was already answered');
    return updated;
  });
  return { id: String(answered._id), status: answered.status as 'accepted' | 'declined' };
}
