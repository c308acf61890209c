// Shared helpers of the company journeys (issue 28): members joined to a company by invitation.
import { expect } from 'vitest';
import { uniqueEmail, type TestApp } from '@test/helpers';
import { freshAccount, type FreshAccount, type FreshUserType } from './roles';

/** The token at the end of an invitation link (`…/join/<token>`). */
export const invitationToken = (link: string) => new URL(link).pathname.replace(/^\/join\//, '');

/**
 * A fresh person invited by `owner` with `role`, registered with the invited email and joined through the API (the
 * Team page's and the join page's calls). Registration makes them a one-person company first, as the product does.
 */
export async function memberOf(
  app: TestApp,
  owner: FreshAccount,
  userType: FreshUserType,
  role = 'dispatcher',
): Promise<FreshAccount> {
  const email = uniqueEmail('member');
  const invited = await owner.api.post('/api/company/invitations', { email, role });
  expect(invited.status, invited.text).toBe(201);
  const member = await freshAccount(app, userType, { email, companyName: 'Solo Co' });
  const joined = await member.api.post(
    `/api/company/invitations/${invitationToken(invited.body.link)}/accept`,
  );
  expect(joined.status, joined.text).toBe(200);
  return member;
}
