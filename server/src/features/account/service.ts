import { createHash, randomBytes } from 'node:crypto';
import {
  EMAIL_VERIFICATION_TTL_HOURS,
  INVALID_TOKEN_TEXT,
  PASSWORD_RESET_TTL_MINUTES,
  type TokenProblem,
} from '@freight/shared';
import { Types } from 'mongoose';
import { AppError, badRequest } from '../../http/errors';
import { consumeRateLimit } from '../../infra/rateLimit';
import { withAggregate } from '../../infra/concurrency';
import { disconnectUserSockets } from '../../realtime/sessions';
import { hashPassword } from './passwords';
import { passwordWeaknessOffThread } from './passwordChecks';
import { isTestAccountEmail } from '../users/testAccounts';
import { sendMail } from '../mail/service';
import { displayName, UserModel, type UserDoc } from '../users/model';
import { passwordChangedEmail, passwordResetEmail, signInAlertEmail, verificationEmail } from './emails';
import { linkTo } from './links';
import { AccountTokenModel } from './model';
import { endOtherSessions } from './sessions';
import { redis, redisPrefix } from '../../infra/services';

type TokenKind = 'reset' | 'verify';

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** A 400 for a link that does not work, with the reason in words (the code stays VALIDATION_ERROR). */
export class TokenError extends AppError {
  constructor(readonly problem: TokenProblem) {
    super('VALIDATION_ERROR', INVALID_TOKEN_TEXT[problem]);
  }
}

