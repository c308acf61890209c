import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as ioClient } from 'socket.io-client';
import { startTestApp, type TestApp } from '@test/helpers';
import { UserModel } from '../features/users/model';
import { isSameOrigin } from './sameOrigin';

/** Issue #12 item 11: the cross-site check trusts X-Forwarded-Host only behind a trusted proxy (TRUST_PROXY). */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(); // TRUST_PROXY is off by default
});
afterAll(async () => {
  await app?.close();
});

const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('X-Forwarded-Host without TRUST_PROXY', () => {
  it('a request from another site that names that site in X-Forwarded-Host is refused with 403', async () => {
    const c = app.client();
    const user = await c.registerAndLogin();
    const res = await c
      .raw('post', '/api/users/setup')
      .set('Origin', 'https://evil.example')
      .set('X-Forwarded-Host', 'evil.example')
      .send({ userType: 'broker', companyName: 'Evil' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Cross-site request refused');
    expect((await UserModel.findById(user.id).lean())?.userType).toBe('carrier');
  });

  it('a socket from another site that names that site in X-Forwarded-Host is refused', async () => {
    const c = app.client();
    await c.registerAndLogin();
    const socket = ioClient(app.url, {
      transports: ['websocket'],
      extraHeaders: { Cookie: c.cookie, Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example' },
      forceNew: true,
      reconnection: false,
    });
    const outcome = await new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', () => resolve('refused'));
    });
    socket.disconnect();
    expect(outcome).toBe('refused');
  });

  it('isSameOrigin ignores X-Forwarded-Host unless told to trust the proxy', () => {
    const req = request({
      host: 'internal:3000',
      origin: 'https://freight.example',
      'x-forwarded-host': 'freight.example',
      'x-forwarded-proto': 'https',
    });
    expect(isSameOrigin(req)).toBe(false);
    expect(isSameOrigin(req, undefined, false)).toBe(false);
    expect(isSameOrigin(req, undefined, true)).toBe(true);
    // PUBLIC_URL names the site whatever the proxy says.
    expect(isSameOrigin(req, 'https://freight.example')).toBe(true);
    // Behind a trusted proxy, only the first (client-facing) host of a list counts.
    const chained = request({
      host: 'internal:3000',
      origin: 'https://evil.example',
      'x-forwarded-host': 'freight.example, evil.example',
    });
    expect(isSameOrigin(chained, undefined, true)).toBe(false);
  });
});

/** Issue 51: the Origin is compared whole (scheme, host and port, as a browser serializes it), not by host alone. */
describe('the Origin compared whole', () => {
  const ours = () => new URL(app.url);
  const post = (origin: string) =>
    app.client().raw('post', '/api/auth/login').set('Origin', origin).send({ email: 'a@b.c', password: 'x' });

  it.each([
    ['an upper-case scheme and a trailing slash', (u: URL) => `HTTP://${u.host}/`],
    ['a trailing slash', (u: URL) => `http://${u.host}/`],
    ['a path', (u: URL) => `http://${u.host}/api`],
    ['https on our http host', (u: URL) => `https://${u.host}`],
    ['another scheme', (u: URL) => `ftp://${u.host}`],
    ['another port', (u: URL) => `http://${u.hostname}:1`],
  ])('%s is refused with 403 before anything is read', async (_what, originOf) => {
    const res = await post(originOf(ours()));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Cross-site request refused');
  });

  it('our own origin passes (the login answers on its merits)', async () => {
    const res = await post(ours().origin);
    expect(res.status).not.toBe(403);
    expect(res.status).toBeLessThan(500);
  });

  it('behind a trusted proxy the scheme is X-Forwarded-Proto’s; PUBLIC_URL’s origin is taken whole', () => {
    const viaProxy = (origin: string, proto?: string) =>
      request({
        host: 'internal:3000',
        origin,
        'x-forwarded-host': 'freight.example',
        ...(proto ? { 'x-forwarded-proto': proto } : {}),
      });
    expect(isSameOrigin(viaProxy('https://freight.example', 'https'), undefined, true)).toBe(true);
    expect(isSameOrigin(viaProxy('http://freight.example', 'https'), undefined, true)).toBe(false);
    // Without the proxy's word the connection's scheme counts (plain http here).
    expect(isSameOrigin(viaProxy('https://freight.example'), undefined, true)).toBe(false);
    expect(isSameOrigin(viaProxy('https://freight.example/'), 'https://freight.example')).toBe(false);
    expect(isSameOrigin(viaProxy('http://freight.example'), 'https://freight.example')).toBe(false);
    expect(isSameOrigin(viaProxy('https://freight.example'), 'https://freight.example/app')).toBe(true);
  });
});
