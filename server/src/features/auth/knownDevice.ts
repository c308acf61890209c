import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';

/**
 * A browser that has signed in to an account before (issue 25): an httpOnly cookie per account, `<device>.<mac>`,
 * the MAC binding a random device id to the account's email under the session secret. A correct password from such a
 * device is never refused because of other people's failures (the per-address and per-account waits); its own
 * failures still count. It grants nothing without the password.
 */
const COOKIE_PREFIX = 'fm.device.';
const MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

const cookieName = (email: string, secret: string) =>
  COOKIE_PREFIX +
  createHmac('sha256', secret).update(`name|${email.toLowerCase()}`).digest('hex').slice(0, 16);
const macOf = (device: string, email: string, secret: string) =>
  createHmac('sha256', secret).update(`device|${device}|${email.toLowerCase()}`).digest('base64url');

function readCookie(req: Request, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(/;\s*/)) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq) === name) return decodeURIComponent(part.slice(eq + 1));
  }
  return null;
}

/** Whether this request comes from a browser that signed in to `email` before. */
export function isKnownDevice(req: Request, email: string, secret: string): boolean {
  const value = readCookie(req, cookieName(email, secret));
  const [device, mac] = value?.split('.') ?? [];
  if (!device || !mac) return false;
  const expected = Buffer.from(macOf(device, email, secret));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** After a successful sign-in: remember this browser for the account. */
export function rememberDevice(req: Request, res: Response, email: string, secret: string): void {
  const device = randomBytes(12).toString('base64url');
  res.cookie(cookieName(email, secret), `${device}.${macOf(device, email, secret)}`, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secure,
    maxAge: MAX_AGE_MS,
    path: '/api/auth',
  });
}
