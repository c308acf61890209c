import {
  SEATS_BASIC,
  SEATS_PRO,
  isSubscriptionActive,
  planSatisfies,
  type CompanyDto,
  type CompanyRole,
  type InvitableCompanyRole,
  type TeamDto,
  type TeamInvitationStatus,
  type TeamInvitationView,
  type TeamMemberView,
} from '@freight/shared';
import type { Redis } from 'ioredis';
import { Types } from 'mongoose';
import { recordFact } from '../../events/record';
import { iso } from '../../http/dto';
import { conflict, notFound } from '../../http/errors';
import { withAggregate, withAggregates, type AggregateRef } from '../../infra/concurrency';
import { companyIdOf, ensureOwnCompany } from './service';
import { authorize, can, toActor } from '../../policies';
import { ownsCompany, type TeamResource } from '../../policies/team';
import { disconnectUserSockets } from '../../realtime/sessions';
import { endOtherSessions } from '../account/sessions';
import { UserModel, displayName, type User, type UserDoc } from '../users/model';
import { CompanyInvitationModel, CompanyModel, type Company } from './model';

type CompanyLean = Company & { _id: Types.ObjectId; createdAt: Date };
type UserLean = User & { _id: Types.ObjectId; createdAt: Date };

/** Seats of a company: Pro while a Pro plan is active, else Basic's (no plan, Basic, or a Pro that lapsed). */
export function seatLimit(
  c: Pick<Company, 'subscriptionStatus' | 'subscriptionPlan' | 'subscriptionExpiresAt'>,
) {
  const active = isSubscriptionActive({
    subscriptionStatus: c.subscriptionStatus,
    subscriptionPlan: c.subscriptionPlan ?? null,
    subscriptionExpiresAt: c.subscriptionExpiresAt ?? null,
  });
  return active && planSatisfies(c.subscriptionPlan, 'pro') ? SEATS_PRO : SEATS_BASIC;
}

export const companyLease = (id: unknown): AggregateRef => ({ kind: 'company', id: String(id) });
export const userLease = (id: unknown): AggregateRef => ({ kind: 'user', id: String(id) });

/** The business fields a member's user document copies from the company (see the company model). */
export function memberCopyOf(c: Company) {
  return {
    userType: c.type ?? null,
    companyName: c.name || null,
    isVerified: Boolean(c.isVerified),
    subscriptionStatus: c.subscriptionStatus ?? 'inactive',
    subscriptionPlan: c.subscriptionPlan ?? null,
    subscriptionExpiresAt: c.subscriptionExpiresAt ?? null,
    subscriptionCanceledAt: c.subscriptionCanceledAt ?? null,
    mcNumber: c.mcNumber ?? null,
    usdotNumber: c.usdotNumber ?? null,
  };
}

/**
 * The company of a user (an account from before companies gets its one-person company first, as the migration
 * does). Returns the company id.
 */
export async function ensureCompany(userId: string): Promise<string> {
  const id = (await companyIdOf(userId)) ?? (await ensureOwnCompany(userId));
  if (!id) throw notFound();
  return id;
}

/**
 * Runs `fn` holding the users' leases, then the companies' (the order every writer of a member's document and its
 * company takes them in: user before company).
 */
export function underLeases<T>(users: string[], companies: string[], fn: () => Promise<T>): Promise<T> {
  return withAggregates(users.map(userLease), () => withAggregates(companies.map(companyLease), fn));
}

/**
 * A fresh one-person company for someone who left or was removed: same type, no name, numbers, verification or
 * plan (those stay with the company they left). Their user document is written by the caller under its lease.
 */
export async function soloCompanyFor(user: UserLean, type: string | null) {
  const id = new Types.ObjectId();
  const company = await withAggregate('company', String(id), () =>
    CompanyModel.create({ _id: id, name: '', type, ownerId: user._id, memberCount: 1 }),
  );
  return { id, fields: memberCopyOf(company.toObject()) };
}

/** The viewer's membership as it stands now (read inside the company's lease by the writes). */
export async function membershipOf(userId: string) {
  const u = await UserModel.findById(userId).lean<UserLean>();
  if (!u) throw notFound();
  return {
    user: u,
    actor: toActor(u),
    viewer: {
      companyId: u.companyId ? String(u.companyId) : null,
      role: (u.companyRole ?? null) as CompanyRole | null,
    },
  };
}

