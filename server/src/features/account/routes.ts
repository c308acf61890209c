import {
  ADMIN_TWO_FACTOR_TEXT,
  FORGOT_PASSWORD_ANSWER,
  TWO_FACTOR_REQUIRED_CODE,
  disableTwoFactorSchema,
  twoFactorCodeSchema,
  type SessionDto,
  RESEND_VERIFICATION_ANSWER,
  forgotPasswordSchema,
  resetPasswordSchema,
  resetTokenSchema,
} from '@freight/shared';
import { Router, type RequestHandler, type Response } from 'express';
import { currentUser, requireUser } from '../../http/auth';
import { AppError, badRequest, notFound } from '../../http/errors';
import { isTestAccountEmail } from '../users/testAccounts';
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup } from './twoFactor';
import { validate } from '../../http/validate';
import type { Runtime } from '../../runtimeTypes';
import {
  checkResetToken,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  TokenError,
  verifyEmail,
} from './service';
import { describeDevice, endSession, listSessions, sessionHandle, touchSession } from './sessions';

const TOUCH_EVERY_MS = 60_000;

/** The API of issue 27's password reset and email verification, under /api. */
export function createAccountRouter(rt: Runtime): Router {
  const router = Router();

  // Last seen of the signed-in session, for the sessions list (at most once a minute per session).
  router.use((req, _res, next) => {
    const userId = req.session?.userId;
    const last = req.session?.lastSeenAt ?? 0;
    if (!userId || !req.user || Date.now() - last < TOUCH_EVERY_MS) return next();
    req.session.lastSeenAt = Date.now();
    touchSession(userId, req.sessionID).then(
      () => next(),
      (err: unknown) => {
        rt.log.debug(`session touch failed: ${(err as Error).message}`);
        next();
      },
    );
  });

  const forgot = validate({ body: forgotPasswordSchema });
  router.post('/auth/forgot-password', forgot, async (req, res) => {
    await requestPasswordReset(forgot.input(res).body.email, req.ip ?? 'unknown');
    res.status(202).json({ message: FORGOT_PASSWORD_ANSWER });
  });

  const check = validate({ body: resetTokenSchema });
  router.post('/auth/reset-password/check', check, async (_req, res) => {
    await checkResetToken(check.input(res).body.token);
    res.json({ ok: true });
  });

  const reset = validate({ body: resetPasswordSchema });
  router.post('/auth/reset-password', reset, async (_req, res) => {
    const { token, password } = reset.input(res).body;
    await resetPassword(token, password);
    res.json({ message: 'Your password is changed. Sign in with the new password.' });
  });

  router.post('/auth/verify-email/resend', requireUser, async (req, res) => {
    await resendVerification(currentUser(req), req.ip ?? 'unknown');
    res.status(202).json({ message: RESEND_VERIFICATION_ANSWER });
  });

  // Two-factor sign-in (issue 27 item 6).
  router.post('/auth/2fa/setup', requireUser, async (req, res) => {
    res.json(await startTwoFactorSetup(currentUser(req)));
  });
  const enable = validate({ body: twoFactorCodeSchema });
  router.post('/auth/2fa/enable', requireUser, enable, async (req, res) => {
    res.json(await enableTwoFactor(currentUser(req), enable.input(res).body.code));
  });
  const disable = validate({ body: disableTwoFactorSchema });
  router.post('/auth/2fa/disable', requireUser, disable, async (req, res) => {
    const { password, code } = disable.input(res).body;
    await disableTwoFactor(currentUser(req), password, code);
    res.json({ ok: true });
  });

  // An admin must have two-factor sign-in on to use the admin area (the seeded test admin, whose password is public
  // anyway, is let through while test accounts are on, so the test suites keep working).
  router.use('/admin', (req, _res, next) => {
    const user = req.user;
    if (
      user?.userType === 'admin' &&
      !user.totpEnabled &&
      !(rt.config.ENABLE_TEST_ACCOUNTS && isTestAccountEmail(user.email))
    )
      return next(new AppError(TWO_FACTOR_REQUIRED_CODE, ADMIN_TWO_FACTOR_TEXT));
    next();
  });

  // Sessions (issue 27 item 7): the user's signed-in devices; ending one ends its sockets.
  router.get('/auth/sessions', requireUser, async (req, res) => {
    const sessions = await listSessions(currentUser(req).id);
    res.json({
      items: sessions.map((s): SessionDto => ({
        id: sessionHandle(s.sid),
        device: describeDevice(s.userAgent),
        ip: s.ip,
        createdAt: s.createdAt,
        lastSeenAt: s.lastSeenAt,
        current: s.sid === req.sessionID,
      })),
    });
  });

  router.delete('/auth/sessions/:id', requireUser, async (req, res) => {
    const userId = currentUser(req).id;
    const target = (await listSessions(userId)).find((s) => sessionHandle(s.sid) === req.params.id);
    if (!target) throw notFound('Session not found');
    if (target.sid === req.sessionID) throw badRequest('This is the session you are using: sign out instead');
    await endSession(userId, target.sid);
    res.json({ ok: true });
  });

  return router;
}

/** A plain page for a link that does not work: 400, what went wrong, and where to go. */
function linkProblemPage(
  res: Response,
  title: string,
  message: string,
  next: { href: string; label: string },
) {
  const esc = (s: string) =>
    s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  res
    .status(400)
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
        `<title>${esc(title)} · FreightConnect</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1a202c">` +
        `<h1 style="font-size:1.5rem">${esc(title)}</h1><p>${esc(message)}</p>` +
        `<p><a href="${esc(next.href)}">${esc(next.label)}</a></p></body></html>`,
    );
}

/**
 * The pages behind the links in emails, before the web app's catch-all: /verify-email does its work on the server
 * and sends the browser on; /reset-password answers 400 for a link that does not work, else the web app's form.
 */
export function accountPages(): Array<[string, RequestHandler]> {
  return [
    [
      '/verify-email',
      async (req, res) => {
        const token = typeof req.query.token === 'string' ? req.query.token : '';
        try {
          if (!token) throw new TokenError('wrong');
          await verifyEmail(token);
          res.redirect(303, '/?emailVerified=1');
        } catch (err) {
          if (!(err instanceof TokenError)) throw err;
          linkProblemPage(res, 'Email not verified', err.message, {
            href: '/',
            label: 'Go to FreightConnect (sign in to send a new link)',
          });
        }
      },
    ],
    [
      '/reset-password',
      async (req, res, next) => {
        const token = typeof req.query.token === 'string' ? req.query.token : '';
        try {
          if (!token) throw new TokenError('wrong');
          await checkResetToken(token);
          next();
        } catch (err) {
          if (!(err instanceof TokenError)) throw err;
          linkProblemPage(res, 'Password not reset', err.message, {
            href: '/?auth=forgot',
            label: 'Ask for a new link',
          });
        }
      },
    ],
  ];
}
