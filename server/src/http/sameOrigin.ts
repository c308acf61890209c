import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The host the request names. X-Forwarded-Host counts only behind a trusted proxy (TRUST_PROXY): anyone can send
 * it, so without a proxy that sets it, trusting it would let a page on another site name its own host there.
 */
function forwardedHost(req: IncomingMessage, trustProxy: boolean): string | undefined {
  if (!trustProxy) return undefined;
  const value = req.headers['x-forwarded-host'];
  const first = (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();
  return first || undefined;
}

/** True when the request carries no Origin (same-site navigation, curl) or one whose host is ours. */
export function isSameOrigin(req: IncomingMessage, publicUrl?: string, trustProxy = false): boolean {
  const origin = req.headers.origin;
  if (!origin || origin === 'null') return !origin;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  const allowed = new Set([req.headers.host, forwardedHost(req, trustProxy)].filter(Boolean) as string[]);
  if (publicUrl) allowed.add(new URL(publicUrl).host);
  return allowed.has(originHost);
}

/** State-changing requests sent from another site's page are refused (cross-site request forgery). */
export function sameOriginGuard(publicUrl?: string, trustProxy = false): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || isSameOrigin(req, publicUrl, trustProxy)) return next();
    next(forbidden('Cross-site request refused'));
  };
}