async function loadCompany(id: string): Promise<CompanyLean> {
  const c = await CompanyModel.findById(id).lean<CompanyLean>();
  if (!c) throw notFound('No such company');
  return c;
}

/** A member of the company (404 for anyone else: another company's people are strangers). */
async function memberOf(companyId: string, memberId: string): Promise<UserLean> {
  const m = Types.ObjectId.isValid(memberId) ? await UserModel.findById(memberId).lean<UserLean>() : null;
  if (!m || String(m.companyId) !== companyId) throw notFound('No such member in your company');
  return m;
}

export function toCompanyDto(c: CompanyLean, used: number): CompanyDto {
  return {
    id: String(c._id),
    name: c.name ?? '',
    type: (c.type ?? null) as CompanyDto['type'],
    mcNumber: c.mcNumber ?? null,
    usdotNumber: c.usdotNumber ?? null,
    isVerified: Boolean(c.isVerified),
    subscriptionPlan: c.subscriptionPlan ?? null,
    seats: { used, limit: seatLimit(c) },
    createdAt: iso(c.createdAt)!,
  };
}

export function invitationStatus(
  inv: { status: string; expiresAt: Date },
  now = Date.now(),
): TeamInvitationStatus {
  if (inv.status === 'pending' && inv.expiresAt.getTime() <= now) return 'expired';
  return inv.status as TeamInvitationStatus;
}

type InvitationLean = {
  _id: Types.ObjectId;
  email: string;
  role: string;
  status: string;
  invitedBy: Types.ObjectId;
  expiresAt: Date;
  createdAt: Date;
};

export function toInvitationView(
  inv: InvitationLean,
  inviter: { firstName: string; lastName: string; email: string } | null,
  manage: boolean,
): TeamInvitationView {
  const status = invitationStatus(inv);
  return {
    id: String(inv._id),
    email: inv.email,
    role: inv.role as InvitableCompanyRole,
    status,
    invitedBy: { id: String(inv.invitedBy), name: inviter ? displayName(inviter) : 'A former member' },
    expiresAt: inv.expiresAt.toISOString(),
    createdAt: inv.createdAt.toISOString(),
    viewerActions: { resend: manage, revoke: manage && status === 'pending' },
  };
}

// Last active: kept in Redis (written on requests at most once a minute), so busy members never write their user
// document outside its lease; the user's stored `lastActiveAt` is the fallback.
let activity: { redis: Redis; prefix: string } | null = null;
export function initTeamActivity(redis: Redis, prefix: string): void {
  activity = { redis, prefix };
}
const activeKey = (userId: string) => `${activity?.prefix ?? ''}lastActive:${userId}`;
export async function markActive(userId: string, at = new Date()): Promise<void> {
  await activity?.redis.set(activeKey(userId), at.toISOString());
}
async function lastActiveOf(ids: string[]): Promise<Array<string | null>> {
  if (!activity || ids.length === 0) return ids.map(() => null);
  return activity.redis.mget(ids.map(activeKey));
}

