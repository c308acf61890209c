import { createHash, randomBytes } from 'node:crypto';
import {
  COMPANY_INVITATION_TTL_MS,
  type InvitableCompanyRole,
  type joinInvitationSchema,
  type TeamInvitationCreatedDto,
  type TeamInvitationPreviewDto,
} from '@freight/shared';
import type { Model } from 'mongoose';
import mongoose, { Types } from 'mongoose';
import type { z } from 'zod';
import { NOTHING_WRITTEN, recordFact, recordFacts } from '../../events/record';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { withAggregate } from '../../infra/concurrency';
import { decryptField, encryptField } from '../../infra/fieldEncryption';
import { authorize } from '../../policies';
import { disconnectUserSockets } from '../../realtime/sessions';
import { linkTo } from '../account/links';
import { UserModel, displayName, type UserDoc } from '../users/model';
import { isTestAccountEmail } from '../users/testAccounts';
import { hashPassword } from '../account/passwords';
import { passwordWeaknessOffThread } from '../account/passwordChecks';
import { CompanyInvitationModel, CompanyModel } from './model';
import {
  companyLease,
  ensureCompany,
  memberCopyOf,
  invitationStatus,
  membershipOf,
  seatLimit,
  toInvitationView,
  underLeases,
} from './team.service';
import { stampPairsOf } from './stamps';

export const hashInvitationToken = (token: string) =>
  createHash('sha256').update(`company-invitation:${token}`, 'utf8').digest('hex');
const sealContext = (invitationId: string) => `company-invitation:${invitationId}`;

/** The token of an invitation's email, from its fact (only the server's field key opens it). */
export function unsealInvitationToken(invitationId: string, sealed: string): string {
  return decryptField(sealed, sealContext(invitationId));
}

export const joinPath = (token: string) => `/join/${token}`;

function newToken(invitationId: string) {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    tokenHash: hashInvitationToken(token),
    sealed: encryptField(token, sealContext(invitationId)),
  };
}

/** POST /api/company/invitations: an owner or admin invites by email with a role. */
export async function invite(
  viewerId: string,
  input: { email: string; role: InvitableCompanyRole },
): Promise<TeamInvitationCreatedDto> {
  const companyId = await ensureCompany(viewerId);
  return withAggregate('company', companyId, async () => {
    const { user, viewer, actor } = await membershipOf(viewerId);
    if (viewer.companyId !== companyId) throw conflict('Your company changed; reload the page');
    authorize(actor, 'team:invite', { companyId }, { message: 'Only the owner or an admin can invite' });
    const company = await CompanyModel.findById(companyId).lean();
    if (!company) throw notFound('No such company');
    const member = await UserModel.findOne({ email: input.email }, { companyId: 1 }).lean();
    if (member && String(member.companyId) === companyId)
      throw conflict(`${input.email} is already a member of ${company.name || 'your company'}`);
    const open = await CompanyInvitationModel.find({
      companyId: company._id,
      email: input.email,
      status: 'pending',
    })
      .lean()
      .then((list) => list.filter((i) => invitationStatus(i) === 'pending'));
    if (open.length > 0)
      throw conflict(`${input.email} has a pending invitation already; send it again from the list instead`);
    const _id = new Types.ObjectId();
    const id = String(_id);
    return sendInvitation({
      companyId,
      company,
      inviterId: viewerId,
      inviter: user,
      invitation: { id, email: input.email, role: input.role },
      resent: false,
      write: (tokenHash, expiresAt) =>
        CompanyInvitationModel.create({
          _id,
          companyId: company._id,
          email: input.email,
          role: input.role,
          tokenHash,
          invitedBy: user._id,
          expiresAt,
        }),
    });
  });
}

/**
 * Sends (or sends again) an invitation under the company's lease: a new token, good for seven days, recorded as
 * `company.invitationSent` (its projector emails the link) while `write` stores the token's hash.
 */
