import type { TeamDto, TeamInvitationCreatedDto } from '@freight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_USER_PASSWORD,
  eventually,
  linkIn,
  nextEvent,
  startTestApp,
  startTestMailbox,
  uniqueEmail,
  type TestApp,
  type TestClient,
} from '@test/helpers';
import { DocumentModel } from '../documents/model';
import { UserModel } from '../users/model';
import { CompanyInvitationModel, CompanyModel } from './model';
import { stressSize } from '@test/stress';

const ACCEPT_ROUNDS = stressSize(20, 5);
const RACE_ROUNDS = stressSize(10, 4);

/** Issue 28, the team: members, roles, invitations and seats, through the API, on real services. */

let app: TestApp;
let box: Awaited<ReturnType<typeof startTestMailbox>>;
beforeAll(async () => {
  box = await startTestMailbox();
  app = await startTestApp({ workers: true, env: { SMTP_URL: box.url } });
}, 180_000);
afterAll(async () => {
  await app?.close();
  await box?.stop();
});

const tokenOf = (link: string) => new URL(link).pathname.replace(/^\/join\//, '');

async function person(userType = 'broker', companyName = 'Ridge Brokerage', email = uniqueEmail(userType)) {
  const c = app.client();
  await c.registerAndLogin({ email, userType, companyName });
  return c;
}

async function team(c: TestClient): Promise<TeamDto> {
  const res = await c.get('/api/company');
  expect(res.status, res.text).toBe(200);
  return res.body as TeamDto;
}

async function invite(owner: TestClient, email: string, role = 'dispatcher') {
  const res = await owner.post('/api/company/invitations', { email, role });
  expect(res.status, res.text).toBe(201);
  return res.body as TeamInvitationCreatedDto;
}

/** A fresh person invited by `owner` who registers and joins with the link. */
async function member(owner: TestClient, role = 'dispatcher', userType = 'carrier') {
  const email = uniqueEmail('member');
  const { link } = await invite(owner, email, role);
  const c = await person(userType, 'Solo Co', email);
  const res = await c.post(`/api/company/invitations/${tokenOf(link)}/accept`);
  expect(res.status, res.text).toBe(200);
  return c;
}

// Each call registers people (password hashing): on a loaded machine a test takes a while.
describe('the company and its invitations', { timeout: 180_000 }, () => {
  it('a new account sees its one-person company: owner, 1 of 3 seats, may invite', async () => {
    const owner = await person('broker', 'Ridge Brokerage');
    const t = await team(owner);
    expect(t.company.name).toBe('Ridge Brokerage');
    expect(t.company.type).toBe('broker');
    expect(t.company.seats).toEqual({ used: 1, limit: 3 });
    expect(t.viewerRole).toBe('owner');
    expect(t.viewerActions).toEqual({ invite: true, leave: false });
    expect(t.members).toHaveLength(1);
    expect(t.members[0]).toMatchObject({ role: 'owner', isYou: true, email: owner.user!.email });
    expect(t.members[0].viewerActions).toEqual({ changeRole: false, remove: false, transfer: false });
  });

  it('invite: a link once to the inviter, an email with a link, a preview, a join; the owner hears it live', async () => {
    const owner = await person('broker', 'Harbor Freight Partners');
    const socket = await owner.socket();
    await team(owner); // the company exists; its socket is in the room after reconnecting
    const email = uniqueEmail('dispatcher');
    const created = await invite(owner, email, 'dispatcher');
    expect(created.link).toMatch(/\/join\/[A-Za-z0-9_-]{40,}$/);
    expect(created.invitation).toMatchObject({ email, role: 'dispatcher', status: 'pending' });
    const stored = await CompanyInvitationModel.findById(created.invitation.id).lean();
    expect(stored!.tokenHash).not.toContain(tokenOf(created.link));
    expect(JSON.stringify(stored)).not.toContain(tokenOf(created.link));

    const mail = await box.next(email, /Join Harbor Freight Partners/);
    const mailed = linkIn(mail, '/join/');
    expect(tokenOf(mailed)).toBe(tokenOf(created.link));
    expect(mail.text).toContain('as Dispatcher');

    const anon = app.client();
    const preview = await anon.get(`/api/company/invitations/${tokenOf(mailed)}/preview`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ companyName: 'Harbor Freight Partners', role: 'dispatcher', email });

    const listed = await team(owner);
    expect(listed.invitations.map((i) => i.email)).toEqual([email]);
    expect(listed.invitations[0].viewerActions).toEqual({ resend: true, revoke: true });

    const ws = await owner.socket();
    const heard = nextEvent(ws, 'company:updated', (p) => p.reason === 'memberJoined', 10_000);
    const joiner = await person('shipper', 'Solo Co', email);
    const joined = await joiner.post(`/api/company/invitations/${tokenOf(mailed)}/accept`);
    expect(joined.status, joined.text).toBe(200);
    expect((joined.body as TeamDto).viewerRole).toBe('dispatcher');
    expect((joined.body as TeamDto).company.name).toBe('Harbor Freight Partners');
    expect(await heard).toMatchObject({ reason: 'memberJoined', userId: joiner.user!.id });
    socket.disconnect();

    // The member's account now reads as the company's.
    const me = await joiner.get('/api/auth/user');
    expect(me.body).toMatchObject({ userType: 'broker', companyName: 'Harbor Freight Partners' });
    const after = await team(owner);
    expect(after.company.seats.used).toBe(2);
    expect(after.invitations).toHaveLength(0);
    // The link is single use.
    const again = await joiner.post(`/api/company/invitations/${tokenOf(mailed)}/accept`);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/used already/);
  });

  it('bad input gets 4xx with messages; a stranger link is 404', async () => {
    const owner = await person();
    const bad = await owner.post('/api/company/invitations', { email: 'not-an-email', role: 'dispatcher' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/valid email/);
    const owner2 = await owner.post('/api/company/invitations', { email: uniqueEmail('x'), role: 'owner' });
    expect(owner2.status).toBe(400);
    expect(owner2.body.message).toMatch(/Role must be one of/);
    const noBody = await owner.post('/api/company/invitations', {});
    expect(noBody.status).toBe(400);
    const badId = await owner.delete('/api/company/invitations/xyz');
    expect(badId.status).toBe(400);
    const badRole = await owner.patch(`/api/company/members/${owner.user!.id}`, { role: 'captain' });
    expect(badRole.status).toBe(400);
    const unknown = await app.client().get(`/api/company/invitations/${'a'.repeat(43)}/preview`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/not valid/);
    const malformed = await app.client().get('/api/company/invitations/%24%24/preview');
    expect(malformed.status).toBe(400);
    expect((await app.client().get('/api/company')).status).toBe(401);
    const self = await owner.post('/api/company/invitations', { email: owner.user!.email, role: 'admin' });
    expect(self.status).toBe(409);
    expect(self.body.message).toMatch(/already a member/);
    const email = uniqueEmail('twice');
    await invite(owner, email);
    const twice = await owner.post('/api/company/invitations', { email, role: 'viewer' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/pending invitation/);
  });

  it('resend makes a new link and kills the old; revoke kills the link', async () => {
    const owner = await person();
    const email = uniqueEmail('resend');
    const first = await invite(owner, email, 'viewer');
    const resent = await owner.post(`/api/company/invitations/${first.invitation.id}/resend`);
    expect(resent.status, resent.text).toBe(200);
    const second = resent.body as TeamInvitationCreatedDto;
    expect(tokenOf(second.link)).not.toBe(tokenOf(first.link));
    expect((await app.client().get(`/api/company/invitations/${tokenOf(first.link)}/preview`)).status).toBe(
      404,
    );
    expect((await app.client().get(`/api/company/invitations/${tokenOf(second.link)}/preview`)).status).toBe(
      200,
    );
    // The email of the resend carries the new link.
    await eventually(async () => box.to(email).length >= 2);
    const links = box.to(email).map((m) => tokenOf(linkIn(m, '/join/')));
    expect(links).toContain(tokenOf(second.link));

    const revoked = await owner.delete(`/api/company/invitations/${first.invitation.id}`);
    expect(revoked.status).toBe(204);
    const preview = await app.client().get(`/api/company/invitations/${tokenOf(second.link)}/preview`);
    expect(preview.status).toBe(409);
    expect(preview.body.message).toMatch(/revoked/);
    const joiner = await person('carrier', 'X', email);
    const refused = await joiner.post(`/api/company/invitations/${tokenOf(second.link)}/accept`);
    expect(refused.status).toBe(409);
    expect((await owner.delete(`/api/company/invitations/${first.invitation.id}`)).status).toBe(409);
    expect((await team(owner)).invitations).toHaveLength(0);
  });

  it('accepting: only with the invited email; someone in a company with people or business is told so, nothing changes', async () => {
    const owner = await person('broker', 'North Line');
    const email = uniqueEmail('right');
    const { link } = await invite(owner, email);
    const wrong = await person('carrier');
    const refused = await wrong.post(`/api/company/invitations/${tokenOf(link)}/accept`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain(email);

    // Someone whose company has another member.
    const other = await person('carrier', 'Busy Carrier');
    await member(other, 'dispatcher');
    const otherEmail = other.user!.email;
    const inv = await invite(owner, otherEmail);
    const busy = await other.post(`/api/company/invitations/${tokenOf(inv.link)}/accept`);
    expect(busy.status).toBe(409);
    expect(busy.body.message).toMatch(/Busy Carrier, which has other members/);
    expect((await team(other)).company.name).toBe('Busy Carrier');
    expect((await team(owner)).company.seats.used).toBe(1);
    expect((await CompanyInvitationModel.findById(inv.invitation.id).lean())!.status).toBe('pending');

    // Someone alone with business of their own (a compliance document of their company).
    const seeded = await person('shipper', 'Shipper With Papers');
    await DocumentModel.create({
      userId: seeded.user!.id,
      documentType: 'business_license',
      fileName: 'license.pdf',
      storageKey: 'none',
      fileSize: 10,
      mimeType: 'application/pdf',
    });
    const s = await invite(owner, seeded.user!.email);
    const withBusiness = await seeded.post(`/api/company/invitations/${tokenOf(s.link)}/accept`);
    expect(withBusiness.status).toBe(409);
    expect(withBusiness.body.message).toMatch(/nothing was changed/);
  });

  it('access: a dispatcher cannot invite or remove; another company’s admin gets 404', async () => {
    const owner = await person('broker', 'Access Co');
    const dispatcher = await member(owner, 'dispatcher');
    const admin = await member(owner, 'admin');
    const dt = await team(dispatcher);
    expect(dt.viewerActions).toEqual({ invite: false, leave: true });
    expect(dt.members.every((m) => !m.viewerActions.remove && !m.viewerActions.changeRole)).toBe(true);
    const noInvite = await dispatcher.post('/api/company/invitations', {
      email: uniqueEmail('n'),
      role: 'viewer',
    });
    expect(noInvite.status).toBe(403);
    expect(noInvite.body.message).toMatch(/owner or an admin/);
    expect((await dispatcher.delete(`/api/company/members/${admin.user!.id}`)).status).toBe(403);
    expect(
      (await dispatcher.patch(`/api/company/members/${admin.user!.id}`, { role: 'viewer' })).status,
    ).toBe(403);
    expect((await admin.post('/api/company/transfer', { userId: dispatcher.user!.id })).status).toBe(403);
    // Naming oneself (issue 51): only the owner hears "owner already"; a member who is not is refused as for any
    // transfer, and nothing changes.
    for (const c of [admin, dispatcher]) {
      const self = await c.post('/api/company/transfer', { userId: c.user!.id });
      expect(self.status, self.text).toBe(403);
      expect(self.body.message).toBe('Only the owner can transfer ownership');
    }
    const ownSelf = await owner.post('/api/company/transfer', { userId: owner.user!.id });
    expect(ownSelf.status).toBe(409);
    expect(ownSelf.body.message).toBe('You are the owner already');
    const roles = (await team(owner)).members.map((m) => [m.id, m.role]);
    expect(Object.fromEntries(roles)).toEqual({
      [owner.user!.id]: 'owner',
      [admin.user!.id]: 'admin',
      [dispatcher.user!.id]: 'dispatcher',
    });

    const strangerOwner = await person('carrier', 'Stranger Co');
    const strangerAdmin = await member(strangerOwner, 'admin');
    expect((await strangerAdmin.delete(`/api/company/members/${dispatcher.user!.id}`)).status).toBe(404);
    expect(
      (await strangerAdmin.patch(`/api/company/members/${dispatcher.user!.id}`, { role: 'viewer' })).status,
    ).toBe(404);
    const inv = await invite(owner, uniqueEmail('s'));
    expect((await strangerAdmin.delete(`/api/company/invitations/${inv.invitation.id}`)).status).toBe(404);
    expect((await strangerAdmin.post(`/api/company/invitations/${inv.invitation.id}/resend`)).status).toBe(
      404,
    );
    expect((await strangerOwner.post('/api/company/transfer', { userId: dispatcher.user!.id })).status).toBe(
      404,
    );
  });

  it('roles: owner/admin change others; nobody changes the owner’s; transfer makes the old owner an admin', async () => {
    const owner = await person('broker', 'Roles Co');
    const admin = await member(owner, 'admin');
    const d = await member(owner, 'dispatcher');
    const changed = await admin.patch(`/api/company/members/${d.user!.id}`, { role: 'accounting' });
    expect(changed.status, changed.text).toBe(200);
    expect((changed.body as TeamDto).members.find((m) => m.id === d.user!.id)!.role).toBe('accounting');
    const demoteOwner = await admin.patch(`/api/company/members/${owner.user!.id}`, { role: 'viewer' });
    expect(demoteOwner.status).toBe(409);
    expect(demoteOwner.body.message).toMatch(/transferring ownership/);
    const own = await admin.patch(`/api/company/members/${admin.user!.id}`, { role: 'viewer' });
    expect(own.status).toBe(409);
    expect((await owner.post('/api/company/leave')).status).toBe(409);

    const moved = await owner.post('/api/company/transfer', { userId: d.user!.id });
    expect(moved.status, moved.text).toBe(200);
    const t = await team(d);
    expect(t.viewerRole).toBe('owner');
    expect(t.members.find((m) => m.id === owner.user!.id)!.role).toBe('admin');
    expect(t.members.filter((m) => m.role === 'owner')).toHaveLength(1);
    expect((await CompanyModel.findById(t.company.id).lean())!.ownerId.toString()).toBe(d.user!.id);
  });

  it('leave: the member stays signed in, in a company of their own; the seat is free', async () => {
    const owner = await person('broker', 'Leave Co');
    const v = await member(owner, 'viewer');
    const left = await v.post('/api/company/leave');
    expect(left.status, left.text).toBe(200);
    expect((left.body as TeamDto).viewerRole).toBe('owner');
    expect((left.body as TeamDto).company.name).toBe('');
    expect((await v.get('/api/auth/user')).status).toBe(200);
    expect((await team(owner)).company.seats.used).toBe(1);
  });

  it('remove: the member’s next request is 401 and their socket closes within 2 s; the seat is free', async () => {
    const owner = await person('broker', 'Remove Co');
    const d = await member(owner, 'dispatcher');
    const ws = await d.socket();
    const closed = new Promise<number>((resolve) => ws.once('disconnect', () => resolve(Date.now())));
    const start = Date.now();
    const res = await owner.delete(`/api/company/members/${d.user!.id}`);
    expect(res.status, res.text).toBe(204);
    expect((await d.get('/api/auth/user')).status).toBe(401);
    expect((await closed) - start).toBeLessThan(2000);
    const t = await team(owner);
    expect(t.members.map((m) => m.id)).toEqual([owner.user!.id]);
    // They can sign in again, into a company of their own.
    await d.login(d.user!.email, TEST_USER_PASSWORD);
    expect((await team(d)).viewerRole).toBe('owner');
    expect((await d.get('/api/auth/user')).body.companyName).toBeNull();
  });
});

const JOIN_ROUNDS = stressSize(10, 3);
const joinBody = (over: Record<string, string> = {}) => ({
  firstName: 'Dana',
  lastName: 'Ruiz',
  password: TEST_USER_PASSWORD,
  confirmPassword: TEST_USER_PASSWORD,
  ...over,
});

describe('issue 39: joining from an invitation without an account', { timeout: 180_000 }, () => {
  it('a name and a password: signed in as the member, the email verified, the owner hears it live', async () => {
    const owner = await person('broker', 'Lakeside Logistics');
    await team(owner);
    const ws = await owner.socket();
    const email = uniqueEmail('joiner');
    const { link, invitation } = await invite(owner, email, 'dispatcher');
    await box.next(email, /Join Lakeside Logistics/);
    const heard = nextEvent(ws, 'company:updated', (p) => p.reason === 'memberJoined', 10_000);

    const joiner = app.client();
    const joined = await joiner.post(`/api/company/invitations/${tokenOf(link)}/join`, joinBody());
    expect(joined.status, joined.text).toBe(201);
    expect(joined.body).toMatchObject({ email, firstName: 'Dana', emailVerified: true, userType: 'broker' });
    const me = await joiner.get('/api/auth/user');
    expect(me.status, me.text).toBe(200);
    expect(me.body).toMatchObject({ email, emailVerified: true, companyName: 'Lakeside Logistics' });
    expect((await team(joiner)).viewerRole).toBe('dispatcher');
    expect(await heard).toMatchObject({ reason: 'memberJoined', userId: me.body.id });
    ws.disconnect();

    const after = await team(owner);
    expect(after.company.seats.used).toBe(2);
    expect(after.members.map((m) => m.email)).toContain(email);
    expect(after.invitations).toHaveLength(0);
    expect((await CompanyInvitationModel.findById(invitation.id).lean())!.status).toBe('accepted');
    // One company, no one-person company made on the way; the member's welcome, no "verify your email" mail.
    expect(await CompanyModel.countDocuments({ ownerId: me.body.id })).toBe(0);
    await eventually(async () =>
      (await joiner.get('/api/notifications')).body.items?.some((n: { title: string }) =>
        /You joined Lakeside Logistics/.test(n.title),
      ),
    );
    expect(
      box
        .to(email)
        .map((m) => m.subject)
        .filter((s) => /verify/i.test(s)),
    ).toEqual([]);

    // The link is used: a second person with it is told so, and the member signs in with the password.
    const again = await app.client().post(`/api/company/invitations/${tokenOf(link)}/join`, joinBody());
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/used already/);
    const other = app.client();
    expect((await other.login(email, TEST_USER_PASSWORD)).email).toBe(email);
  });

  it('bad input, a taken email, a revoked link, a signed-in caller, a full company: 4xx and nothing changes', async () => {
    const owner = await person('carrier', 'Ridge Haulers');
    const email = uniqueEmail('joiner');
    const { link, invitation } = await invite(owner, email, 'viewer');
    const url = `/api/company/invitations/${tokenOf(link)}/join`;
    const anon = app.client();
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ firstName: '' }, /firstName/],
      [{ password: 'short', confirmPassword: 'short' }, /at least 8 characters/],
      [{ confirmPassword: 'Different#Pass123' }, /Passwords do not match/],
      [{ password: 'password', confirmPassword: 'password' }, /heavily used password/],
    ];
    for (const [over, message] of cases) {
      const res = await anon.post(url, joinBody(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const bogus = await anon.post('/api/company/invitations/not-a-real-token-at-all-1234/join', joinBody());
    expect(bogus.status).toBe(404);
    expect(await UserModel.exists({ email })).toBeNull();
    expect((await CompanyInvitationModel.findById(invitation.id).lean())!.status).toBe('pending');

    // With good input the same person joins (2 of 3 seats). Someone signed in is told to use the button or sign
    // out, and nothing is made.
    expect((await anon.post(url, joinBody())).status).toBe(201);
    const stranger = await person('shipper', 'Elsewhere');
    const { link: second } = await invite(owner, uniqueEmail('second'), 'viewer');
    const refused = await stranger.post(`/api/company/invitations/${tokenOf(second)}/join`, joinBody());
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/You are signed in as/);

    // An email that has an account already: sign in and join instead.
    const existing = uniqueEmail('existing');
    await person('carrier', 'Own Co', existing);
    const { link: third } = await invite(owner, existing, 'viewer');
    const taken = await app.client().post(`/api/company/invitations/${tokenOf(third)}/join`, joinBody());
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/exists already: sign in/);

    // Revoked: the link stops working.
    const revokedEmail = uniqueEmail('revoked');
    const { link: fourth, invitation: inv4 } = await invite(owner, revokedEmail, 'viewer');
    expect((await owner.delete(`/api/company/invitations/${inv4.id}`)).status).toBe(204);
    const revoked = await app.client().post(`/api/company/invitations/${tokenOf(fourth)}/join`, joinBody());
    expect(revoked.status).toBe(409);
    expect(revoked.body.message).toMatch(/revoked/);
    expect(await UserModel.exists({ email: revokedEmail })).toBeNull();

    // The third seat taken by a fifth invitation; the still-pending second one then finds the company full.
    const { link: fifthLink } = await invite(owner, uniqueEmail('fifth'), 'viewer');
    const fifth = await app.client().post(`/api/company/invitations/${tokenOf(fifthLink)}/join`, joinBody());
    expect(fifth.status, fifth.text).toBe(201);
    const sixth = await app.client().post(`/api/company/invitations/${tokenOf(second)}/join`, joinBody());
    expect(sixth.status).toBe(409);
    expect(sixth.body.message).toMatch(/Ridge Haulers is full/);
    expect((await team(owner)).company.seats.used).toBe(3);
  });

  it(`two people on one link at once: one joins, the other is told (${JOIN_ROUNDS} rounds)`, async () => {
    const owner = await person('broker', 'Race Join Co');
    for (let round = 0; round < JOIN_ROUNDS; round++) {
      const email = uniqueEmail(`race${round}`);
      const { link } = await invite(owner, email, 'viewer');
      const url = `/api/company/invitations/${tokenOf(link)}/join`;
      const answers = await Promise.all([
        app.client().post(url, joinBody()),
        app.client().post(url, joinBody()),
      ]);
      expect(answers.map((a) => a.status).sort(), `round ${round}`).toEqual([201, 409]);
      expect(await UserModel.countDocuments({ email })).toBe(1);
      const t = await team(owner);
      expect(t.company.seats.used).toBe(2);
      const joined = t.members.find((m) => m.email === email)!;
      expect((await owner.delete(`/api/company/members/${joined.id}`)).status).toBe(204);
    }
  });
});

