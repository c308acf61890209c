import { rooms, type Ack } from '@freight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  nextEvent,
  sleep,
  startSecondNode,
  startTestApp,
  type ClientSocket,
  type TestApp,
  type TestClient,
} from '@test/helpers';
import { ChatMessageModel } from '../features/tracking/model';
import { seedLoad } from '../features/tracking/testing';
import { publish } from './publish';

/**
 * Issue #12 item 4: a socket ends with its session. Logout (on any web process) and session expiry close that
 * session's sockets, on every process, and nothing they send afterwards is stored; a change of account type closes
 * the user's sockets, which come back authorized as the new type (new role room, not the old one).
 */
let app: TestApp;
let node2: Awaited<ReturnType<typeof startSecondNode>>;
let shipperId: string;
beforeAll(async () => {
  app = await startTestApp();
  node2 = await startSecondNode(app);
  const shipper = app.client();
  shipperId = (await shipper.registerAndLogin({ userType: 'shipper' })).id;
});
afterAll(async () => {
  await node2?.stop();
  await app?.close();
});

/**
 * The ack of an emit, or 'no answer' after `ms`: generous where an answer is expected (a second process on a busy
 * machine answered a first chat message after more than 2 s in one CI run), short where a closed socket cannot answer.
 */
function emit<T>(
  socket: ClientSocket,
  event: string,
  payload: object,
  ms = 15_000,
): Promise<Ack<T> | 'no answer'> {
  return (
    socket as unknown as { timeout(ms: number): { emitWithAck(e: string, p: object): Promise<Ack<T>> } }
  )
    .timeout(ms)
    .emitWithAck(event, payload)
    .catch(() => 'no answer' as const);
}

const disconnected = (socket: ClientSocket, ms = 15_000) =>
  new Promise<string>((resolve, reject) => {
    if (!socket.connected) return resolve('already');
    const timer = setTimeout(() => reject(new Error('socket still connected')), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

async function carrierOnLoad(): Promise<{ carrier: TestClient; freightId: string }> {
  const carrier = app.client();
  const carrierId = (await carrier.registerAndLogin({ userType: 'carrier' })).id;
  const freightId = await seedLoad({ posterId: shipperId, carrierId, status: 'in_transit' });
  return { carrier, freightId };
}

describe('sockets end with their session (issue #12 item 4)', () => {
  it('logout closes the session’s sockets on both processes; they send no chat or location after', async () => {
    const { carrier, freightId } = await carrierOnLoad();
    const here = await carrier.socket();
    const there = await carrier.socket(node2.url);
    const ok = await emit(there, 'chat:send', { freightId, message: 'before logout' });
    expect(ok).toMatchObject({ ok: true });

    const closedHere = disconnected(here);
    const closedThere = disconnected(there);
    expect((await carrier.post('/api/auth/logout')).status).toBe(200);
    // Whatever the sockets manage to send in the meantime is not stored.
    await emit(here, 'chat:send', { freightId, message: 'after logout' }, 2000);
    await emit(there, 'location:update', { freightId, latitude: 41.9, longitude: -87.6 }, 2000);
    expect(await closedHere).toBe('io server disconnect');
    expect(await closedThere).toBe('io server disconnect');
    expect(await ChatMessageModel.countDocuments({ freightListingId: freightId })).toBe(1);
    carrier.closeSockets();
  });

  it('an expired session’s socket sends nothing and is closed', async () => {
    const { carrier, freightId } = await carrierOnLoad();
    const socket = await carrier.socket(node2.url);
    const sid = decodeURIComponent(carrier.cookie.slice('fm.sid='.length)).replace(/^s:/, '').split('.')[0];
    expect(await app.rt.redis.del(`${app.config.REDIS_PREFIX}sess:${sid}`)).toBe(1); // the store's expiry
    const closed = disconnected(socket);
    const ack = await emit(socket, 'chat:send', { freightId, message: 'after expiry' }, 2000);
    expect(ack).not.toMatchObject({ ok: true });
    await closed;
    expect(await ChatMessageModel.countDocuments({ freightListingId: freightId })).toBe(0);
    carrier.closeSockets();
  });

  it('a change of account type closes the user’s sockets; a new one is in the new role room only', async () => {
    const c = app.client();
    const user = await c.registerAndLogin({ userType: 'carrier' });
    const old = await c.socket(node2.url);
    const closed = disconnected(old);
    expect((await c.post('/api/users/setup', { userType: 'broker', companyName: 'x' })).status).toBe(200);
    await closed;

    const fresh = await c.socket(node2.url);
    const toCarriers = nextEvent(fresh, 'notification:new', (p) => p.notification.title === 'carriers', 1000);
    const toBrokers = nextEvent(fresh, 'notification:new', (p) => p.notification.title === 'brokers');
    await sleep(100);
    for (const [role, title] of [
      ['carrier', 'carriers'],
      ['broker', 'brokers'],
    ]) {
      publish('notification:new', rooms.role(role), {
        notification: {
          id: '0'.repeat(24),
          userId: user.id,
          kind: 'general',
          title,
          body: '',
          link: null,
          readAt: null,
          createdAt: new Date().toISOString(),
        },
        unreadCount: 1,
      });
    }
    expect((await toBrokers).notification.title).toBe('brokers');
    await expect(toCarriers).rejects.toThrow(/timed out/);
    c.closeSockets();
  });
});