async function sendInvitation(args: {
  companyId: string;
  company: { name?: string | null };
  inviterId: string;
  inviter: Parameters<typeof toInvitationView>[1] & Parameters<typeof displayName>[0];
  invitation: { id: string; email: string; role: InvitableCompanyRole };
  resent: boolean;
  write: (tokenHash: string, expiresAt: Date) => Promise<unknown>;
}) {
  const { companyId, company, inviter, invitation, resent } = args;
  const { token, tokenHash, sealed } = newToken(invitation.id);
  const expiresAt = new Date(Date.now() + COMPANY_INVITATION_TTL_MS);
  await recordFact(
    companyLease(companyId),
    {
      name: 'company.invitationSent',
      key: tokenHash.slice(0, 32),
      by: { id: args.inviterId },
      subjects: { companyId, invitationId: invitation.id },
      data: {
        companyId,
        invitation: { ...invitation, expiresAt: expiresAt.toISOString() },
        companyName: company.name ?? '',
        invitedBy: displayName(inviter),
        sealedToken: sealed,
        resent,
      },
      proof: { collection: CompanyInvitationModel.collection.collectionName, filter: { tokenHash } },
    },
    () => args.write(tokenHash, expiresAt),
  );
  const saved = await CompanyInvitationModel.findById(invitation.id).lean();
  return { invitation: toInvitationView(saved!, inviter, true), link: linkTo(joinPath(token)) };
}

async function invitationOf(companyId: string, invitationId: string) {
  const inv = Types.ObjectId.isValid(invitationId)
    ? await CompanyInvitationModel.findById(invitationId).lean()
    : null;
  if (!inv || String(inv.companyId) !== companyId) throw notFound('No such invitation');
  return inv;
}

/** Sends an invitation again with a new token (the old link stops working) and seven more days. */
export async function resendInvitation(
  viewerId: string,
  invitationId: string,
): Promise<TeamInvitationCreatedDto> {
  const companyId = await ensureCompany(viewerId);
  return withAggregate('company', companyId, async () => {
    const { user, viewer, actor } = await membershipOf(viewerId);
    if (viewer.companyId !== companyId) throw conflict('Your company changed; reload the page');
    const inv = await invitationOf(companyId, invitationId);
    authorize(actor, 'team:invite', { companyId }, { message: 'Only the owner or an admin can invite' });
    if (inv.status !== 'pending')
      throw conflict(`This invitation was ${inv.status} and cannot be sent again`);
    const company = await CompanyModel.findById(companyId).lean();
    if (!company) throw notFound('No such company');
    return sendInvitation({
      companyId,
      company,
      inviterId: viewerId,
      inviter: user,
      invitation: { id: invitationId, email: inv.email, role: inv.role },
      resent: true,
      write: (tokenHash, expiresAt) =>
        CompanyInvitationModel.updateOne(
          { _id: inv._id },
          { $set: { tokenHash, expiresAt, invitedBy: user._id } },
        ),
    });
  });
}

/** Revokes a pending invitation: its link stops working. */
export async function revokeInvitation(viewerId: string, invitationId: string): Promise<void> {
  const companyId = await ensureCompany(viewerId);
  await withAggregate('company', companyId, async () => {
    const { viewer, actor } = await membershipOf(viewerId);
    if (viewer.companyId !== companyId) throw conflict('Your company changed; reload the page');
    const inv = await invitationOf(companyId, invitationId);
    authorize(actor, 'team:invite', { companyId }, { message: 'Only the owner or an admin can revoke' });
    if (inv.status !== 'pending') throw conflict(`This invitation was ${inv.status} already`);
    await recordFact(
      companyLease(companyId),
      {
        name: 'company.invitationRevoked',
        key: invitationId,
        by: { id: viewerId },
        subjects: { companyId, invitationId },
        data: { companyId, invitation: { id: invitationId, email: inv.email, role: inv.role } },
      },
      () =>
        CompanyInvitationModel.updateOne(
          { _id: inv._id, status: 'pending' },
          { $set: { status: 'revoked' } },
        ),
    );
  });
}

const companyFull = (name: string, limit: number) =>
  conflict(
    `${name} is full: its plan has ${limit} seats and all are taken. Ask its owner to upgrade or free a seat.`,
  );

/** The invitation of a link, or why the link does not work (changes nothing). */
async function usableInvitation(token: string) {
  const inv = await CompanyInvitationModel.findOne({ tokenHash: hashInvitationToken(token) }).lean();
  if (!inv) throw notFound('This invitation link is not valid: it may have been sent again with a new link');
  const status = invitationStatus(inv);
  if (status === 'revoked') throw conflict('This invitation was revoked; ask for a new one');
  if (status === 'accepted') throw conflict('This invitation was used already');
  if (status === 'expired') throw conflict('This invitation has expired; ask for a new one');
  return inv;
}