describe('seats', { timeout: 180_000 }, () => {
  it('Basic and no plan: 3 members; the fourth acceptance says the company is full; Pro: 50', async () => {
    const owner = await person('broker', 'Full Co');
    await member(owner, 'dispatcher');
    await member(owner, 'viewer');
    const email = uniqueEmail('fourth');
    const { link } = await invite(owner, email); // pending invitations hold no seat
    const c = await person('carrier', 'x', email);
    const full = await c.post(`/api/company/invitations/${tokenOf(link)}/accept`);
    expect(full.status).toBe(409);
    expect(full.body.message).toMatch(/Full Co is full: its plan has 3 seats/);

    const pro = await person('broker', 'Pro Co');
    const act = await pro.post('/api/subscriptions/activate', { plan: 'broker_pro' });
    expect(act.status, act.text).toBe(200);
    const limit = (await team(pro)).company.seats.limit;
    expect(limit).toBe(50);
  });

  it(`N concurrent acceptances at the limit keep exactly the limit (${ACCEPT_ROUNDS} rounds)`, async () => {
    // The same joiners every round (sign-ups are slow): the two who got in leave again, and a new company invites
    // them all (one company would run into the invitations' hourly limit).
    const N = 4;
    const joiners = await Promise.all(Array.from({ length: N }, () => person('carrier', 'solo')));
    for (let round = 0; round < ACCEPT_ROUNDS; round++) {
      const owner = await person('broker', `Race ${round}`);
      const tokens: string[] = [];
      for (const j of joiners) tokens.push(tokenOf((await invite(owner, j.user!.email)).link));
      const answers = await Promise.all(
        joiners.map((j, i) => j.post(`/api/company/invitations/${tokens[i]}/accept`)),
      );
      const ok = answers.filter((a) => a.status === 200).length;
      expect(ok, `round ${round}`).toBe(2);
      expect(answers.filter((a) => a.status === 409 && /is full/.test(a.body.message))).toHaveLength(N - 2);
      const t = await team(owner);
      expect(t.members).toHaveLength(3);
      expect(t.company.seats.used).toBe(3);
      expect((await CompanyModel.findById(t.company.id).lean())!.memberCount).toBe(3);
      for (const [i, a] of answers.entries())
        if (a.status === 200) expect((await joiners[i].post('/api/company/leave')).status).toBe(200);
    }
  }, 600_000);
});

