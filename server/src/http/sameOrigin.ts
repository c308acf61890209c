import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The first value of a header that proxies may send as a list. */
function firstOf(value: string | string[] | undefined): string | undefined {
  return (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;
}

/**
 * The host the request names. X-Forwarded-Host counts only behind a trusted proxy (TRUST_PROXY): anyone can send
 * it, so without a proxy that sets it, trusting it would let a page on another site name its own host there.
 */
function forwardedHost(req: IncomingMessage, trustProxy: boolean): string | undefined {
  return trustProxy ? firstOf(req.headers['x-forwarded-host']) : undefined;
}

/**
 * The scheme the client used: https on a TLS connection; behind a trusted proxy (TRUST_PROXY), the proxy's
 * X-Forwarded-Proto; else http.
 */
function schemeOf(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? firstOf(req.headers['x-forwarded-proto'])?.toLowerCase() : undefined;
  if (forwarded === 'http' || forwarded === 'https') return forwarded;
  return (req.socket as { encrypted?: boolean } | undefined)?.encrypted ? 'https' : 'http';
}

/** `scheme://host` as a browser serializes it (lower case, default port left out), or null for a bad host. */
function serializedOrigin(scheme: string, host: string | undefined): string | null {
  if (!host) return null;
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return null;
  }
}

/**
 * True when the request carries no Origin (same-site navigation, curl) or ours, compared whole (issue 51): the
 * scheme, host and port of the request (its Host, or X-Forwarded-Host behind a trusted proxy) or of PUBLIC_URL,
 * exactly as a browser sends it: `HTTP://host/`, a path, or another scheme on our host is not our origin.
 */
export function isSameOrigin(req: IncomingMessage, publicUrl?: string, trustProxy = false): boolean {
  const origin = req.headers.origin;
  if (!origin || origin === 'null') return !origin;
  const scheme = schemeOf(req, trustProxy);
  const allowed = new Set(
    [
      serializedOrigin(scheme, req.headers.host),
      serializedOrigin(scheme, forwardedHost(req, trustProxy)),
      publicUrl ? new URL(publicUrl).origin : null,
    ].filter((o): o is string => o !== null && o !== 'null'),
  );
  return allowed.has(origin);
}

/** State-changing requests sent from another site's page are refused (cross-site request forgery). */
export function sameOriginGuard(publicUrl?: string, trustProxy = false): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || isSameOrigin(req, publicUrl, trustProxy)) return next();
    next(forbidden('Cross-site request refused'));
  };
}
