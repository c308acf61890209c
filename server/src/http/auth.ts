import { SESSION_ABSOLUTE_MAX_MS } from '@freight/shared';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Types } from 'mongoose';
import { isTestAccountEmail } from '../features/users/testAccounts';
import { UserModel, type UserDoc } from '../features/users/model';
import { ensureOwnCompany } from '../features/companies/service';
import { toActor, type Actor } from '../policies';
import { unauthorized } from './errors';

declare module 'express-session' {
  interface SessionData {
    userId?: string;
    /**
     * When this session signed in (ms since the epoch): it ends SESSION_ABSOLUTE_MAX_MS later however used (issue 25),
     * and sessions from before the user's `sessionsValidAfter` are ended (issue 27).
     */
    signedInAt?: number;
    /** When the sessions list last recorded this session as seen (ms). */
    lastSeenAt?: number;
    /** Two-factor sign-in: whose password was right, and when; not signed in until the code is. */
    twoFactorUserId?: string;
    twoFactorAt?: number;
  }
}

declare module 'express-serve-static-core' {
  interface Request {
    user?: UserDoc;
  }
}

/**
 * Loads the signed-in user (fresh from the database, so a changed type or verification applies at once). While the
 * test accounts are switched off, a session of one (from a run with them on) is signed out.
 */
export function loadUser(opts: { testAccountsEnabled: boolean }): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    const id = req.session?.userId;
    // An absolute end (issue 25): a session rolls with use for at most SESSION_ABSOLUTE_MAX_MS after sign-in. A session
    // from before this rule starts counting now.
    if (id && req.session) {
      req.session.signedInAt ??= Date.now();
      if (Date.now() - req.session.signedInAt > SESSION_ABSOLUTE_MAX_MS) {
        delete req.session.userId;
        return next();
      }
    }
    if (id && Types.ObjectId.isValid(id)) {
      let user = await UserModel.findById(id);
      // Everyone acts for a company (issue 28): an account without one (a registration cut off by a crash after the
      // one-time migration ran) gets its one-person company on its next request.
      if (user && !user.companyId && (await ensureOwnCompany(user._id))) user = await UserModel.findById(id);
      if (
        user &&
        (opts.testAccountsEnabled || !isTestAccountEmail(user.email)) &&
        !sessionRevoked(user, req.session.signedInAt)
      )
        req.user = user;
      else delete req.session.userId;
    }
    next();
  };
}

/**
 * Whether a password reset (issue 27) ended this session: it signed in before the user's `sessionsValidAfter`
 * (sessions from before sign-in times were recorded count as signed in at 0).
 */
export function sessionRevoked(
  user: { sessionsValidAfter?: Date | null },
  signedInAt: number | undefined,
): boolean {
  return Boolean(user.sessionsValidAfter && (signedInAt ?? 0) < user.sessionsValidAfter.getTime());
}

export function requireUser(req: Request, _res: Response, next: NextFunction): void {
  if (!req.user) return next(unauthorized());
  next();
}

/** The signed-in user of a request that passed requireUser. */
export function currentUser(req: Request): UserDoc {
  if (!req.user) throw unauthorized();
  return req.user;
}

export function currentActor(req: Request): Actor {
  return toActor(currentUser(req));
}
