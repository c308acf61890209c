import { TEST_ACCOUNT_PASSWORD } from '@freight/shared';
import { withAggregate } from '../../infra/concurrency';
import { UserModel } from '../users/model';
import { ensureOwnCompany } from '../companies/service';
import { hashPassword } from '../account/passwords';
import { TEST_ACCOUNTS, TEST_ACCOUNT_EMAILS } from '../users/testAccounts';

/**
 * Creates the missing test accounts; existing ones are left as they are (their data survives restarts), except
 * that one disabled by a run with the switch off (no password) gets the test password back. What the accounts start
 * with (the test driver's background check) is seeded after them (features/index.ts seedTestAccounts).
 */
export async function seedAccounts(): Promise<void> {
  const found = await UserModel.find(
    { email: { $in: [...TEST_ACCOUNT_EMAILS] } },
    { email: 1, passwordHash: 1 },
  ).lean();
  const existing = new Set(found.map((u) => u.email));
  const disabled = found.filter((u) => !u.passwordHash);
  const missing = TEST_ACCOUNTS.filter((a) => !existing.has(a.email));
  if (missing.length === 0 && disabled.length === 0) return;
  const passwordHash = await hashPassword(TEST_ACCOUNT_PASSWORD);
  for (const u of disabled) {
    await withAggregate('user', String(u._id), () =>
      UserModel.updateOne({ _id: u._id, passwordHash: null }, { $set: { passwordHash } }),
    );
  }
  for (const a of missing) {
    const [firstName, ...rest] = `Test ${a.label}`.split(' ');
    await UserModel.updateOne(
      { email: a.email },
      {
        $setOnInsert: {
          email: a.email,
          passwordHash,
          authProvider: 'local',
          firstName,
          lastName: rest.join(' '),
          userType: a.userType,
          companyName: a.companyName,
          phoneNumber: '555-0100',
          isVerified: a.verifiedWithPro || a.userType === 'admin',
          subscriptionStatus: a.verifiedWithPro ? 'active' : 'inactive',
          subscriptionPlan: a.verifiedWithPro ? `${a.userType}_pro` : null,
          subscriptionExpiresAt: null,
        },
      },
      { upsert: true },
    );
    const made = await UserModel.findOne({ email: a.email }, { _id: 1 }).lean();
    if (made) await ensureOwnCompany(made._id);
  }
}

/**
 * At start with ENABLE_TEST_ACCOUNTS off: the test accounts a previous run seeded lose their (public) password, so
 * nobody can sign in with them; their data stays. Their open sessions are refused by `loadUser` and the socket
 * gateway while the switch is off. A later start with the switch on gives them the test password back.
 */
export async function disableTestAccounts(): Promise<number> {
  // One account at a time under its lease: FerretDB rewrites the whole user document, so an unleased write could
  // undo a plan or type change another process makes at the same moment.
  let disabled = 0;
  for (const email of TEST_ACCOUNT_EMAILS) {
    const user = await UserModel.findOne({ email }, { passwordHash: 1 }).lean();
    if (!user?.passwordHash) continue;
    const res = await withAggregate('user', String(user._id), () =>
      UserModel.updateOne({ _id: user._id, passwordHash: { $ne: null } }, { $set: { passwordHash: null } }),
    );
    disabled += res.modifiedCount;
  }
  return disabled;
}