/** GET /api/company: the company, its members, pending invitations and seats, and what the viewer may do. */
export async function getTeam(viewerId: string): Promise<TeamDto> {
  const companyId = await ensureCompany(viewerId);
  const { viewer, actor } = await membershipOf(viewerId);
  const company = await loadCompany(companyId);
  const base: TeamResource = { companyId };
  authorize(actor, 'team:view', base, { hide: true });
  const members = await UserModel.find({ companyId: company._id }).sort({ createdAt: 1 }).lean<UserLean[]>();
  const active = await lastActiveOf(members.map((m) => String(m._id)));
  const manage = can(actor, 'team:invite', base);
  const invitations = (
    await CompanyInvitationModel.find({ companyId: company._id, status: 'pending' })
      .sort({ createdAt: -1 })
      .lean<InvitationLean[]>()
  ).slice(0, 200);
  const inviterIds = [...new Set(invitations.map((i) => String(i.invitedBy)))];
  const inviters = new Map(
    (await UserModel.find({ _id: { $in: inviterIds } }, { firstName: 1, lastName: 1, email: 1 }).lean()).map(
      (u) => [String(u._id), u],
    ),
  );
  const roleOrder = ['owner', 'admin', 'dispatcher', 'driver', 'accounting', 'viewer'];
  const memberViews: TeamMemberView[] = members.map((m, i) => {
    const target = { id: String(m._id), role: (m.companyRole ?? 'viewer') as CompanyRole };
    const r = { ...base, target };
    const stored = m.lastActiveAt ? m.lastActiveAt.toISOString() : null;
    const live = active[i];
    return {
      id: target.id,
      firstName: m.firstName,
      lastName: m.lastName,
      email: m.email,
      role: target.role,
      lastActiveAt: live && (!stored || live > stored) ? live : stored,
      joinedAt: (m.createdAt ?? new Date()).toISOString(),
      isYou: target.id === viewerId,
      viewerActions: {
        changeRole: can(actor, 'team:changeRole', r),
        remove: can(actor, 'team:remove', r),
        transfer: can(actor, 'team:transfer', r),
      },
    };
  });
  memberViews.sort((a, b) => roleOrder.indexOf(a.role) - roleOrder.indexOf(b.role));
  return {
    company: toCompanyDto(company, members.length),
    viewerRole: viewer.role ?? 'owner',
    viewerActions: { invite: manage, leave: can(actor, 'team:leave', base) },
    members: memberViews,
    invitations: invitations.map((inv) =>
      toInvitationView(inv, inviters.get(String(inv.invitedBy)) ?? null, manage),
    ),
  };
}

const memberSnapshot = (m: UserLean, role: string) => ({
  id: String(m._id),
  name: displayName(m),
  email: m.email,
  role,
});

/** Role change by an owner or admin (never the owner's: ownership moves by transfer). */
export async function changeRole(
  viewerId: string,
  memberId: string,
  role: InvitableCompanyRole,
): Promise<void> {
  const companyId = await ensureCompany(viewerId);
  await underLeases([memberId], [companyId], async () => {
    const { viewer, actor } = await membershipOf(viewerId);
    if (viewer.companyId !== companyId) throw conflict('Your company changed; reload the page');
    const member = await memberOf(companyId, memberId);
    const target = { id: memberId, role: (member.companyRole ?? 'viewer') as CompanyRole };
    const r: TeamResource = { companyId, target };
    authorize(actor, 'team:view', r, { hide: true });
    if (target.role === 'owner')
      throw conflict("The owner's role changes only by transferring ownership to another member");
    if (memberId === viewerId) throw conflict('You cannot change your own role');
    authorize(actor, 'team:changeRole', r, {
      message: 'Only the owner or an admin can change roles',
    });
    if (target.role === role) return;
    const company = await loadCompany(companyId);
    await recordFact(
      companyLease(companyId),
      {
        name: 'company.roleChanged',
        key: `${companyId}-${memberId}-${new Types.ObjectId().toHexString()}`,
        by: { id: viewerId },
        subjects: { companyId, userId: memberId },
        data: { companyId, userId: memberId, role, previous: target.role, companyName: company.name ?? '' },
      },
      () => UserModel.updateOne({ _id: member._id, companyId: company._id }, { $set: { companyRole: role } }),
    );
  });
}

/** Moves a member out into a one-person company of their own; the caller holds the company's and user's leases. */
async function moveOut(member: UserLean, company: CompanyLean, opts: { endSessions: boolean }) {
  const solo = await soloCompanyFor(member, company.type ?? null);
  await UserModel.updateOne(
    { _id: member._id, companyId: company._id },
    {
      $set: {
        ...solo.fields,
        companyId: solo.id,
        companyRole: 'owner',
        ...(opts.endSessions ? { sessionsValidAfter: new Date() } : {}),
      },
    },
  );
  const used = await UserModel.countDocuments({ companyId: company._id });
  await CompanyModel.updateOne({ _id: company._id }, { $set: { memberCount: used } });
}

/**
 * Removes a member (owner or admin; never the owner). Their sessions end and their sockets close at once; what they
 * handled stays with the company and still names them.
 */
