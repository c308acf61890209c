// Test support: a company with a member of each role, set up once per test file (issue 51). The owner signs up
// through the API; the other members are written as the team service leaves a member who joined (the company's id
// and a role, the business fields copied from the owner), then sign in through the API. Tests about joining itself
// use invitations (team.test.ts).
import { COMPANY_ROLES, type CompanyRole } from '@freight/shared';
import { Types } from 'mongoose';
import { TEST_USER_PASSWORD, uniqueEmail, type TestApp, type TestClient } from '@test/helpers';
import { UserModel } from '../users/model';
import { BUSINESS_FIELDS, companyIdOf } from './service';

export interface Member {
  role: CompanyRole;
  id: string;
  email: string;
  client: TestClient;
}

export type Team = Record<CompanyRole, Member>;

/**
 * `owner` (signed in) and one new member of every other role in the owner's company, each signed in. With `prepare`,
 * each member is an admin while it runs and gets their role after (an API key an admin made before being moved to
 * another role, say: the key acts with the role they hold now).
 */
export async function teamOf(
  app: TestApp,
  owner: TestClient,
  opts: { prepare?: (member: Member) => Promise<void> } = {},
): Promise<Team> {
  const ownerDoc = await UserModel.findById(owner.user!.id).lean();
  if (!ownerDoc?.companyId) throw new Error('the owner has no company');
  const business = Object.fromEntries(BUSINESS_FIELDS.map((f) => [f, ownerDoc[f] ?? null]));
  const team = {
    owner: { role: 'owner', id: String(ownerDoc._id), email: ownerDoc.email, client: owner },
  } as Team;
  const others = COMPANY_ROLES.filter((r) => r !== 'owner');
  await Promise.all(
    others.map(async (role) => {
      const email = uniqueEmail(role);
      const doc = await UserModel.create({
        _id: new Types.ObjectId(),
        email,
        passwordHash: ownerDoc.passwordHash,
        authProvider: 'local',
        firstName: role[0]!.toUpperCase() + role.slice(1),
        lastName: 'Member',
        emailVerified: true,
        ...business,
        companyId: ownerDoc.companyId,
        companyRole: opts.prepare ? 'admin' : role,
      });
      const client = app.client();
      await client.login(email, TEST_USER_PASSWORD);
      const member: Member = { role, id: String(doc._id), email, client };
      if (opts.prepare) {
        await opts.prepare(member);
        await UserModel.updateOne({ _id: doc._id }, { $set: { companyRole: role } });
      }
      team[role] = member;
    }),
  );
  return team;
}

/** The company a test client's user acts for (registration makes each a one-person company). */
export async function companyOf(c: TestClient): Promise<string> {
  const id = await companyIdOf(c.user!.id);
  if (!id) throw new Error('no company');
  return id;
}
