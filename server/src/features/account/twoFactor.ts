import { createHash, randomBytes, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, type TwoFactorSetupDto } from '@freight/shared';
import argon2 from 'argon2';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { badRequest, unauthorized } from '../../http/errors';
import { withAggregate } from '../../infra/concurrency';
import { decryptField, encryptField } from '../../infra/fieldEncryption';
import { UserModel, type UserDoc } from '../users/model';
import { redis, redisPrefix } from '../../infra/services';

/**
 * Two-factor sign-in (issue 27 item 6): TOTP (RFC 6238, 30 s, 6 digits, any authenticator app) with ten single-use
 * recovery codes. The seed is stored sealed with the field key; recovery codes as SHA-256 hashes (bound to the user),
 * shown once when made. A TOTP code works once: its time step is remembered in Redis for two minutes.
 */
const ISSUER = 'FreightConnect';
const context = (userId: string) => `totp:${userId}`;
const codeHash = (userId: string, code: string) =>
  createHash('sha256')
    .update(`${userId}:${code.replace(/[\s-]/g, '').toLowerCase()}`)
    .digest('hex');

/** A new secret for the user to scan; on only after `enableTwoFactor` confirms a code from it. */
export async function startTwoFactorSetup(user: UserDoc): Promise<TwoFactorSetupDto> {
  if (user.totpEnabled) throw badRequest('Two-factor sign-in is already on');
  const secret = generateSecret();
  await UserModel.updateOne(
    { _id: user._id },
    { $set: { totpPendingSecret: encryptField(secret, context(user.id)) } },
  );
  const otpauthUrl = generateURI({ issuer: ISSUER, label: user.email, secret });
  return { secret, otpauthUrl, qrDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }) };
}

/** Whether `code` is the current (or the neighbouring) TOTP code of `secret`, used at most once. */
async function totpMatches(userId: string, secret: string, code: string): Promise<boolean> {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return false;
  const result = await verify({ secret, token, epochTolerance: 30 }).catch(() => ({ valid: false }) as const);
  if (!result.valid) return false;
  const step = 'timeStep' in result ? String(result.timeStep) : token;
  // One use per code: a second sign-in with the same code inside its window is refused.
  const fresh = await redis().set(`${redisPrefix()}totp-used:${userId}:${step}`, '1', 'EX', 120, 'NX');
  return fresh === 'OK';
}

function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Confirms the pending secret with a code: two-factor sign-in is on; returns the recovery codes, once. */
export async function enableTwoFactor(user: UserDoc, code: string): Promise<{ recoveryCodes: string[] }> {
  return withAggregate('user', user.id, async () => {
    const current = await UserModel.findById(user._id);
    if (!current) throw unauthorized();
    if (current.totpEnabled) throw badRequest('Two-factor sign-in is already on');
    if (!current.totpPendingSecret) throw badRequest('Start the set-up first: scan a new QR code');
    const secret = decryptField(current.totpPendingSecret, context(user.id));
    if (!(await totpMatches(user.id, secret, code)))
      throw badRequest('That code is not right: enter the 6-digit code your authenticator app shows now');
    const recoveryCodes = newRecoveryCodes();
    await UserModel.updateOne(
      { _id: user._id },
      {
        $set: {
          totpSecret: current.totpPendingSecret,
          totpPendingSecret: null,
          totpEnabled: true,
          recoveryCodeHashes: recoveryCodes.map((c) => codeHash(user.id, c)),
        },
      },
    );
    return { recoveryCodes };
  });
}

/**
 * Checks a sign-in code: the authenticator's code, or a recovery code (used up by this call). Runs under the user's
 * lease so that two uses of one recovery code cannot both pass.
 */
export async function checkSecondFactor(userId: string, code: string): Promise<'totp' | 'recovery' | null> {
  return withAggregate('user', userId, async () => {
    const user = await UserModel.findById(userId);
    if (!user?.totpEnabled || !user.totpSecret) return null;
    if (await totpMatches(userId, decryptField(user.totpSecret, context(userId)), code)) return 'totp';
    const hash = codeHash(userId, code);
    const hashes = user.recoveryCodeHashes ?? [];
    if (!hashes.includes(hash)) return null;
    const updated = await UserModel.findOneAndUpdate(
      { _id: user._id, recoveryCodeHashes: hash },
      { $set: { recoveryCodeHashes: hashes.filter((h) => h !== hash) } },
    );
    return updated ? 'recovery' : null;
  });
}

/** Turning it off needs the password and a code (authenticator or recovery). */
export async function disableTwoFactor(user: UserDoc, password: string, code: string): Promise<void> {
  const passwordOk =
    Boolean(user.passwordHash) && (await argon2.verify(user.passwordHash!, password).catch(() => false));
  if (!passwordOk)
    throw badRequest('The password is not right', [
      { path: 'password', message: 'The password is not right' },
    ]);
  if (!(await checkSecondFactor(user.id, code)))
    throw badRequest('That code is not right', [{ path: 'code', message: 'That code is not right' }]);
  await withAggregate('user', user.id, async () => {
    await UserModel.updateOne(
      { _id: user._id },
      { $set: { totpEnabled: false, totpSecret: null, totpPendingSecret: null, recoveryCodeHashes: [] } },
    );
  });
}

/** A random id for a sign-in alert's dedupe key. */
export const alertId = () => randomBytes(8).toString('hex');