/** GET /api/company/invitations/:token/preview: what the join screen shows (anyone with the link). */
export async function previewInvitation(token: string): Promise<TeamInvitationPreviewDto> {
  const inv = await usableInvitation(token);
  const company = await CompanyModel.findById(inv.companyId).lean();
  if (!company) throw notFound('This invitation link is not valid');
  const inviter = await UserModel.findById(inv.invitedBy, { firstName: 1, lastName: 1, email: 1 }).lean();
  return {
    companyName: company.name || 'A company',
    companyType: (company.type ?? null) as TeamInvitationPreviewDto['companyType'],
    role: inv.role as InvitableCompanyRole,
    email: inv.email,
    invitedBy: inviter ? displayName(inviter) : 'A former member',
    expiresAt: inv.expiresAt.toISOString(),
  };
}

// Everything a company's members make that it owns: every model whose schema stamps company ids (companies/stamps).
const owned = () =>
  Object.values(mongoose.models).filter((model) => stampPairsOf(model.schema)) as unknown as Array<
    Model<Record<string, unknown>>
  >;

/** Whether a company has anything in it: objects with its id, or made by its one member before it had one. */
async function companyHasBusiness(companyId: Types.ObjectId, memberId: Types.ObjectId): Promise<boolean> {
  for (const model of owned()) {
    // One equality per query (fast on FerretDB).
    const filters = (stampPairsOf(model.schema) ?? []).flatMap(([person, company]) => [
      { [company]: companyId },
      { [person]: memberId },
    ]);
    for (const filter of filters) if (await model.exists(filter)) return true;
  }
  return false;
}

/**
 * POST /api/company/invitations/:token/accept: the signed-in user whose email the invitation names joins. Someone in
 * another company that has other members or anything in it is told so, and nothing changes; an empty one-person
 * company is left behind (deleted). Seats are counted under the company's lease: at the limit, the company is full.
 */
export async function acceptInvitation(userId: string, token: string): Promise<{ companyId: string }> {
  const first = await usableInvitation(token);
  const targetId = String(first.companyId);
  const ownId = await ensureCompany(userId);
  const joined = await underLeases([userId], [targetId, ownId], async () => {
    const inv = await usableInvitation(token);
    const { user, viewer } = await membershipOf(userId);
    if (viewer.companyId !== ownId) throw conflict('Your company changed meanwhile; try again');
    if (user.email.toLowerCase() !== inv.email.toLowerCase())
      throw new AppError(
        'FORBIDDEN',
        `This invitation is for ${inv.email}; sign in with that email to join (you are signed in as ${user.email})`,
      );
    const company = await CompanyModel.findById(targetId).lean();
    if (!company) throw notFound('This invitation link is not valid');
    const name = company.name || 'this company';
    if (ownId === targetId) throw conflict(`You are a member of ${name} already`);
    const own = await CompanyModel.findById(ownId).lean();
    if (own) {
      const others = await UserModel.countDocuments({ companyId: own._id });
      if (others > 1 || (await companyHasBusiness(own._id, user._id)))
        throw conflict(
          `You are a member of ${own.name || 'another company'}, which has other members or its own loads, offers or documents. ` +
            'Leave it (or hand it over) first; nothing was changed.',
        );
    }
    const used = await UserModel.countDocuments({ companyId: company._id });
    const limit = seatLimit(company);
    if (used >= limit) throw companyFull(name, limit);
    await recordFact(
      companyLease(targetId),
      {
        name: 'company.memberJoined',
        key: `${targetId}-${String(inv._id)}`,
        by: { id: userId },
        subjects: { companyId: targetId, userId, invitationId: String(inv._id) },
        data: {
          companyId: targetId,
          member: { id: userId, name: displayName(user), email: user.email, role: inv.role },
          companyName: company.name ?? '',
          invitationId: String(inv._id),
        },
        proof: {
          collection: CompanyInvitationModel.collection.collectionName,
          filter: { _id: inv._id, status: 'accepted' },
        },
      },
      async () => {
        await CompanyInvitationModel.updateOne(
          { _id: inv._id, status: 'pending' },
          { $set: { status: 'accepted', acceptedBy: user._id } },
        );
        await UserModel.updateOne(
          { _id: user._id },
          { $set: { ...memberCopyOf(company), companyId: company._id, companyRole: inv.role } },
        );
        await CompanyModel.updateOne({ _id: company._id }, { $set: { memberCount: used + 1 } });
        if (own) await CompanyModel.deleteOne({ _id: own._id });
      },
    );
    return { companyId: targetId };
  });
  // Their sockets reconnect as they now are: the new company's room, its type's room.
  disconnectUserSockets(userId);
  return joined;
}

