import {
  TEST_ACCOUNT_PASSWORD,
  authorityNumbersSchema,
  invitationTokenParam,
  joinInvitationSchema,
  loginSchema,
  registerSchema,
  safeReturnTo,
  twoFactorCodeSchema,
  type PublicConfigDto,
  type TwoFactorChallengeDto,
  type TestAccountDto,
} from '@freight/shared';
import { Router, type Request } from 'express';
import { currentActor, currentUser, requireUser } from '../../http/auth';
import { badRequest, notFound, unauthorized } from '../../http/errors';
import { clearSignedInMarker } from '../../http/signedInMarker';
import { validate } from '../../http/validate';
import { disconnectSessionSockets } from '../../realtime/sessions';
import type { Runtime } from '../../runtimeTypes';
import { toUserDto, UserModel } from '../users/model';
import { companySummaryOf } from '../companies/service';
import { joinWithNewAccount } from '../companies/invitations.service';
import { checkSecondFactor } from '../account/twoFactor';
import { forgetSession } from '../account/sessions';
import { completeSignIn, regenerate, save } from './signIn';
import {
  accountSetupSchema,
  authenticate,
  register,
  setAuthorityNumbersAndReverify,
  setupAccount,
} from './service';
import { isKnownDevice, rememberDevice } from './knownDevice';
import { TEST_ACCOUNTS } from '../users/testAccounts';
import { LoginThrottle, RegisterThrottle } from './throttle';

/** Ends the session, and with it its sockets on every web process (issue #12). */
async function destroy(req: Request): Promise<void> {
  const sessionId = req.sessionID;
  const userId = req.session?.userId;
  if (userId && sessionId) await forgetSession(userId, sessionId).catch(() => undefined);
  await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
  disconnectSessionSockets(sessionId);
}

const TWO_FACTOR_WINDOW_MS = 5 * 60_000;

export function createAuthRouter(rt: Runtime): Router {
  const router = Router();
  const throttle = new LoginThrottle(rt.redis, rt.redisPrefix);
  const secret = rt.secrets.sessionSecret;
  const registerThrottle = new RegisterThrottle(rt.redis, rt.redisPrefix, rt.config.REGISTER_LIMIT_PER_HOUR);

  router.get('/config', (_req, res) => {
    const config: PublicConfigDto = {
      testAccountsEnabled: rt.config.ENABLE_TEST_ACCOUNTS,
      mapTileUrl: rt.config.MAP_TILE_URL,
    };
    res.json(config);
  });

  const registration = validate({ body: registerSchema });
  router.post('/auth/register', registration, async (req, res) => {
    res.status(201).json(await register(registerThrottle, registration.input(res).body, req.ip ?? 'unknown'));
  });

  // Joining without an account: the person is signed in as the new member (the link is the credential).
  const joinV = validate({ params: invitationTokenParam, body: joinInvitationSchema });
  router.post('/company/invitations/:token/join', joinV, async (req, res) => {
    const { params, body } = joinV.input(res);
    const user = await joinWithNewAccount(registerThrottle, params.token, body, {
      ip: req.ip ?? 'unknown',
      signedInAs: req.user ? currentUser(req).email : null,
    });
    await regenerate(req);
    await completeSignIn(req, user);
    res.status(201).json(toUserDto(user));
  });

  const login = validate({ body: loginSchema });
  router.post('/auth/login', login, async (req, res) => {
    const { email, password } = login.input(res).body;
    const known = isKnownDevice(req, email, secret);
    const user = await authenticate(throttle, email, password, req.ip ?? 'unknown', known);
    await regenerate(req); // a new session id at sign-in: no session fixation
    if (user.totpEnabled) {
      // Issue 27: the password was right; the session is signed in only once the second factor is too.
      req.session.twoFactorUserId = user.id;
      req.session.twoFactorAt = Date.now();
      await save(req);
      const challenge: TwoFactorChallengeDto = { twoFactorRequired: true };
      res.json(challenge);
      return;
    }
    await completeSignIn(req, user);
    if (!known) rememberDevice(req, res, email, secret);
    res.json(toUserDto(user));
  });

  /** The second step of a sign-in with two-factor sign-in on: a code from the app, or a recovery code. */
  const secondFactor = validate({ body: twoFactorCodeSchema });
  router.post('/auth/login/2fa', secondFactor, async (req, res) => {
    const userId = req.session.twoFactorUserId;
    const startedAt = req.session.twoFactorAt ?? 0;
    if (!userId || Date.now() - startedAt > TWO_FACTOR_WINDOW_MS)
      throw unauthorized('Sign in with your password first (the sign-in waits 5 minutes for the code)');
    const user = await UserModel.findById(userId);
    if (!user) throw unauthorized();
    const ip = req.ip ?? 'unknown';
    await throttle.assertAllowed(user.email, ip);
    if (!(await checkSecondFactor(user.id, secondFactor.input(res).body.code))) {
      await throttle.recordFailure(user.email, ip);
      throw badRequest(
        'That code is not right: enter the code your authenticator app shows now, or a recovery code',
      );
    }
    await throttle.reset(user.email, ip);
    await regenerate(req);
    await completeSignIn(req, user);
    if (!isKnownDevice(req, user.email, secret)) rememberDevice(req, res, user.email, secret);
    res.json(toUserDto(user));
  });

  router.get('/auth/user', requireUser, async (req, res) => {
    const user = currentUser(req);
    // The business fields are the company's, read from the member's copy; the company itself by id.
    res.json({ ...toUserDto(user), company: await companySummaryOf(user) });
  });

  router.post('/auth/logout', async (req, res) => {
    await destroy(req);
    res.clearCookie('fm.sid');
    clearSignedInMarker(res);
    res.json({ ok: true });
  });

  // Browser redirects (SPEC §7). With no OpenID Connect provider configured, sign-in is the app's own modal.
  // `returnTo` (issue 23): where the visitor was when the session was lost, carried to the sign-in modal when it is a
  // path on this site; anything else is dropped (never an open redirect).
  router.get('/login', (req, res) => {
    const returnTo = safeReturnTo(req.query.returnTo);
    res.redirect(returnTo ? `/?auth=signin&returnTo=${encodeURIComponent(returnTo)}` : '/?auth=signin');
  });
  // Logging out is a POST. The spec's GET /api/logout stays for same-site links; a link on another site (a top-level
  // cross-site GET carries the Lax cookie) only lands on the home page, signed in as before (issue 25).
  router.get('/logout', async (req, res) => {
    const site = req.get('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') return res.redirect('/');
    await destroy(req);
    res.clearCookie('fm.sid');
    clearSignedInMarker(res);
    res.redirect('/');
  });

  const setup = validate({ body: accountSetupSchema });
  router.post('/users/setup', requireUser, setup, async (req, res) => {
    res.json(await setupAccount(currentActor(req), setup.input(res).body));
  });

  const authority = validate({ body: authorityNumbersSchema });
  router.put('/users/me/authority', requireUser, authority, async (req, res) => {
    res.json(await setAuthorityNumbersAndReverify(currentActor(req), authority.input(res).body));
  });

  router.get('/test-accounts', (_req, res) => {
    if (!rt.config.ENABLE_TEST_ACCOUNTS) throw notFound();
    res.json(
      TEST_ACCOUNTS.map((a): TestAccountDto => ({
        role: a.role,
        label: a.label,
        email: a.email,
        password: TEST_ACCOUNT_PASSWORD,
      })),
    );
  });

  return router;
}
