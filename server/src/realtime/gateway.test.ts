import { rooms } from '@freight/shared';
import { io as ioClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextEvent, startSecondNode, startTestApp, type TestApp } from '@test/helpers';
import { publish } from './publish';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const notification = (title: string, userId: string) => ({
  notification: {
    id: '0'.repeat(24),
    userId,
    kind: 'general' as const,
    title,
    body: '',
    link: null,
    readAt: null,
    createdAt: new Date().toISOString(),
  },
  unreadCount: 1,
});

describe('socket gateway', () => {
  it('refuses a socket without a session', async () => {
    const socket = ioClient(app.url, { transports: ['websocket'], forceNew: true, reconnection: false });
    const err = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(err.message).toBe('Unauthorized');
    socket.disconnect();
  });

  it('refuses a socket with a forged session cookie', async () => {
    const socket = ioClient(app.url, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      extraHeaders: { Cookie: 'fm.sid=s%3Aforged.signature' },
    });
    const err = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(err.message).toBe('Unauthorized');
    socket.disconnect();
  });

  it('refuses a socket opened from another site', async () => {
    const c = app.client();
    await c.registerAndLogin();
    const socket = ioClient(app.url, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      extraHeaders: { Cookie: c.cookie, Origin: 'https://evil.example' },
    });
    const err = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(err).toBeTruthy();
    socket.disconnect();
  });

  it('joins user:<id> and role:<type>: an event reaches its room and no other', async () => {
    const shipper = app.client();
    const shipperUser = await shipper.registerAndLogin({ userType: 'shipper' });
    const carrier = app.client();
    const carrierUser = await carrier.registerAndLogin({ userType: 'carrier' });
    const s1 = await shipper.socket();
    const s2 = await carrier.socket();

    const toShipper = nextEvent(s1, 'notification:new', (p) => p.notification.title === 'for shipper');
    const leaked = nextEvent(s2, 'notification:new', (p) => p.notification.title === 'for shipper', 500);
    publish('notification:new', rooms.user(shipperUser.id), notification('for shipper', shipperUser.id));
    expect((await toShipper).notification.userId).toBe(shipperUser.id);
    await expect(leaked).rejects.toThrow(/timed out/);

    const toCarriers = nextEvent(s2, 'notification:new', (p) => p.notification.title === 'for carriers');
    publish('notification:new', rooms.role('carrier'), notification('for carriers', carrierUser.id));
    expect((await toCarriers).notification.title).toBe('for carriers');
    shipper.closeSockets();
    carrier.closeSockets();
  });

  it('delivers an event published on one server process to a socket connected to another', async () => {
    const node2 = await startSecondNode(app);
    try {
      const c = app.client();
      const user = await c.registerAndLogin();
      const socketOnNode2 = await c.socket(node2.url); // the session lives in Redis: node 2 knows it
      const received = nextEvent(
        socketOnNode2,
        'notification:new',
        (p) => p.notification.title === 'cross-node',
      );
      publish('notification:new', rooms.user(user.id), notification('cross-node', user.id));
      expect((await received).notification.userId).toBe(user.id);
      c.closeSockets();
    } finally {
      await node2.stop();
    }
  });
});