/**
 * POST /api/company/invitations/:token/join (issue 39): someone without an account joins from the link with a name
 * and a password. The account is made inside the company, as the invitation's role, with the email counted as
 * verified (the link was mailed there by us); no one-person company is made first. Seats and the invitation are
 * read again under the company's lease, so two people racing on one link or for the last seat get one join.
 */
export async function joinWithNewAccount(
  // The registration throttle (auth's), counted as a sign-up is.
  throttle: { consume(ip: string): Promise<unknown> },
  token: string,
  input: z.output<typeof joinInvitationSchema>,
  caller: { ip: string; signedInAs: string | null },
): Promise<UserDoc> {
  if (caller.signedInAs)
    throw conflict(
      `You are signed in as ${caller.signedInAs}: join with the button, or sign out to create another account`,
    );
  const first = await usableInvitation(token);
  const email = first.email.toLowerCase();
  const taken = () =>
    conflict(`An account with ${email} exists already: sign in with it, then join from this page`);
  if (isTestAccountEmail(email)) throw taken();
  const weakness = await passwordWeaknessOffThread(input.password, [
    email,
    input.firstName,
    input.lastName,
    input.phoneNumber,
  ]);
  if (weakness) throw badRequest(`password: ${weakness}`, [{ path: 'password', message: weakness }]);
  await throttle.consume(caller.ip);
  if (await UserModel.exists({ email })) throw taken();
  const passwordHash = await hashPassword(input.password);
  const _id = new Types.ObjectId();
  const userId = String(_id);
  const targetId = String(first.companyId);
  try {
    return await underLeases([userId], [targetId], async () => {
      const inv = await usableInvitation(token);
      const company = await CompanyModel.findById(targetId).lean();
      if (!company) throw notFound('This invitation link is not valid');
      const name = company.name || 'this company';
      const used = await UserModel.countDocuments({ companyId: company._id });
      const limit = seatLimit(company);
      if (used >= limit) throw companyFull(name, limit);
      const member = { id: userId, name: `${input.firstName} ${input.lastName}`, email, role: inv.role };
      const proof = {
        collection: UserModel.collection.collectionName,
        filter: { _id, companyId: company._id },
      };
      const joined = await recordFacts(
        companyLease(targetId),
        [
          {
            name: 'account.created',
            key: userId,
            by: { id: userId, companyId: targetId },
            subjects: { userId },
            data: { userId, userType: company.type ?? null, companyName: company.name || null },
            proof,
          },
          {
            name: 'company.memberJoined',
            key: `${targetId}-${String(inv._id)}`,
            by: { id: userId, companyId: targetId },
            subjects: { companyId: targetId, userId, invitationId: String(inv._id) },
            data: {
              companyId: targetId,
              member,
              companyName: company.name ?? '',
              invitationId: String(inv._id),
            },
            proof,
          },
        ],
        // The account first: an email registered meanwhile (11000) leaves the invitation open.
        async () => {
          const user = await UserModel.create({
            _id,
            email,
            passwordHash,
            authProvider: 'local',
            firstName: input.firstName,
            lastName: input.lastName,
            phoneNumber: input.phoneNumber || null,
            emailVerified: true,
            ...memberCopyOf(company),
            companyId: company._id,
            companyRole: inv.role,
          });
          await CompanyInvitationModel.updateOne(
            { _id: inv._id, status: 'pending' },
            { $set: { status: 'accepted', acceptedBy: _id } },
          );
          await CompanyModel.updateOne({ _id: company._id }, { $set: { memberCount: used + 1 } });
          return user;
        },
      );
      if (joined === NOTHING_WRITTEN) throw conflict('This invitation was used already');
      return joined;
    });
  } catch (err) {
    if ((err as { code?: number }).code === 11000) throw taken();
    throw err;
  }
}
