import { setupSchema, type authorityNumbersSchema, type registerSchema, type UserDto } from '@freight/shared';
import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { z } from 'zod';
import { AppError, badRequest, conflict, unauthorized } from '../../http/errors';
import { withAggregate } from '../../infra/concurrency';
import { passwordHashing } from '../../infra/services';
import { authorize, type Actor } from '../../policies';
import { disconnectUserSockets } from '../../realtime/sessions';
import { Types } from 'mongoose';
import { NOTHING_WRITTEN, recordFacts, type Fact } from '../../events/record';
import {
  VERIFIABLE_FIELDS,
  computeVerification,
  recomputeVerification,
  verificationFact,
} from '../documents/verification';
import { setAuthorityNumbers } from '../companies/authority';
import { UserModel, toUserDto, type UserDoc } from '../users/model';
import { ensureOwnCompany, setBusinessFields } from '../companies/service';
import { sendVerificationEmail } from '../account/service';
import { hashPassword } from '../account/passwords';
import { isTestAccountEmail } from '../users/testAccounts';
import { passwordWeaknessOffThread } from '../account/passwordChecks';
import type { LoginThrottle, RegisterThrottle } from './throttle';

/** One per hashing cost (PASSWORD_HASHING), so the dummy always costs what a real hash made now costs. */
const dummyHashes = new Map<string, Promise<string>>();

/**
 * A hash of a random password with the same parameters as real ones: a sign-in for an unknown email (or an account
 * without a password) is verified against it, so it costs what a wrong password for a real account costs and the
 * time of the answer does not tell whether the email exists.
 */
function dummyPasswordHash(): Promise<string> {
  const cost = passwordHashing();
  let hash = dummyHashes.get(cost);
  if (!hash) {
    hash = hashPassword(randomBytes(32).toString('hex'));
    dummyHashes.set(cost, hash);
  }
  return hash;
}

export async function register(
  throttle: RegisterThrottle,
  data: z.output<typeof registerSchema>,
  ip: string,
): Promise<UserDto> {
  // The test accounts' password is public: their emails are never registered by anyone (issue #12).
  if (isTestAccountEmail(data.email)) throw conflict('An account with this email already exists');
  // A new password the user chooses must be hard to guess (the shared schema checks only its length: the
  // dictionaries are too big for the web bundle, so the form shows this message from the server).
  const weakness = await passwordWeaknessOffThread(data.password, [
    data.email,
    data.firstName,
    data.lastName,
    data.companyName,
    data.phoneNumber,
  ]);
  if (weakness) throw badRequest(`password: ${weakness}`, [{ path: 'password', message: weakness }]);
  // Counted once the input is valid: a typo does not use up the allowance; creating or probing an email does.
  await throttle.consume(ip);
  const existing = await UserModel.exists({ email: data.email });
  if (existing) throw conflict('An account with this email already exists');
  let user: UserDoc;
  const _id = new Types.ObjectId();
  const userId = String(_id);
  try {
    const passwordHash = await hashPassword(data.password);
    const created = await recordFacts(
      { kind: 'user', id: userId },
      [
        {
          name: 'account.created',
          key: userId,
          by: { id: userId },
          subjects: { userId },
          data: { userId, userType: data.userType ?? null, companyName: data.companyName || null },
          proof: { collection: UserModel.collection.collectionName, filter: { _id } },
        },
      ],
      () =>
        UserModel.create({
          _id,
          email: data.email,
          passwordHash,
          authProvider: 'local',
          firstName: data.firstName,
          lastName: data.lastName,
          userType: data.userType,
          companyName: data.companyName || null,
          phoneNumber: data.phoneNumber || null,
          emailVerified: false,
        }),
    );
    user = created as UserDoc;
    // Registration makes the company, the registrant its owner (a crash before this: the migration at start does it).
    await ensureOwnCompany(userId);
  } catch (err) {
    if ((err as { code?: number }).code === 11000)
      throw conflict('An account with this email already exists');
    throw err;
  }
  await sendVerificationEmail(user);
  return toUserDto(user);
}

export async function authenticate(
  throttle: LoginThrottle,
  email: string,
  password: string,
  ip: string,
  /** A browser that signed in to this account before: others' failures never hold it back. */
  knownDevice = false,
): Promise<UserDoc> {
  if (!knownDevice) await throttle.assertAllowed(email, ip);
  const user = await UserModel.findOne({ email: email.toLowerCase() });
  const hash = user?.passwordHash ?? (await dummyPasswordHash());
  const verified = await argon2.verify(hash, password).catch(() => false);
  const ok = Boolean(user?.passwordHash) && verified;
  if (!user || !ok) {
    await throttle.recordFailure(email, ip);
    throw unauthorized('Invalid email or password');
  }
  await throttle.reset(email, ip);
  return user;
}

