import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when the request carries no Origin (same-site navigation, curl) or one whose host is ours. */
export function isSameOrigin(req: IncomingMessage, publicUrl?: string): boolean {
  const origin = req.headers.origin;
  if (!origin || origin === 'null') return !origin;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  const allowed = new Set([req.headers.host, req.headers['x-forwarded-host']].filter(Boolean) as string[]);
  if (publicUrl) allowed.add(new URL(publicUrl).host);
  return allowed.has(originHost);
}

/** State-changing requests sent from another site's page are refused (cross-site request forgery). */
export function sameOriginGuard(publicUrl?: string): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || isSameOrigin(req, publicUrl)) return next();
    next(forbidden('Cross-site request refused'));
  };
}