export async function removeMember(viewerId: string, memberId: string): Promise<void> {
  const companyId = await ensureCompany(viewerId);
  await underLeases([memberId], [companyId], async () => {
    const { viewer, actor } = await membershipOf(viewerId);
    if (viewer.companyId !== companyId) throw conflict('Your company changed; reload the page');
    const member = await memberOf(companyId, memberId);
    const role = (member.companyRole ?? 'viewer') as CompanyRole;
    const r: TeamResource = { companyId, target: { id: memberId, role } };
    if (role === 'owner') throw conflict('The owner cannot be removed; ownership must be transferred first');
    if (memberId === viewerId) throw conflict('To leave the company, use Leave');
    authorize(actor, 'team:remove', r, {
      message: 'Only the owner or an admin can remove members',
    });
    const company = await loadCompany(companyId);
    await recordFact(
      companyLease(companyId),
      {
        name: 'company.memberRemoved',
        key: `${companyId}-${memberId}-${new Types.ObjectId().toHexString()}`,
        by: { id: viewerId },
        subjects: { companyId, userId: memberId },
        data: { companyId, member: memberSnapshot(member, role), companyName: company.name ?? '' },
      },
      () => moveOut(member, company, { endSessions: true }),
    );
  });
  // Ends every session (the next request is 401) and closes their sockets on every node.
  await endOtherSessions(memberId);
  disconnectUserSockets(memberId);
}

/** A member leaves (not the owner: they transfer ownership first). They stay signed in, in a company of their own. */
export async function leaveCompany(viewerId: string): Promise<void> {
  const companyId = await ensureCompany(viewerId);
  await underLeases([viewerId], [companyId], async () => {
    const { user, viewer, actor } = await membershipOf(viewerId);
    if (viewer.companyId !== companyId) throw conflict('Your company changed; reload the page');
    if (viewer.role === 'owner')
      throw conflict('The owner cannot leave the company; transfer ownership to another member first');
    authorize(actor, 'team:leave', { companyId });
    const company = await loadCompany(companyId);
    await recordFact(
      companyLease(companyId),
      {
        name: 'company.memberLeft',
        key: `${companyId}-${viewerId}-${new Types.ObjectId().toHexString()}`,
        by: { id: viewerId },
        subjects: { companyId, userId: viewerId },
        data: {
          companyId,
          member: memberSnapshot(user, viewer.role ?? 'viewer'),
          companyName: company.name ?? '',
        },
      },
      () => moveOut(user, company, { endSessions: false }),
    );
  });
  // Their sockets reconnect as they now are (their own company's room, their type's room).
  disconnectUserSockets(viewerId);
}

/** The owner hands the company to another member; the old owner becomes an admin. */
export async function transferOwnership(viewerId: string, memberId: string): Promise<void> {
  const companyId = await ensureCompany(viewerId);
  await underLeases([memberId, viewerId], [companyId], async () => {
    const { viewer, actor } = await membershipOf(viewerId);
    if (viewer.companyId !== companyId) throw conflict('Your company changed; reload the page');
    const member = await memberOf(companyId, memberId);
    const r: TeamResource = {
      companyId,
      target: { id: memberId, role: (member.companyRole ?? 'viewer') as CompanyRole },
    };
    // Only the owner hears that they own it already; anyone else is refused as for any transfer (issue 51).
    if (memberId === viewerId && ownsCompany(actor, r)) {
      throw conflict('You are the owner already');
    }
    authorize(actor, 'team:transfer', r, {
      message: 'Only the owner can transfer ownership',
    });
    const company = await loadCompany(companyId);
    await recordFact(
      companyLease(companyId),
      {
        name: 'company.ownershipTransferred',
        key: `${companyId}-${viewerId}-${memberId}-${new Types.ObjectId().toHexString()}`,
        by: { id: viewerId },
        subjects: { companyId, userId: memberId },
        data: { companyId, from: viewerId, to: memberId, companyName: company.name ?? '' },
      },
      async () => {
        await UserModel.updateOne(
          { _id: member._id, companyId: company._id },
          { $set: { companyRole: 'owner' } },
        );
        await UserModel.updateOne(
          { _id: new Types.ObjectId(viewerId), companyId: company._id },
          { $set: { companyRole: 'admin' } },
        );
        await CompanyModel.updateOne({ _id: company._id }, { $set: { ownerId: member._id } });
      },
    );
  });
}

export type { UserDoc };