/** The body of POST /api/users/setup: the setup form's fields; the admin type is never chosen, only given. */
export const accountSetupSchema = z
  .looseObject({ userType: z.unknown().optional() })
  .refine((body) => body.userType !== 'admin', { path: ['userType'], message: 'admin cannot be chosen' })
  .pipe(setupSchema);

/**
 * POST /api/users/setup. Under the user's lease: the type, and the verification that follows from the new type's
 * documents (issue #12: never the old type's), are written together in one update, so a document review or expiry in flight (which recomputes under
 * the same lease) lands wholly before or after it, and the stored flag always matches the final type's documents.
 */
export async function setupAccount(
  actor: Actor,
  data: z.output<typeof accountSetupSchema>,
): Promise<UserDto> {
  if (actor.userType === 'admin') throw new AppError('FORBIDDEN', 'Admin accounts cannot change their type');
  // The type and name are the company's (issue 28): its owner and admins set them.
  authorize(actor, 'user:setup', data.userType, {
    message: "Only the company's owner and admins change its account type and name",
  });
  const { updated, typeChanged } = await withAggregate('user', actor.id, async () => {
    const current = await UserModel.findById(actor.id, VERIFIABLE_FIELDS).lean();
    if (!current) throw unauthorized();
    if (current.userType === 'admin') {
      throw new AppError('FORBIDDEN', 'Admin accounts cannot change their type');
    }
    // A verification judged under another type never carries over: a type that needs documents is judged by
    // them; one that needs none (set by an admin or by seeding) starts unverified.
    const typeChanged = current.userType !== data.userType;
    const verification = await computeVerification({
      ...current,
      userType: data.userType,
      isVerified: typeChanged ? false : current.isVerified,
    });
    const userId = String(current._id);
    const from = current.userType ?? null;
    const companyName = data.companyName || null;
    // The facts of the setup (issue 26): the verification as computed for the final type (pushed even when the
    // flag stays: the lists move with the type), and the account's first type (an account made without one: its
    // welcome) or a change of type. Proven by the type and flag written here.
    const setupId = new Types.ObjectId().toHexString();
    const facts: Fact[] = [
      verificationFact(userId, verification.status, verification.computedVerified, `setup-${setupId}`, actor),
    ];
    if (!from) {
      facts.push({
        name: 'account.created',
        key: userId,
        by: actor,
        subjects: { userId },
        data: { userId, userType: data.userType, companyName },
      });
    } else if (typeChanged) {
      facts.push({
        name: 'account.typeChanged',
        key: `${userId}-${setupId}`,
        by: actor,
        subjects: { userId },
        data: { userId, userType: data.userType, previous: from, companyName },
      });
    }
    const proof = {
      collection: UserModel.collection.collectionName,
      filter: { _id: current._id, userType: data.userType, isVerified: verification.computedVerified },
    };
    const updated = await recordFacts<UserDoc | null>(
      { kind: 'user', id: userId },
      facts.map((f) => ({ ...f, proof })),
      async () => {
        // The type, name and verification are the company's: written to it and every member's copy.
        await setBusinessFields(actor.id, {
          userType: data.userType,
          companyName,
          isVerified: verification.computedVerified,
        });
        return UserModel.findOneAndUpdate(
          { _id: actor.id },
          { $set: { phoneNumber: data.phoneNumber || null } },
          { new: true },
        );
      },
    );
    if (updated === NOTHING_WRITTEN || !updated) throw unauthorized();
    return { updated, typeChanged };
  });
  // The user's sockets were authorized as the old type (its role room among others): they reconnect as the new one.
  if (typeChanged) disconnectUserSockets(updated.id);
  return toUserDto(updated);
}

/**
 * PUT /api/users/me/authority: the numbers, then the verification judged again with them (issue 39: a carrier's
 * USDOT and a broker's MC complete it once the documents are approved; clearing one takes it back).
 */
export async function setAuthorityNumbersAndReverify(
  actor: Actor,
  data: z.output<typeof authorityNumbersSchema>,
): Promise<UserDto> {
  await setAuthorityNumbers(actor, data);
  const cause = `numbers-${new Types.ObjectId().toHexString()}`;
  await recomputeVerification(actor.id, new Date(), cause, actor, 'numbers');
  const user = await UserModel.findById(actor.id);
  if (!user) throw unauthorized();
  return toUserDto(user);
}
