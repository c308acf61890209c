import {
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_FREE_FAILURES_PER_ACCOUNT_IP,
  LOGIN_FREE_FAILURES_PER_IP,
  LOGIN_MAX_DELAY_SECONDS,
} from '@freight/shared';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '../../http/errors';

function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Failures counted per key in Redis (shared by every process) within a window; past `free` failures, each further
 * one makes the key wait before the next try: 1 s, 2 s, 4 s… up to `capSeconds`. Slows guessing to a crawl while
 * the owner, at worst, waits the cap once.
 */
class GrowingDelay {
  private readonly failures: RateLimiterRedis;
  private readonly waits: RateLimiterRedis;
  constructor(
    redis: Redis,
    keyPrefix: string,
    private readonly free: number,
    private readonly capSeconds: number,
    windowSeconds: number,
  ) {
    this.failures = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${keyPrefix}-fail`,
      points: Number.MAX_SAFE_INTEGER,
      duration: windowSeconds,
    });
    this.waits = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${keyPrefix}-wait`,
      points: 1,
      duration: 1,
    });
  }

  /** Milliseconds the key must still wait (0: may try now). */
  async waitMs(key: string): Promise<number> {
    const res = await this.waits.get(key);
    return res && res.consumedPoints > 1 ? res.msBeforeNext : 0;
  }

  async fail(key: string): Promise<void> {
    const res: RateLimiterRes = await this.failures.penalty(key, 1);
    const over = res.consumedPoints - this.free;
    if (over > 0) await this.waits.block(key, Math.min(2 ** (over - 1), this.capSeconds));
  }

  async reset(key: string): Promise<void> {
    await Promise.all([this.failures.delete(key), this.waits.delete(key)]);
  }
}

/**
 * Sign-in throttle. Per email and IP: a few free failures, then growing delays (a guesser at one account slows
 * down fast; the owner signing in from elsewhere is untouched). Per IP: many free failures (several people may
 * share an address), then growing delays (one address cannot spray guesses over many accounts). Refused tries do
 * no password work and are not counted.
 */
export class LoginThrottle {
  private readonly perAccount: GrowingDelay;
  private readonly perIp: GrowingDelay;
  constructor(redis: Redis, prefix: string) {
    this.perAccount = new GrowingDelay(
      redis,
      `${prefix}login-acct`,
      LOGIN_FREE_FAILURES_PER_ACCOUNT_IP,
      LOGIN_MAX_DELAY_SECONDS,
      LOGIN_FAILURE_WINDOW_SECONDS,
    );
    this.perIp = new GrowingDelay(
      redis,
      `${prefix}login-ip`,
      LOGIN_FREE_FAILURES_PER_IP,
      LOGIN_MAX_DELAY_SECONDS,
      LOGIN_FAILURE_WINDOW_SECONDS,
    );
  }

  /** The account's key, whatever the address: guesses spread over many addresses slow down that account. */
  private key(email: string, _ip?: string) {
    return email.toLowerCase();
  }

  /** 429 with Retry-After while either the email+IP or the IP must still wait. */
  async assertAllowed(email: string, ip: string): Promise<void> {
    const [account, address] = await Promise.all([
      this.perAccount.waitMs(this.key(email, ip)),
      this.perIp.waitMs(ip),
    ]);
    const ms = Math.max(account, address);
    if (ms > 0) {
      throw tooManyRequests(
        `Too many failed sign-in attempts. Try again in ${waitText(ms)}.`,
        Math.ceil(ms / 1000),
      );
    }
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await Promise.all([this.perAccount.fail(this.key(email, ip)), this.perIp.fail(ip)]);
  }

  /** A success clears that email+IP's count (not the IP's: an attacker's own account must not reset it). */
  async reset(email: string, ip: string): Promise<void> {
    await this.perAccount.reset(this.key(email, ip));
  }
}

/** Sign-ups per IP: at most `perHour` accounts (or attempts at a taken email) an hour, then 429 with Retry-After. */
export class RegisterThrottle {
  private readonly limiter: RateLimiterRedis;
  constructor(redis: Redis, prefix: string, perHour: number) {
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${prefix}register-ip`,
      points: perHour,
      duration: 60 * 60,
    });
  }

  async consume(ip: string): Promise<void> {
    try {
      await this.limiter.consume(ip);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      throw tooManyRequests(
        `Too many accounts created from your network. Try again in ${waitText(err.msBeforeNext)}.`,
        Math.ceil(err.msBeforeNext / 1000),
      );
    }
  }
}
