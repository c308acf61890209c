import { MAX_SOCKETS_PER_USER } from '@freight/shared';
import type { Redis } from 'ioredis';

/**
 * How many sockets one user holds, across every web process (issue 12: one user held 100). Each open socket holds a
 * slot in a Redis sorted set per user, scored with the time it expires; the process that holds the socket renews
 * it while it is open and frees it on disconnect. A crashed process's slots expire on their own, so a crash never
 * locks a user out for longer than SLOT_TTL_MS. Claiming is one atomic script: racing connects cannot overshoot.
 */
const SLOT_TTL_MS = 3 * 60_000;
const RENEW_EVERY_MS = 60_000;

const CLAIM = `redis.call('zremrangebyscore', KEYS[1], '-inf', ARGV[1])
if redis.call('zcard', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('zadd', KEYS[1], ARGV[2], ARGV[4])
redis.call('pexpire', KEYS[1], ARGV[5])
return 1`;

export class ConnectionSlots {
  private readonly mine = new Map<string, string>(); // socket id → user id
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly max = MAX_SOCKETS_PER_USER,
  ) {
    this.timer = setInterval(() => void this.renew().catch(() => undefined), RENEW_EVERY_MS);
    this.timer.unref();
  }

  private key(userId: string) {
    return `${this.prefix}sockets:${userId}`;
  }

  /** Takes a slot for this socket; false when the user already holds the most allowed. */
  async claim(userId: string, socketId: string): Promise<boolean> {
    const now = Date.now();
    const ok = await this.redis.eval(
      CLAIM,
      1,
      this.key(userId),
      String(now),
      String(now + SLOT_TTL_MS),
      String(this.max),
      socketId,
      String(SLOT_TTL_MS),
    );
    if (ok === 1) this.mine.set(socketId, userId);
    return ok === 1;
  }

  async release(socketId: string): Promise<void> {
    const userId = this.mine.get(socketId);
    if (!userId) return;
    this.mine.delete(socketId);
    await this.redis.zrem(this.key(userId), socketId).catch(() => undefined); // else it expires
  }

  /** Pushes back the expiry of every slot this process holds (only those still in the set: XX). */
  private async renew(): Promise<void> {
    if (this.mine.size === 0) return;
    const until = String(Date.now() + SLOT_TTL_MS);
    const batch = this.redis.pipeline();
    for (const [socketId, userId] of this.mine) {
      batch.zadd(this.key(userId), 'XX', until, socketId);
      batch.pexpire(this.key(userId), SLOT_TTL_MS);
    }
    await batch.exec();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
