import { LOGIN_FREE_FAILURES_PER_ACCOUNT_IP, QUEUES, SIGNED_IN_COOKIE, type UserDto } from '@freight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_USER_PASSWORD, eventually, startTestApp, uniqueEmail, type TestApp } from '@test/helpers';
import { DomainEventModel } from '../../events/model';
import { rewindProjector } from '../../events/projectors';
import { getQueue } from '../../queues';
import { UserModel } from '../users/model';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ workers: true });
});
afterAll(async () => {
  await app?.close();
});

const registration = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail(),
  password: TEST_USER_PASSWORD,
  confirmPassword: TEST_USER_PASSWORD,
  firstName: 'Dana',
  lastName: 'Hauler',
  companyName: 'Dana Trucking',
  phoneNumber: '555-0199',
  ...overrides,
});

describe('register (call 3)', () => {
  it('creates the account with the chosen type, without a password in the answer, and does not sign in', async () => {
    const c = app.client();
    const res = await c.post('/api/auth/register', registration({ userType: 'shipper' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      userType: 'shipper',
      firstName: 'Dana',
      isVerified: false,
      subscriptionStatus: 'inactive',
    });
    expect(res.body.id).toMatch(/^[0-9a-f]{24}$/);
    expect(res.body).not.toHaveProperty('password');
    expect(res.body).not.toHaveProperty('passwordHash');
    expect(res.body).not.toHaveProperty('_id');
    expect((await c.get('/api/auth/user')).status).toBe(401);
    const stored = await UserModel.findById(res.body.id).lean();
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('falls back to carrier when no type is given', async () => {
    const res = await app.client().post('/api/auth/register', registration());
    expect(res.status).toBe(201);
    expect(res.body.userType).toBe('carrier');
  });

  it('registers an individual customer (the landing page card stores it as the pending type)', async () => {
    const res = await app
      .client()
      .post('/api/auth/register', registration({ userType: 'individual_customer' }));
    expect(res.status).toBe(201);
    expect(res.body.userType).toBe('individual_customer');
  });

  it('refuses a duplicate email with 409, whatever its case', async () => {
    const body = registration();
    expect((await app.client().post('/api/auth/register', body)).status).toBe(201);
    const again = await app.client().post('/api/auth/register', { ...body, email: body.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'CONFLICT',
      message: 'An account with this email already exists',
    });
  });

  it.each([
    ['admin type', { userType: 'admin' }, 'userType'],
    ['a type outside the register picker', { userType: 'individual_driver' }, 'userType'],
    ['mismatched passwords', { confirmPassword: 'Different123!' }, 'Passwords do not match'],
    ['a missing first name', { firstName: '' }, 'firstName'],
    ['a bad email', { email: 'not-an-email' }, 'email'],
  ])('refuses %s with 400 and creates nothing', async (_name, overrides, text) => {
    const body = registration(overrides);
    const res = await app.client().post('/api/auth/register', body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.message).toContain(text);
    expect(await UserModel.countDocuments({ email: String(body.email).toLowerCase() })).toBe(0);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await app
      .client()
      .raw('post', '/api/auth/register')
      .set('Content-Type', 'application/json')
      .send('{"email":');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Request body is not valid JSON');
  });
});

describe('login, current user, logout (calls 1, 2)', () => {
  it('signs in, renews the session id, and the current-user call answers', async () => {
    const c = app.client();
    const body = registration();
    await c.post('/api/auth/register', body);
    await c.get('/api/auth/user'); // an anonymous visit gets no session cookie at all
    const before = c.cookie;
    const res = await c.post('/api/auth/login', { email: body.email, password: body.password });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(body.email);
    expect(c.cookie).toMatch(/^fm\.sid=/);
    expect(c.cookie).not.toBe(before);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const me = await c.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(res.body.id);
  });

  it('answers 401 Unauthorized when signed out', async () => {
    const res = await app.client().get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
  });

  it('refuses a wrong password with the spec text', async () => {
    const body = registration();
    await app.client().post('/api/auth/register', body);
    const res = await app.client().post('/api/auth/login', { email: body.email, password: 'wrong-password' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Invalid email or password');
    const unknown = await app.client().post('/api/auth/login', { email: uniqueEmail(), password: 'x' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe('Invalid email or password');
  });

  it('refuses an empty login with 400', async () => {
    const res = await app.client().post('/api/auth/login', { email: '', password: '' });
    expect(res.status).toBe(400);
  });

  it('after 5 failures per email and IP the next try must wait: 429 with Retry-After, even with the right password', async () => {
    const body = registration();
    await app.client().post('/api/auth/register', body);
    for (let i = 0; i <= LOGIN_FREE_FAILURES_PER_ACCOUNT_IP; i++) {
      const r = await app.client().post('/api/auth/login', { email: body.email, password: `wrong-${i}` });
      expect(r.status).toBe(401);
    }
    const blocked = await app
      .client()
      .post('/api/auth/login', { email: body.email, password: body.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('TOO_MANY_REQUESTS');
    expect(blocked.body.message).toMatch(/Too many failed sign-in attempts\. Try again in 1 second\./);
    expect(blocked.headers['retry-after']).toBe('1');
  });

  it('a success resets the failure count', async () => {
    const body = registration();
    await app.client().post('/api/auth/register', body);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < LOGIN_FREE_FAILURES_PER_ACCOUNT_IP; i++)
        expect(
          (await app.client().post('/api/auth/login', { email: body.email, password: 'nope' })).status,
        ).toBe(401);
      expect(
        (await app.client().post('/api/auth/login', { email: body.email, password: body.password })).status,
      ).toBe(200);
    }
  });

  it('logout ends the session (JSON call and browser redirect)', async () => {
    const c = app.client();
    await c.registerAndLogin();
    expect((await c.post('/api/auth/logout')).status).toBe(200);
    expect((await c.get('/api/auth/user')).status).toBe(401);

    const d = app.client();
    await d.registerAndLogin();
    const res = await d.get('/api/logout');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/');
    expect((await d.get('/api/auth/user')).status).toBe(401);
  });

  it('keeps a readable signed-in marker cookie in step with the session (the web app asks for the user only with it)', async () => {
    const markerOf = (res: { headers: Record<string, unknown> }) =>
      ([] as string[])
        .concat((res.headers['set-cookie'] as string[] | undefined) ?? [])
        .find((c) => c.startsWith(`${SIGNED_IN_COOKIE}=`));
    const c = app.client();
    const body = registration();
    await c.post('/api/auth/register', body);
    const login = await c.post('/api/auth/login', { email: body.email, password: body.password });
    const set = markerOf(login);
    expect(set).toMatch(new RegExp(`^${SIGNED_IN_COOKIE.replace('.', '\\.')}=1;`));
    expect(set).not.toMatch(/HttpOnly/i);
    // It rolls with the session on later requests.
    expect(markerOf(await c.get('/api/notifications'))).toMatch(/=1;/);
    // A browser that still holds the marker but no session (expired, or signed out elsewhere) has it cleared.
    const stale = await app.client().raw('get', '/api/auth/user').set('Cookie', `${SIGNED_IN_COOKIE}=1`);
    expect(stale.status).toBe(401);
    expect(markerOf(stale)).toMatch(/Expires=Thu, 01 Jan 1970/);
    // No marker, no session: nothing is set.
    expect(markerOf(await app.client().get('/api/auth/user'))).toBeUndefined();
    // The page load carries it too (a session from before the marker existed), then logout clears it.
    const page = await c.get('/freight');
    if (page.status === 200) expect(markerOf(page)).toMatch(/=1;/);
    expect(markerOf(await c.post('/api/auth/logout'))).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it('/api/login sends the browser to the sign-in modal', async () => {
    const res = await app.client().get('/api/login');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/?auth=signin');
  });

  it('/api/login carries a same-origin returnTo to the modal and drops any other (issue 23: no open redirect)', async () => {
    const kept = await app
      .client()
      .get(`/api/login?returnTo=${encodeURIComponent('/tracking/abc?tab=chat')}`);
    expect(kept.status).toBe(302);
    expect(kept.headers.location).toBe(
      `/?auth=signin&returnTo=${encodeURIComponent('/tracking/abc?tab=chat')}`,
    );
    for (const evil of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/api/logout',
    ]) {
      const res = await app.client().get(`/api/login?returnTo=${encodeURIComponent(evil)}`);
      expect(res.status, evil).toBe(302);
      expect(res.headers.location, evil).toBe('/?auth=signin');
    }
    // Repeated parameters (an array) are refused too.
    const twice = await app.client().get('/api/login?returnTo=/a&returnTo=/b');
    expect(twice.headers.location).toBe('/?auth=signin');
  });
});

describe("the signed-in user's actions (issue 26)", () => {
  it.each([
    [
      'shipper@test.local',
      [
        'manageIntegrations',
        'postLoad',
        'reviewBookingRequests',
        'answerOffers',
        'answerBrokerInvitations',
        'searchTrucks',
        'listInvoices',
      ],
    ],
    [
      'carrier@test.local',
      [
        'manageIntegrations',
        'bookLoads',
        'makeOffers',
        'shareTripLocation',
        'setAuthority',
        'listTruckPosts',
        'postTrucks',
        'listInvoices',
      ],
    ],
    [
      'broker@test.local',
      ['manageIntegrations', 'reviewBookingRequests', 'setAuthority', 'searchTrucks', 'listInvoices'],
    ],
    [
      'aircargo@test.local',
      ['manageIntegrations', 'postAirShipment', 'bookLoads', 'reviewBookingRequests', 'listInvoices'],
    ],
    ['customer@test.local', ['manageIntegrations', 'postSmallShipments']],
    ['driver@test.local', ['manageIntegrations', 'offerRoutes', 'submitBackgroundCheck']],
    ['admin@test.local', ['searchTrucks']],
  ])('%s may take exactly the actions its policies allow', async (email, actions) => {
    const c = app.client();
    await c.login(email);
    const me = (await c.get('/api/auth/user')).body as UserDto;
    expect(Object.keys(me.viewerActions).sort()).toEqual([...actions].sort());
  });

  it('a shipper posts freight only once verified; the sign-in answer carries the actions too', async () => {
    const c = app.client();
    const signedIn = await c.registerAndLogin({ userType: 'shipper' });
    expect(signedIn.viewerActions).toMatchObject({ reviewBookingRequests: true });
    const me = (await c.get('/api/auth/user')).body as UserDto;
    expect(me.isVerified).toBe(false);
    expect(me.viewerActions.postLoad).toBeUndefined();
  });
});

describe('account setup (call 5)', () => {
  it.each(['carrier', 'shipper', 'broker', 'air_cargo', 'individual_customer', 'individual_driver'])(
    'sets the type %s with company and phone',
    async (userType) => {
      const c = app.client();
      await c.registerAndLogin();
      const res = await c.post('/api/users/setup', { userType, companyName: 'New Co', phoneNumber: '' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ userType, companyName: 'New Co', phoneNumber: null });
      expect((await c.get('/api/auth/user')).body.userType).toBe(userType);
    },
  );

  it.each([
    [{ userType: 'shipper', companyName: '' }],
    [{ userType: '', companyName: 'Co' }],
    [{ companyName: 'Co' }],
  ])('refuses missing required fields with the spec text: %o', async (body) => {
    const c = app.client();
    const user = await c.registerAndLogin();
    const res = await c.post('/api/users/setup', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Please fill in all required fields');
    expect((await UserModel.findById(user.id).lean())?.userType).toBe('carrier');
  });

  it.each(['individual_customer', 'individual_driver'])(
    'an individual (%s) may set up without a company (issue 23)',
    async (userType) => {
      const c = app.client();
      await c.registerAndLogin({ companyName: 'Was A Company' });
      const res = await c.post('/api/users/setup', { userType, companyName: '', phoneNumber: '' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ userType, companyName: null });
    },
  );

  it('a driver is told to complete the background check, not to upload documents (issue 23)', async () => {
    const c = app.client();
    await c.registerAndLogin({ userType: 'carrier' });
    await c.post('/api/users/setup', { userType: 'individual_driver', companyName: '' });
    const notice = await eventually(async () => {
      const items = (await c.get('/api/notifications')).body.items as Array<{ body: string; link: string }>;
      return items.find((n) => n.link === '/background-check');
    });
    expect(notice.body).toMatch(/background check/);
    expect(notice.body).not.toMatch(/documents/);
  });

  it('never lets a user become admin', async () => {
    const c = app.client();
    const user = await c.registerAndLogin();
    const res = await c.post('/api/users/setup', { userType: 'admin', companyName: 'Evil' });
    expect(res.status).toBe(400);
    expect((await UserModel.findById(user.id).lean())?.userType).toBe('carrier');
  });

  it('needs a signed-in user', async () => {
    const res = await app.client().post('/api/users/setup', { userType: 'shipper', companyName: 'Co' });
    expect(res.status).toBe(401);
  });

  it('sends exactly one welcome notification through the queue', async () => {
    const c = app.client();
    const user = await c.registerAndLogin();
    await c.post('/api/users/setup', { userType: 'shipper', companyName: 'Ship Co' });
    const list = await eventually(async () => {
      const r = await c.get('/api/notifications');
      // The page's items, not its total: the two are read side by side, and a notice stored between them is
      // counted in the total of a page that does not list it yet.
      return r.body.items.length >= 1 ? r.body : null;
    });
    await new Promise((r) => setTimeout(r, 300));
    const again = (await c.get('/api/notifications')).body;
    expect(again.total).toBe(1);
    expect(list.items[0]).toMatchObject({ kind: 'welcome', userId: user.id, readAt: null });
    expect(list.unreadCount).toBe(1);
  });

  it('records the account once and each change of type, and a replay sends no notice twice (issue 26)', async () => {
    const c = app.client();
    const user = await c.registerAndLogin();
    // Carrier to shipper: the same next step (documents), no notice; shipper to driver: a new next step, a notice.
    expect((await c.post('/api/users/setup', { userType: 'shipper', companyName: 'Ship Co' })).status).toBe(
      200,
    );
    expect((await c.post('/api/users/setup', { userType: 'individual_driver' })).status).toBe(200);
    const facts = (name: string) =>
      DomainEventModel.countDocuments({ name, 'subjects.userId': user.id, state: 'recorded' });
    expect(await facts('account.created')).toBe(1);
    expect(await facts('account.typeChanged')).toBe(2);
    const notices = async () => (await c.get('/api/notifications')).body;
    const first = await eventually(async () => {
      const body = await notices();
      return body.items.length >= 2 ? body : null;
    });
    expect(first.items.map((n: { kind: string }) => n.kind).sort()).toEqual(['general', 'welcome']);

    await app.rt.projectors.drain();
    await rewindProjector('account-notices', 0);
    await app.rt.projectors.drain();
    const queue = getQueue(QUEUES.notifications);
    await eventually(async () => {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      return Object.values(counts).every((n) => n === 0);
    });
    expect((await notices()).total).toBe(2);
  });
});

describe('security', () => {
  it('refuses a state-changing request from another site with 403 and changes nothing', async () => {
    const c = app.client();
    const user = await c.registerAndLogin();
    const res = await c
      .raw('post', '/api/users/setup')
      .set('Origin', 'https://evil.example')
      .send({ userType: 'broker', companyName: 'Evil' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Cross-site request refused');
    expect((await UserModel.findById(user.id).lean())?.userType).toBe('carrier');
    const same = await c
      .raw('post', '/api/users/setup')
      .set('Origin', app.url)
      .send({ userType: 'broker', companyName: 'Fine' });
    expect(same.status).toBe(200);
  });

  it('sends security headers with a content security policy', async () => {
    const res = await app.client().get('/api/health');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await app.client().get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });
});

describe('test accounts and health', () => {
  it('seeds the seven test accounts; the verified ones hold an active Pro plan', async () => {
    const res = await app.client().get('/api/test-accounts');
    expect(res.status).toBe(200);
    expect(res.body.map((a: { email: string }) => a.email)).toEqual([
      'carrier@test.local',
      'shipper@test.local',
      'broker@test.local',
      'driver@test.local',
      'customer@test.local',
      'aircargo@test.local',
      'admin@test.local',
    ]);
    const c = app.client();
    const carrier = await c.login('carrier@test.local', 'Test1234!');
    expect(carrier).toMatchObject({
      userType: 'carrier',
      isVerified: true,
      subscriptionStatus: 'active',
      subscriptionPlan: 'carrier_pro',
    });
    const admin = await app.client().login('admin@test.local', 'Test1234!');
    expect(admin.userType).toBe('admin');
  });

  it('reports MongoDB, Redis and the queues', async () => {
    const res = await app.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', mongodb: 'up', redis: 'up' });
    expect(res.body.queues).toBe('up');
  });

  it('exposes the client configuration', async () => {
    const res = await app.client().get('/api/config');
    expect(res.body).toEqual({ testAccountsEnabled: true, mapTileUrl: '' });
  });
});

describe('web app', () => {
  it('serves the single-page app at / and at client routes, with the CSP header', async () => {
    for (const p of ['/', '/freight', '/tracking/123', '/some/unknown/page']) {
      const res = await app.client().get(p);
      // 200 with the built app; 503 with a clear text when web/dist has not been built
      expect([200, 503]).toContain(res.status);
      // The public pages come prerendered (issue 24): their root carries its page's markup and attributes.
      if (res.status === 200) expect(res.text).toMatch(/<div id="root"[ >]/);
    }
  });
});
