import type { Server as HttpServer } from 'node:http';
import { rooms, TOO_MANY_SOCKETS_MESSAGE, type ErrorCode } from '@freight/shared';
import { createAdapter } from '@socket.io/redis-adapter';
import type { RequestHandler } from 'express';
import { Types } from 'mongoose';
import { Server } from 'socket.io';
import { isTestAccountEmail } from '../features/users/testAccounts';
import { UserModel } from '../features/users/model';
import { sessionRevoked } from '../http/auth';
import { isSameOrigin } from '../http/sameOrigin';
import { outageOf, libraryConnection, SERVICE_UNAVAILABLE_MESSAGE } from '../infra/availability';
import { rateLimitsEnabled } from '../infra/rateLimit';
import { errorAck, watchRedisStatus } from './clientEvents';
import { ConnectionSlots } from './connectionSlots';
import { toActor } from '../policies';
import type { Runtime } from '../runtimeTypes';
import { socketHandlers } from './handlers';
import { setPublisher } from './publish';
import { setSocketServer } from './sessions';
import type { AppServer, AppSocket } from './types';

type SessionRequest = { session?: Partial<import('express-session').SessionData>; sessionID?: string };

/** How often each web process checks that the sessions of its sockets still exist (expiry ends sockets). */
const SESSION_SWEEP_MS = 30_000;
/** Sessions read per MGET by the sweep. */
const SWEEP_BATCH = 500;

/**
 * Socket.IO on the web process's HTTP server. The handshake is authenticated by the same session cookie as
 * the API; rooms span processes through the Redis adapter.
 */
export function attachGateway(httpServer: HttpServer, rt: Runtime, sessionMiddleware: RequestHandler) {
  // Queued connections: the adapter subscribes and publishes without handling a rejection (infra/availability.ts).
  const pub = libraryConnection(rt.redis);
  const sub = libraryConnection(rt.redis);
  const io: AppServer = new Server(httpServer, {
    adapter: createAdapter(pub, sub, { key: rt.socketIoKey }),
    serveClient: false,
    // A page on another site must not open a socket with our user's cookie.
    allowRequest: (req, cb) => cb(null, isSameOrigin(req, rt.config.PUBLIC_URL, rt.config.TRUST_PROXY)),
  });
  io.engine.use(sessionMiddleware);

  /** The session's key in the store (connect-redis under `<prefix>sess:`, as web.ts sets it up). */
  const sessionKey = (sid: string) => `${rt.redisPrefix}sess:${sid}`;
  /** Whether the session a socket was opened with still exists and still belongs to the socket's user. */
  const sessionsAlive = async (sockets: AppSocket[]): Promise<boolean[]> => {
    if (sockets.length === 0) return [];
    const stored = await rt.redis.mget(sockets.map((s) => sessionKey(s.data.sessionId)));
    return stored.map((raw, i) => {
      if (!raw) return false;
      try {
        return (JSON.parse(raw) as { userId?: string }).userId === sockets[i].data.actor.id;
      } catch {
        return false;
      }
    });
  };

  watchRedisStatus(() => rt.redis.status);
  const slots = new ConnectionSlots(rt.redis, rt.redisPrefix);
  // The refusal carries its code (DESIGN §6) for the web to branch on; the message stays Socket.IO's usual one.
  const unauthorized = () =>
    Object.assign(new Error('Unauthorized'), { data: { code: 'UNAUTHORIZED' satisfies ErrorCode } });
  io.use(async (socket, next) => {
    try {
      const req = socket.request as unknown as SessionRequest;
      const userId = req.session?.userId;
      if (!userId || !req.sessionID || !Types.ObjectId.isValid(userId)) return next(unauthorized());
      const user = await UserModel.findById(userId).lean();
      if (!user || sessionRevoked(user, req.session?.signedInAt)) return next(unauthorized());
      // While the test accounts are switched off, their old sessions open nothing (issue #12).
      if (!rt.config.ENABLE_TEST_ACCOUNTS && isTestAccountEmail(user.email)) return next(unauthorized());
      socket.data.actor = toActor(user);
      socket.data.sessionId = req.sessionID;
      // One user may hold MAX_SOCKETS_PER_USER sockets at once, across every process.
      if (rateLimitsEnabled() && !(await slots.claim(String(user._id), socket.id)))
        return next(new Error(TOO_MANY_SOCKETS_MESSAGE));
      next();
    } catch (err) {
      if (!outageOf(err)) rt.log.error('socket handshake failed', err);
      next(
        new Error(outageOf(err) ? SERVICE_UNAVAILABLE_MESSAGE : 'Something went wrong. Please try again.'),
      );
    }
  });

  io.on('connection', (socket) => {
    const { actor, sessionId } = socket.data;
    socket.once('disconnect', () => void slots.release(socket.id));
    socket.join([rooms.user(actor.id), rooms.session(sessionId)]);
    if (actor.companyId) socket.join(rooms.company(actor.companyId));
    if (actor.userType) socket.join(rooms.role(actor.userType));
    // Every client event first checks that the session is still signed in: after a logout or an expiry the socket
    // is closed and the event does nothing (logout also closes the session's sockets at once).
    // While Redis is away the check fails: the event's ack says so (503's shape) instead of never coming.
    socket.use((packet, next) => {
      const [event] = packet;
      sessionsAlive([socket]).then(
        ([alive]) => {
          if (alive) return next();
          rt.log.debug(`socket ${socket.id}: session ended, ${String(event)} dropped`);
          socket.disconnect(true);
        },
        (err: unknown) => {
          const ack = packet[packet.length - 1];
          if (typeof ack === 'function')
            (ack as (res: unknown) => void)(errorAck(err, rt.log, String(event)));
        },
      );
    });
    for (const handler of socketHandlers) handler(socket, { io, rt });
  });

  // Sessions expire in the store without telling anyone: each process closes its own sockets whose session is gone.
  const sweep = setInterval(() => {
    const local = [...io.of('/').sockets.values()];
    for (let i = 0; i < local.length; i += SWEEP_BATCH) {
      const batch = local.slice(i, i + SWEEP_BATCH);
      sessionsAlive(batch).then(
        (alive) => alive.forEach((ok, j) => ok || batch[j].disconnect(true)),
        (err: unknown) => rt.log.warn('socket session sweep failed', err),
      );
    }
  }, SESSION_SWEEP_MS);
  sweep.unref();
  setSocketServer(io);

  setPublisher((targets, event, payload, except) => {
    // Event names and payloads are checked by publish()'s signature; the broadcast itself is untyped.
    (io.to(targets).except(except ?? []) as unknown as { emit(e: string, p: unknown): void }).emit(
      event,
      payload,
    );
  });

  return {
    io,
    async close() {
      setPublisher(null);
      clearInterval(sweep);
      setSocketServer(null);
      slots.stop();
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await Promise.all([pub.quit().catch(() => undefined), sub.quit().catch(() => undefined)]);
    },
  };
}