describe('races', () => {
  it(`role change against removal: the member ends removed, the count right (${RACE_ROUNDS} rounds)`, async () => {
    const owner = await person('broker', 'Role Race Co');
    const admin = await member(owner, 'admin');
    for (let round = 0; round < RACE_ROUNDS; round++) {
      const d = await member(owner, 'dispatcher');
      const [changed, removed] = await Promise.all([
        admin.patch(`/api/company/members/${d.user!.id}`, { role: 'viewer' }),
        owner.delete(`/api/company/members/${d.user!.id}`),
      ]);
      expect(removed.status).toBe(204);
      expect([200, 404]).toContain(changed.status);
      const t = await team(owner);
      expect(t.members.map((m) => m.id).sort()).toEqual([owner.user!.id, admin.user!.id].sort());
      expect((await CompanyModel.findById(t.company.id).lean())!.memberCount).toBe(2);
      const gone = await UserModel.findById(d.user!.id).lean();
      expect(String(gone!.companyId)).not.toBe(t.company.id);
      expect(gone!.companyRole).toBe('owner'); // of their own company, whatever order the two ran in
    }
  }, 600_000);

  it(`ownership transfer against demotion: exactly one owner, never demoted (${RACE_ROUNDS} rounds)`, async () => {
    // Each round the owner hands the company to the other admin while B demotes that admin; the two swap places.
    let owner = await person('broker', 'Transfer Race Co');
    let a = await member(owner, 'admin');
    const b = await member(owner, 'admin');
    for (let round = 0; round < RACE_ROUNDS; round++) {
      const [transfer, demote] = await Promise.all([
        owner.post('/api/company/transfer', { userId: a.user!.id }),
        b.patch(`/api/company/members/${a.user!.id}`, { role: 'viewer' }),
      ]);
      expect(transfer.status, `round ${round}`).toBe(200);
      // The demotion either ran first (then A became owner anyway) or was refused.
      expect([200, 409]).toContain(demote.status);
      const t = await team(owner);
      expect(t.members.filter((m) => m.role === 'owner').map((m) => m.id)).toEqual([a.user!.id]);
      expect(t.members.find((m) => m.id === owner.user!.id)!.role).toBe('admin');
      expect(t.members.find((m) => m.id === b.user!.id)!.role).toBe('admin');
      [owner, a] = [a, owner];
    }
  }, 600_000);
});
