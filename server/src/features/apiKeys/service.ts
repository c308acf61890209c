import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  MAX_API_KEYS,
  type ApiKeyCreatedDto,
  type ApiKeyDto,
  type ApiScope,
  type createApiKeySchema,
} from '@freight/shared';
import { Types } from 'mongoose';
import type { z } from 'zod';
import { conflict, forbidden, notFound } from '../../http/errors';
import { withAggregate } from '../../infra/concurrency';
import { toActor } from '../../policies';
import { managesIntegrations } from '../../policies/companies';
import { UserModel, type UserDoc } from '../users/model';
import { ApiKeyModel, type ApiKey } from './model';

/**
 * The company a user acts for. Until every account has a company document, an account without one is its own
 * company, under its own id (the company migration gives the owner's company the owner's user id, so keys made
 * now keep pointing at the right company).
 */
export function companyIdOf(user: { _id: unknown; companyId?: unknown }): string {
  return String(user.companyId ?? user._id);
}

/** Owners and admins of a company manage its keys and webhooks; an account without a company is its own owner. */
export function assertManagesIntegrations(user: UserDoc): void {
  if (user.userType === 'admin') throw forbidden('Platform administrators do not hold API keys');
  if (!managesIntegrations(toActor(user))) {
    throw forbidden("Only the company's owner or an admin manages API keys and webhooks");
  }
}

export const hashKey = (secret: string) => createHash('sha256').update(secret).digest('hex');

function toDto(key: ApiKey, creator: { firstName?: string; lastName?: string } | null): ApiKeyDto {
  return {
    id: String(key._id),
    name: key.name,
    prefix: `${API_KEY_PREFIX}${key.prefix}`,
    scopes: key.scopes as ApiScope[],
    createdBy: {
      id: String(key.createdBy),
      name: creator ? `${creator.firstName ?? ''} ${creator.lastName ?? ''}`.trim() : 'Former member',
    },
    createdAt: new Date(key.createdAt).toISOString(),
    lastUsedAt: key.lastUsedAt ? new Date(key.lastUsedAt).toISOString() : null,
    revokedAt: key.revokedAt ? new Date(key.revokedAt).toISOString() : null,
  };
}

export async function createApiKey(
  user: UserDoc,
  input: z.output<typeof createApiKeySchema>,
): Promise<ApiKeyCreatedDto> {
  assertManagesIntegrations(user);
  const companyId = companyIdOf(user);
  return withAggregate('company', companyId, async () => {
    const live = await ApiKeyModel.countDocuments({
      companyId: new Types.ObjectId(companyId),
      revokedAt: null,
    });
    if (live >= MAX_API_KEYS)
      throw conflict(`A company holds at most ${MAX_API_KEYS} keys: revoke one first`);
    const prefix = randomBytes(6).toString('hex');
    const secret = `${API_KEY_PREFIX}${prefix}_${randomBytes(32).toString('base64url')}`;
    const key = await ApiKeyModel.create({
      companyId: new Types.ObjectId(companyId),
      createdBy: user._id,
      name: input.name,
      prefix,
      hash: hashKey(secret),
      scopes: input.scopes,
    });
    return { key: toDto(key.toObject() as ApiKey, user), secret };
  });
}

export async function listApiKeys(user: UserDoc): Promise<ApiKeyDto[]> {
  assertManagesIntegrations(user);
  const keys = await ApiKeyModel.find({ companyId: new Types.ObjectId(companyIdOf(user)) })
    .sort({ createdAt: -1 })
    .lean<ApiKey[]>();
  const creators = await UserModel.find(
    { _id: { $in: [...new Set(keys.map((k) => String(k.createdBy)))] } },
    { firstName: 1, lastName: 1 },
  ).lean<Array<{ _id: unknown; firstName?: string; lastName?: string }>>();
  const byId = new Map(creators.map((c) => [String(c._id), c]));
  return keys.map((k) => toDto(k, byId.get(String(k.createdBy)) ?? null));
}

/** Revoked at once: the next request with the key finds it revoked (401). */
export async function revokeApiKey(user: UserDoc, id: string): Promise<ApiKeyDto> {
  assertManagesIntegrations(user);
  if (!Types.ObjectId.isValid(id)) throw notFound('API key not found');
  return withAggregate('apiKey', id, async () => {
    const key = await ApiKeyModel.findById(id).lean<ApiKey>();
    if (!key || String(key.companyId) !== companyIdOf(user)) throw notFound('API key not found');
    const revokedAt = key.revokedAt ?? new Date();
    if (!key.revokedAt) await ApiKeyModel.updateOne({ _id: key._id }, { $set: { revokedAt } });
    const creator = await UserModel.findById(key.createdBy, { firstName: 1, lastName: 1 }).lean();
    return toDto({ ...key, revokedAt }, creator);
  });
}

const KEY_SHAPE = /^fmk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/;

/** The live key a bearer token names, or null (unknown, malformed or revoked). */
export async function findLiveKey(token: string): Promise<ApiKey | null> {
  if (!KEY_SHAPE.test(token)) return null;
  const key = await ApiKeyModel.findOne({ hash: hashKey(token) }).lean<ApiKey>();
  return key && !key.revokedAt ? key : null;
}

/**
 * Records that the key was used, at most once a minute per key across processes (a Redis mark decides who writes),
 * under the key's lease so a revocation written meanwhile is not overwritten by FerretDB's read-modify-write.
 */
export async function touchApiKey(
  redis: { set(...args: unknown[]): Promise<unknown> },
  prefix: string,
  keyId: string,
): Promise<void> {
  const first = await redis.set(`${prefix}apikey-used:${keyId}`, '1', 'EX', 60, 'NX');
  if (first !== 'OK') return;
  await withAggregate('apiKey', keyId, () =>
    ApiKeyModel.updateOne({ _id: new Types.ObjectId(keyId) }, { $set: { lastUsedAt: new Date() } }),
  );
}
