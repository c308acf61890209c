import type { NextFunction, Request, Response } from 'express';
import { SESSION_MAX_AGE_MS, SIGNED_IN_COOKIE } from '@freight/shared';

/**
 * A cookie the page can read that says "this browser has a session" (the session cookie itself is httpOnly). The web
 * app asks GET /api/auth/user only when it is there, so a signed-out visitor's pages make no request that answers 401
 * (SPEC §7: a 401 there means signed out, and Chromium would log it as an error on every public page). It carries
 * nothing secret and grants nothing: the session cookie alone signs a request in.
 */
export function setSignedInMarker(req: Request, res: Response): void {
  res.cookie(SIGNED_IN_COOKIE, '1', {
    httpOnly: false,
    sameSite: 'lax',
    secure: req.secure,
    maxAge: SESSION_MAX_AGE_MS,
  });
}

export function clearSignedInMarker(res: Response): void {
  // One Set-Cookie per name (RFC 6265 §3): drop the refresh this request's start may have added.
  const set = res.getHeader('Set-Cookie');
  if (Array.isArray(set)) {
    res.setHeader(
      'Set-Cookie',
      set.filter((c) => !c.startsWith(`${SIGNED_IN_COOKIE}=`)),
    );
  }
  res.clearCookie(SIGNED_IN_COOKIE);
}

const hasMarker = (req: Request) =>
  (req.headers.cookie ?? '').split(/;\s*/).includes(`${SIGNED_IN_COOKIE}=1`);

/** Keeps the marker in step with the session on every request that loaded it (it rolls with the session). */
export function syncSignedInMarker(req: Request, res: Response, next: NextFunction): void {
  if (req.user) setSignedInMarker(req, res);
  else if (hasMarker(req)) clearSignedInMarker(res);
  next();
}
