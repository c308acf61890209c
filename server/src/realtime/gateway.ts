import type { Server as HttpServer } from 'node:http';
import { rooms } from '@freight/shared';
import { createAdapter } from '@socket.io/redis-adapter';
import type { RequestHandler } from 'express';
import { Types } from 'mongoose';
import { Server } from 'socket.io';
import { UserModel } from '../features/users/model';
import { isSameOrigin } from '../http/sameOrigin';
import { toActor } from '../policies';
import type { Runtime } from '../runtime';
import { socketHandlers } from './handlers';
import { setPublisher } from './publish';
import type { AppServer } from './types';

type SessionRequest = { session?: Partial<import('express-session').SessionData> };

/**
 * Socket.IO on the web process's HTTP server. The handshake is authenticated by the same session cookie as
 * the API; rooms span processes through the Redis adapter.
 */
export function attachGateway(httpServer: HttpServer, rt: Runtime, sessionMiddleware: RequestHandler) {
  const pub = rt.redis.duplicate();
  const sub = rt.redis.duplicate();
  const io: AppServer = new Server(httpServer, {
    adapter: createAdapter(pub, sub, { key: rt.socketIoKey }),
    serveClient: false,
    // A page on another site must not open a socket with our user's cookie.
    allowRequest: (req, cb) => cb(null, isSameOrigin(req, rt.config.PUBLIC_URL, rt.config.TRUST_PROXY)),
  });
  io.engine.use(sessionMiddleware);

  io.use(async (socket, next) => {
    const userId = (socket.request as unknown as SessionRequest).session?.userId;
    if (!userId || !Types.ObjectId.isValid(userId)) return next(new Error('Unauthorized'));
    const user = await UserModel.findById(userId).lean();
    if (!user) return next(new Error('Unauthorized'));
    socket.data.actor = toActor(user);
    next();
  });

  io.on('connection', (socket) => {
    const { actor } = socket.data;
    socket.join(rooms.user(actor.id));
    if (actor.userType) socket.join(rooms.role(actor.userType));
    for (const handler of socketHandlers) handler(socket, { io, rt });
  });

  setPublisher((targets, event, payload) => {
    // Event names and payloads are checked by publish()'s signature; the broadcast itself is untyped.
    (io.to(targets) as unknown as { emit(e: string, p: unknown): void }).emit(event, payload);
  });

  return {
    io,
    async close() {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await Promise.all([pub.quit().catch(() => undefined), sub.quit().catch(() => undefined)]);
    },
  };
}
