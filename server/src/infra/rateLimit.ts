import { RATE_LIMITS, WRITE_LIMITS, type RateLimitName, type WriteLimitName } from '@freight/shared';
import type { RequestHandler } from 'express';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests, unauthorized } from '../http/errors';
import { addRefund } from '../http/limitRefunds';
import { fromInfrastructure, rateLimitsEnabled } from './services';

/**
 * Per-user limits on what one account can do in a while (shared RATE_LIMITS): a fixed window per user and kind,
 * counted in Redis so that every process shares it. Over the limit: a 429 AppError with Retry-After, which the
 * socket handlers answer as a TOO_MANY_REQUESTS ack. Redis being down is an outage (503), not a pass.
 */
type LimitName = RateLimitName | WriteLimitName;
const ALL_LIMITS: Record<LimitName, { points: number; seconds: number; what: string }> = {
  ...RATE_LIMITS,
  ...WRITE_LIMITS,
};
/**
 * The limiters, under the runtime's Redis key prefix. RATE_LIMITS_ENABLED=false (load tests and benchmarks only) lets
 * everything through.
 */
const limiters = fromInfrastructure(
  ({ redis, redisPrefix }) =>
    new Map(
      (Object.keys(ALL_LIMITS) as LimitName[]).map((name) => [
        name,
        new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `${redisPrefix}rate:${name}`,
          points: ALL_LIMITS[name].points,
          duration: ALL_LIMITS[name].seconds,
        }),
      ]),
    ),
);

function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Counts one action of `userId`; throws 429 when it is one too many. Resolves with a refund that gives the point back
 * (a request its schema then refused did nothing, and must cost nothing).
 */
export async function consumeRateLimit(name: LimitName, userId: string): Promise<() => Promise<void>> {
  if (!rateLimitsEnabled()) return async () => undefined;
  const limiter = limiters().get(name);
  if (!limiter) throw new Error('rate limits are not initialised');
  try {
    await limiter.consume(userId);
  } catch (res) {
    if (!(res instanceof RateLimiterRes)) throw res; // Redis failed: an outage, answered 503
    // The refused try is not counted either.
    await limiter.reward(userId, 1).catch(() => undefined);
    const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    const { points, seconds: window, what } = ALL_LIMITS[name];
    throw tooManyRequests(
      `Too many ${what}: at most ${points} every ${describeWait(window)}. Try again in ${describeWait(seconds)}.`,
      seconds,
    );
  }
  return async () => {
    await limiter.reward(userId, 1);
  };
}

/** Whether rate limits and socket caps apply. */
export { rateLimitsEnabled };

/** The same limit as an Express step (before a body is read), for the signed-in user. */
export function rateLimited(name: LimitName): RequestHandler {
  return async (req, res, next) => {
    if (!req.user) return next(unauthorized());
    addRefund(res, await consumeRateLimit(name, String(req.user._id)));
    next();
  };
}

/** The public API's per-key limit (issue 30): so many requests per key per minute, shared by every process. */
const apiKeyLimiter = fromInfrastructure(({ redis, redisPrefix, apiKeyRequestsPerMinute }) => ({
  limiter: new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${redisPrefix}rate:apiKey`,
    points: apiKeyRequestsPerMinute,
    duration: 60,
  }),
  points: apiKeyRequestsPerMinute,
  seconds: 60,
}));

/**
 * Counts one request of an API key. Answers the figures for the RateLimit and RateLimit-Policy headers; over the
 * limit, throws a 429 whose error carries them too (the headers go on the refusal as well).
 */
export async function consumeApiKeyRequest(
  keyId: string,
): Promise<{ limit: number; window: number; remaining: number; resetSeconds: number }> {
  const { limiter, points, seconds } = apiKeyLimiter();
  const figures = (res: RateLimiterRes) => ({
    limit: points,
    window: seconds,
    remaining: Math.max(0, res.remainingPoints),
    resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  });
  if (!rateLimitsEnabled())
    return { limit: points, window: seconds, remaining: points, resetSeconds: seconds };
  try {
    return figures(await limiter.consume(keyId));
  } catch (res) {
    if (!(res instanceof RateLimiterRes)) throw res;
    const f = figures(res);
    const err = tooManyRequests(
      `Too many requests with this API key: at most ${points} a minute. Try again in ${describeWait(f.resetSeconds)}.`,
      f.resetSeconds,
    );
    Object.assign(err, { rateLimit: f });
    throw err;
  }
}