/** Makes a token (returned once, to go in the email) and stores its hash. */
async function issueToken(kind: TokenKind, user: Pick<UserDoc, '_id' | 'email'>, ttlMs: number) {
  const token = randomBytes(32).toString('base64url');
  const doc = await AccountTokenModel.create({
    kind,
    tokenHash: hashToken(token),
    userId: user._id,
    email: user.email,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return { token, id: String(doc._id) };
}

/** The stored token of a link, or why the link does not work. Changes nothing. */
async function findToken(kind: TokenKind, token: string) {
  const doc = await AccountTokenModel.findOne({ tokenHash: hashToken(token), kind }).lean();
  if (!doc) throw new TokenError('wrong');
  if (doc.usedAt) throw new TokenError('used');
  if (doc.expiresAt.getTime() <= Date.now()) throw new TokenError('expired');
  return doc;
}

/** Consumes a token: one use wins the conditional update; a second (or a race) is told the link was used. */
async function consumeToken(kind: TokenKind, token: string) {
  const doc = await findToken(kind, token);
  const used = await AccountTokenModel.findOneAndUpdate(
    { _id: doc._id, usedAt: null },
    { $set: { usedAt: new Date() } },
    { new: true },
  );
  if (!used) throw new TokenError('used');
  return doc;
}

/** Per address and per IP (issue 27): counted whether or not an account has the address, so 429 tells nothing. */
async function limitAccountMail(email: string, ip: string): Promise<void> {
  await consumeRateLimit('accountMailIp', ip);
  await consumeRateLimit('accountMailAddress', email.toLowerCase());
}

// ---------------------------------------------------------------------------------------------------------------
// Email verification

/** Sends a verification link for the user's current address (at sign-up, on "Resend", after an email change). */
export async function sendVerificationEmail(user: UserDoc): Promise<void> {
  const { token, id } = await issueToken('verify', user, EMAIL_VERIFICATION_TTL_HOURS * 3600_000);
  const url = linkTo(`/verify-email?token=${encodeURIComponent(token)}`);
  await sendMail(verificationEmail(user.email, displayName(user), url, `verify:${id}`));
}

/**
 * A verification link for a user, made as the sign-up email makes it but not sent: the test helpers follow it to
 * verify the users they register (test/helpers.ts).
 */
export async function verificationLinkFor(userId: string): Promise<string> {
  const user = await UserModel.findById(userId);
  if (!user) throw new Error('no such user');
  const { token } = await issueToken('verify', user, EMAIL_VERIFICATION_TTL_HOURS * 3600_000);
  return linkTo(`/verify-email?token=${encodeURIComponent(token)}`);
}

/** POST /api/auth/verify-email/resend: a new link, rate limited like a reset. */
export async function resendVerification(user: UserDoc, ip: string): Promise<void> {
  if (user.emailVerified !== false) throw badRequest('Your email address is already verified');
  await limitAccountMail(user.email, ip);
  await sendVerificationEmail(user);
}

/**
 * GET /verify-email?token=…: marks the address verified, if it is still the user's address. Returns the user id.
 * The link proves the address it was sent to only: after an email change an older link does nothing.
 */
export async function verifyEmail(token: string): Promise<string> {
  const doc = await consumeToken('verify', token);
  const userId = String(doc.userId);
  await withAggregate('user', userId, async () => {
    await UserModel.updateOne({ _id: doc.userId, email: doc.email }, { $set: { emailVerified: true } });
  });
  disconnectUserSockets(userId); // sockets carry the actor: they reconnect as verified
  return userId;
}

// ---------------------------------------------------------------------------------------------------------------
// Password reset

/**
 * POST /api/auth/forgot-password: the same answer whether the address has an account or not (the caller answers
 * it); a link goes out only to an account with a password (not the test accounts, whose password is public).
 */
export async function requestPasswordReset(email: string, ip: string): Promise<void> {
  await limitAccountMail(email, ip);
  if (isTestAccountEmail(email)) return;
  const user = await UserModel.findOne({ email: email.toLowerCase() });
  if (!user) return;
  const { token, id } = await issueToken('reset', user, PASSWORD_RESET_TTL_MINUTES * 60_000);
  const url = linkTo(`/reset-password?token=${encodeURIComponent(token)}`);
  await sendMail(passwordResetEmail(user.email, displayName(user), url, `reset:${id}`));
}

/** Whether a reset link works (the page asks before it shows the form). Changes nothing. */
export async function checkResetToken(token: string): Promise<void> {
  await findToken('reset', token);
}

/**
 * POST /api/auth/reset-password: a strong new password, the link used up, every other link of the user voided,
 * every session and socket of the user ended (the browser that reset it signs in again with the new password), and
 * the address counts as verified (the link reached it).
 */
export async function resetPassword(token: string, password: string): Promise<void> {
  const pending = await findToken('reset', token);
  const user = await UserModel.findById(pending.userId);
  if (!user || user.email !== pending.email) throw new TokenError('wrong');
  const weakness = await passwordWeaknessOffThread(password, [
    user.email,
    user.firstName,
    user.lastName,
    user.companyName,
  ]);
  if (weakness) throw badRequest(`password: ${weakness}`, [{ path: 'password', message: weakness }]);
  const passwordHash = await hashPassword(password);
  const doc = await consumeToken('reset', token);
  const userId = String(doc.userId);
  await withAggregate('user', userId, async () => {
    await UserModel.updateOne(
      { _id: new Types.ObjectId(userId) },
      { $set: { passwordHash, emailVerified: true, sessionsValidAfter: new Date() } },
    );
  });
  await AccountTokenModel.updateMany(
    { userId: doc.userId, kind: 'reset', usedAt: null },
    { $set: { usedAt: new Date() } },
  );
  await endOtherSessions(userId);
  disconnectUserSockets(userId);
  await sendMail(passwordChangedEmail(user.email, displayName(user), `password-changed:${String(doc._id)}`));
}

// ---------------------------------------------------------------------------------------------------------------
// Sign-in alerts

/**
 * Emails the user when they sign in from a device (browser) not seen before on their account; the first sign-in
 * ever only records it. Devices are told apart by their user agent (hashed; kept in Redis per user).
 */
export async function alertIfNewDevice(user: UserDoc, req: import('express').Request): Promise<void> {
  if (isTestAccountEmail(user.email)) return;
  const deviceRedis = redis();
  const ua = String(req.get('user-agent') ?? '');
  const key = `${redisPrefix()}udev:${user.id}`;
  const known = await deviceRedis.scard(key);
  const added = await deviceRedis.sadd(key, createHash('sha256').update(ua).digest('hex'));
  if (!added || known === 0) return;
  const { describeDevice } = await import('./sessions');
  await sendMail(
    signInAlertEmail(
      user.email,
      displayName(user),
      describeDevice(ua),
      req.ip ?? 'unknown',
      linkTo('/account/security'),
      `signin:${user.id}:${randomBytes(8).toString('hex')}`,
    ),
  );
}
