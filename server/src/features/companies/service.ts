import type { CompanyRole } from '@freight/shared';
import { Types } from 'mongoose';
import { withAggregate } from '../../infra/concurrency';
import { UserModel, type User } from '../users/model';
import { CompanyModel } from './model';

/**
 * The business fields (issue 28): the company's, copied onto every member's user document so that everything that
 * reads `user.userType`, `isVerified`, `subscriptionPlan` and the rest keeps reading one document. Written only here,
 * under the company's lease: the company first (the source of truth), then every member's copy.
 */
export const BUSINESS_FIELDS = [
  'userType',
  'companyName',
  'isVerified',
  'subscriptionStatus',
  'subscriptionPlan',
  'subscriptionExpiresAt',
  'subscriptionCanceledAt',
  'mcNumber',
  'usdotNumber',
] as const;
export type BusinessField = (typeof BUSINESS_FIELDS)[number];
export type BusinessChange = Partial<Pick<User, BusinessField>>;

/** The user fields' names on the company (the rest are the same). */
const COMPANY_FIELD: Partial<Record<BusinessField, string>> = { userType: 'type', companyName: 'name' };

function toCompanyFields(change: BusinessChange): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(change)) {
    if (!(BUSINESS_FIELDS as readonly string[]).includes(field)) continue;
    out[COMPANY_FIELD[field as BusinessField] ?? field] = field === 'companyName' ? (value ?? '') : value;
  }
  return out;
}

/** The business fields of a user document as they are (what a one-person company starts with). */
export function businessFieldsOf(u: Partial<Pick<User, BusinessField>>): BusinessChange {
  return {
    userType: u.userType ?? null,
    companyName: u.companyName ?? null,
    isVerified: Boolean(u.isVerified),
    subscriptionStatus: u.subscriptionStatus ?? 'inactive',
    subscriptionPlan: u.subscriptionPlan ?? null,
    subscriptionExpiresAt: u.subscriptionExpiresAt ?? null,
    subscriptionCanceledAt: u.subscriptionCanceledAt ?? null,
    mcNumber: u.mcNumber ?? null,
    usdotNumber: u.usdotNumber ?? null,
  };
}

/**
 * Makes `user` the owner of a one-person company holding their business fields, unless they already belong to one.
 * The company's id is the user's id, so a second call (a rerun after a crash, two processes at start, the
 * registration racing the migration) finds it instead of making another. Returns the company's id.
 */
export async function ensureOwnCompany(userId: unknown): Promise<string | null> {
  const id = new Types.ObjectId(String(userId));
  // The user's lease, then the company's: the order every writer of the business fields takes them in.
  return withAggregate('user', String(id), () =>
    withAggregate('company', String(id), async () => {
      const user = await UserModel.findById(id).lean();
      if (!user) return null;
      if (user.companyId) return String(user.companyId);
      const fields = businessFieldsOf(user);
      const existing = await CompanyModel.findById(id, { _id: 1 }).lean();
      if (!existing) {
        try {
          await CompanyModel.create({ _id: id, ownerId: id, memberCount: 1, ...toCompanyFields(fields) });
        } catch (err) {
          if ((err as { code?: number }).code !== 11000) throw err;
        }
      }
      await UserModel.updateOne(
        { _id: id, companyId: null },
        { $set: { companyId: id, companyRole: 'owner' } },
      );
      return String(id);
    }),
  );
}

/** The company a user acts for (null: none yet, an account from before companies not yet migrated). */
export async function companyIdOf(userId: unknown): Promise<string | null> {
  if (!Types.ObjectId.isValid(String(userId))) return null;
  const u = await UserModel.findById(String(userId), { companyId: 1 }).lean();
  return u?.companyId ? String(u.companyId) : null;
}

/**
 * The one write path of the business fields: `change` (user field names) goes to the company, then to every
 * member's copy, all under the company's lease. A user not in a company yet (from before the migration) gets their
 * own one-person company first. Callers hold the acting user's lease where they did before (user before company,
 * never the other way round). Returns the company's id.
 */
export async function setBusinessFields(userId: unknown, change: BusinessChange): Promise<string | null> {
  const companyId = (await companyIdOf(userId)) ?? (await ensureOwnCompany(userId));
  if (!companyId) return null;
  await writeCompanyFields(companyId, change);
  return companyId;
}

/** Writes `change` to the company and every member's copy (under the company's lease). */
export async function writeCompanyFields(companyId: string, change: BusinessChange): Promise<void> {
  const set = toCompanyFields(change);
  if (Object.keys(set).length === 0) return;
  const cid = new Types.ObjectId(companyId);
  await withAggregate('company', companyId, async () => {
    await CompanyModel.updateOne({ _id: cid }, { $set: set });
    await UserModel.updateMany({ companyId: cid }, { $set: change });
  });
}

/** The member's company as `GET /api/auth/user` shows it (null: none yet). */
export async function companySummaryOf(user: {
  companyId?: unknown;
  companyRole?: string | null;
}): Promise<{ id: string; name: string; role: CompanyRole } | null> {
  if (!user.companyId) return null;
  const company = await CompanyModel.findById(user.companyId, { name: 1 }).lean();
  if (!company) return null;
  return {
    id: String(company._id),
    name: company.name ?? '',
    role: (user.companyRole ?? 'owner') as CompanyRole,
  };
}

/** Display names of companies by id (for histories and lists): the company's name, or '' when unknown. */
export async function companyNames(ids: unknown[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((id) => id != null).map(String))].filter((id) =>
    Types.ObjectId.isValid(id),
  );
  const rows = unique.length
    ? await CompanyModel.find(
        { _id: { $in: unique.map((id) => new Types.ObjectId(id)) } },
        { name: 1 },
      ).lean()
    : [];
  return new Map(rows.map((c) => [String(c._id), c.name ?? '']));
}
