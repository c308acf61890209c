import type { ApiScope } from '@freight/shared';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError, forbidden, unauthorized } from '../../http/errors';
import { consumeApiKeyRequest } from '../../infra/rateLimit';
import type { Runtime } from '../../runtimeTypes';
import type { ApiKey } from '../apiKeys/model';
import { companyIdOf, findLiveKey, touchApiKey } from '../apiKeys/service';
import { UserModel } from '../users/model';

declare module 'express-serve-static-core' {
  interface Locals {
    /** The API key of a /api/v1 request (set by bearerAuth). */
    apiKey?: ApiKey;
  }
}

function setRateLimitHeaders(
  res: Response,
  f: { limit: number; window: number; remaining: number; resetSeconds: number },
) {
  // draft-ietf-httpapi-ratelimit-headers: the policy (quota q per window w seconds) and what is left of it (r, t).
  res.setHeader('RateLimit-Policy', `"per-key";q=${f.limit};w=${f.window}`);
  res.setHeader('RateLimit', `"per-key";r=${f.remaining};t=${f.resetSeconds}`);
}

/**
 * `Authorization: Bearer fmk_…`: finds the live key, counts the request against the key's limit, and makes the
 * request act as the key's creator as a member of the key's company (`req.user`), so every service and policy
 * applies as for that member. A creator who left the company, or whose account is gone, leaves the key dead.
 */
export function bearerAuth(rt: Runtime): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      return next(unauthorized('Send your API key as Authorization: Bearer <key>'));
    }
    const key = await findLiveKey(match[1]!);
    if (!key) {
      res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
      return next(unauthorized('This API key is not valid (unknown or revoked)'));
    }
    try {
      setRateLimitHeaders(res, await consumeApiKeyRequest(String(key._id)));
    } catch (err) {
      const figures = (err as { rateLimit?: Parameters<typeof setRateLimitHeaders>[1] }).rateLimit;
      if (err instanceof AppError && figures) setRateLimitHeaders(res, figures);
      return next(err);
    }
    const user = await UserModel.findById(key.createdBy);
    if (!user || user.userType === 'admin' || companyIdOf(user) !== String(key.companyId)) {
      return next(unauthorized('This API key is no longer valid: its creator left the company'));
    }
    req.user = user;
    res.locals.apiKey = key;
    void touchApiKey(rt.redis, rt.redisPrefix, String(key._id)).catch((e: unknown) =>
      rt.log.debug(`api key last-used: ${(e as Error).message}`),
    );
    next();
  };
}

/** 403 unless the request's key holds `scope`. */
export function requireScope(scope: ApiScope): RequestHandler {
  return (_req, res, next) => {
    const key = res.locals.apiKey;
    if (!key) return next(unauthorized());
    if (!(key.scopes as string[]).includes(scope)) {
      return next(forbidden(`This API key lacks the ${scope} scope`));
    }
    next();
  };
}
