import { RATE_LIMITS, type RateLimitName } from '@freight/shared';
import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests, unauthorized } from '../http/errors';

/**
 * Per-user limits on what one account can do in a while (shared RATE_LIMITS): a fixed window per user and kind,
 * counted in Redis so that every process shares it. Over the limit: a 429 AppError with Retry-After, which the
 * socket handlers answer as a TOO_MANY_REQUESTS ack. Redis being down is an outage (503), not a pass.
 */
let limiters: Map<RateLimitName, RateLimiterRedis> | null = null;
let enabled = true;

/**
 * Set up at boot by createRuntime, under the runtime's Redis key prefix. `on: false` (RATE_LIMITS_ENABLED=false, for
 * load tests and benchmarks only) lets everything through.
 */
export function initRateLimits(redis: Redis, prefix: string, on = true): void {
  enabled = on;
  limiters = new Map(
    (Object.keys(RATE_LIMITS) as RateLimitName[]).map((name) => [
      name,
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${prefix}rate:${name}`,
        points: RATE_LIMITS[name].points,
        duration: RATE_LIMITS[name].seconds,
      }),
    ]),
  );
}

function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Counts one action of `userId`; throws 429 when it is one too many. */
export async function consumeRateLimit(name: RateLimitName, userId: string): Promise<void> {
  if (!enabled) return;
  const limiter = limiters?.get(name);
  if (!limiter) throw new Error('rate limits are not initialised');
  try {
    await limiter.consume(userId);
  } catch (res) {
    if (!(res instanceof RateLimiterRes)) throw res; // Redis failed: an outage, answered 503
    const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    const { points, seconds: window, what } = RATE_LIMITS[name];
    throw tooManyRequests(
      `Too many ${what}: at most ${points} every ${describeWait(window)}. Try again in ${describeWait(seconds)}.`,
      seconds,
    );
  }
}

/** Whether rate limits and socket caps apply (see initRateLimits). */
export const rateLimitsEnabled = () => enabled;

/** The same limit as an Express step (before a body is read), for the signed-in user. */
export function rateLimited(name: RateLimitName): RequestHandler {
  return async (req, _res, next) => {
    if (!req.user) return next(unauthorized());
    await consumeRateLimit(name, String(req.user._id));
    next();
  };
}
