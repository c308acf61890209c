import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { disconnectSessionSockets } from '../../realtime/sessions';
import { redis, redisPrefix } from '../../infra/services';

/**
 * The sign-in sessions of each user (issue 27): a Redis hash `<prefix>usess:<userId>` of session id → where it
 * signed in from. The session itself lives in the session store (`<prefix>sess:<id>`); ending one deletes it there
 * and closes its sockets on every web process.
 */
export interface SessionRecord {
  userAgent: string;
  ip: string;
  createdAt: string;
  lastSeenAt: string;
}

const userKey = (userId: string) => `${redisPrefix()}usess:${userId}`;
const storeKey = (sid: string) => `${redisPrefix()}sess:${sid}`;
const client = redis;

export async function recordSession(userId: string, req: Request): Promise<void> {
  const now = new Date().toISOString();
  const rec: SessionRecord = {
    userAgent: String(req.get('user-agent') ?? '').slice(0, 300),
    ip: req.ip ?? '',
    createdAt: now,
    lastSeenAt: now,
  };
  await client().hset(userKey(userId), req.sessionID, JSON.stringify(rec));
}

/** Marks a session as seen now (at most once a minute per session, from the request path). */
export async function touchSession(userId: string, sid: string): Promise<void> {
  const raw = await client().hget(userKey(userId), sid);
  if (!raw) return;
  const rec = JSON.parse(raw) as SessionRecord;
  rec.lastSeenAt = new Date().toISOString();
  await client().hset(userKey(userId), sid, JSON.stringify(rec));
}

/** The user's sessions that still exist in the store; records of expired ones are dropped. */
export async function listSessions(userId: string): Promise<Array<SessionRecord & { sid: string }>> {
  const all = await client().hgetall(userKey(userId));
  const sids = Object.keys(all);
  if (sids.length === 0) return [];
  const alive = await client().mget(sids.map(storeKey));
  const out: Array<SessionRecord & { sid: string }> = [];
  const gone: string[] = [];
  sids.forEach((sid, i) => {
    if (alive[i]) out.push({ sid, ...(JSON.parse(all[sid]) as SessionRecord) });
    else gone.push(sid);
  });
  if (gone.length) await client().hdel(userKey(userId), ...gone);
  return out.sort((a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt));
}

/** Ends one session of the user: gone from the store, its sockets closed. False when it was not theirs. */
export async function endSession(userId: string, sid: string): Promise<boolean> {
  const removed = await client().hdel(userKey(userId), sid);
  if (!removed) return false;
  await client().del(storeKey(sid));
  disconnectSessionSockets(sid);
  return true;
}

/** Ends every session of the user but `keep` (none: all of them). */
export async function endOtherSessions(userId: string, keep?: string): Promise<number> {
  const sids = Object.keys(await client().hgetall(userKey(userId))).filter((s) => s !== keep);
  for (const sid of sids) await endSession(userId, sid);
  return sids.length;
}

/** Forgets a session that signed out by itself. */
export async function forgetSession(userId: string, sid: string): Promise<void> {
  await client().hdel(userKey(userId), sid);
}

/** The handle of a session in the API: a hash of its id, so the list never hands out a usable session id. */
export function sessionHandle(sid: string): string {
  return createHash('sha256').update(`session:${sid}`).digest('base64url').slice(0, 22);
}

/** "Chrome on Windows" from a user agent; "Unknown device" when it says nothing known. */
export function describeDevice(ua: string): string {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : /node|superagent|axios|curl/i.test(ua)
              ? 'A script'
              : null;
  const os = /iPhone|iPad/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux|X11/.test(ua)
            ? 'Linux'
            : null;
  if (!browser && !os) return 'Unknown device';
  return [browser ?? 'Browser', os].filter(Boolean).join(' on ');
}
