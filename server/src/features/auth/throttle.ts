import { LOGIN_FAILURE_WINDOW_SECONDS, LOGIN_MAX_FAILURES } from '@freight/shared';
import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { AppError } from '../../http/errors';

/** Counts failed sign-ins per email and IP; the 11th attempt inside the window gets 429. */
export class LoginThrottle {
  private limiter: RateLimiterRedis;
  constructor(redis: Redis, prefix: string) {
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${prefix}login-fail`,
      points: LOGIN_MAX_FAILURES,
      duration: LOGIN_FAILURE_WINDOW_SECONDS,
    });
  }

  private key(email: string, ip: string) {
    return `${email.toLowerCase()}|${ip}`;
  }

  async assertAllowed(email: string, ip: string): Promise<void> {
    const state = await this.limiter.get(this.key(email, ip));
    if (state && state.consumedPoints >= LOGIN_MAX_FAILURES) {
      const minutes = Math.ceil(state.msBeforeNext / 60_000);
      throw new AppError(
        'TOO_MANY_REQUESTS',
        `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await this.limiter.penalty(this.key(email, ip), 1);
  }

  async reset(email: string, ip: string): Promise<void> {
    await this.limiter.delete(this.key(email, ip));
  }
}
