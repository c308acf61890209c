import http from 'node:http';
import { LOGIN_FREE_FAILURES_PER_ACCOUNT_IP, LOGIN_FREE_FAILURES_PER_IP } from '@freight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_USER_PASSWORD, type TestApp } from '@test/helpers';

/**
 * Issue 25 point 6, from several loopback addresses (127.0.0.x): a known device is never refused because of others'
 * failures; guesses at one account slow down across addresses; one address's failures slow down that address.
 */
let app: TestApp;
let email: string;
beforeAll(async () => {
  app = await startTestApp();
  const c = app.client();
  email = (await c.registerAndLogin({ userType: 'carrier' })).email;
}, 120_000);
afterAll(async () => {
  await app?.close();
});

function login(from: string, body: object, cookie = ''): Promise<{ status: number; cookies: string[] }> {
  const url = new URL('/api/auth/login', app.url);
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(
      url,
      {
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), cookie },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            cookies: ((res.headers['set-cookie'] as string[] | undefined) ?? []).map((c) => c.split(';')[0]),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

describe('sign-in throttling by address and account', () => {
  it('a known device signs in although its address and its account are being flooded', async () => {
    const first = await login('127.0.0.2', { email, password: TEST_USER_PASSWORD });
    expect(first.status).toBe(200);
    const device = first.cookies.find((c) => c.startsWith('fm.device.'))!;
    expect(device).toBeTruthy();
    // Someone at the same address sprays random emails past the address's free failures…
    for (let i = 0; i <= LOGIN_FREE_FAILURES_PER_IP + 1; i++)
      await login('127.0.0.2', { email: `nobody${i}@example.test`, password: 'wrong-guess-1' });
    // …and someone else guesses at this account from other addresses.
    for (let i = 0; i <= LOGIN_FREE_FAILURES_PER_ACCOUNT_IP + 1; i++)
      await login(`127.0.0.${10 + i}`, { email, password: 'wrong-guess-2' });
    // A new browser at the flooded address is slowed…
    expect((await login('127.0.0.2', { email, password: TEST_USER_PASSWORD })).status).toBe(429);
    // …the known device is not.
    expect((await login('127.0.0.2', { email, password: TEST_USER_PASSWORD }, device)).status).toBe(200);
  });

  it('guesses at one account spread over many addresses slow that account down', async () => {
    const c = app.client();
    const target = (await c.registerAndLogin({ userType: 'shipper' })).email;
    const answers: number[] = [];
    for (let i = 0; i < LOGIN_FREE_FAILURES_PER_ACCOUNT_IP + 3; i++)
      answers.push((await login(`127.0.0.${50 + i}`, { email: target, password: 'wrong-guess-3' })).status);
    expect(answers.slice(0, LOGIN_FREE_FAILURES_PER_ACCOUNT_IP + 1).every((s) => s === 401)).toBe(true);
    expect(answers).toContain(429);
  });

  it("one address's failures slow that address, not another", async () => {
    for (let i = 0; i <= LOGIN_FREE_FAILURES_PER_IP + 1; i++)
      await login('127.0.0.3', { email: `someone${i}@example.test`, password: 'wrong-guess-4' });
    expect((await login('127.0.0.3', { email: 'x@example.test', password: 'wrong' })).status).toBe(429);
    expect((await login('127.0.0.4', { email: 'x@example.test', password: 'wrong' })).status).toBe(401);
  });
});
