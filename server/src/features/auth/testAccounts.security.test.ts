import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { io as ioClient } from 'socket.io-client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecondNode, startTestApp, type TestApp } from '@test/helpers';
import { parseConfig, testAccountsExposureWarning } from '../../config';
import { UserModel } from '../users/model';

/**
 * Issue #12 item 3: after a run with test accounts, a start with ENABLE_TEST_ACCOUNTS=false lets no test account
 * sign in (new sign-ins, old sessions and sockets alike); `npm start` listens on loopback unless HOST is set, and
 * warns when test accounts are on and it listens beyond this machine.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(); // ENABLE_TEST_ACCOUNTS=true: the test accounts are seeded
});
afterAll(async () => {
  await app?.close();
});

const repo = path.resolve(import.meta.dirname, '../../../..');

describe('test accounts after the switch is turned off (issue #12 item 3)', () => {
  it('no test account signs in, and their old sessions and sockets open nothing', async () => {
    const admin = app.client();
    await admin.login('admin@test.local');
    expect((await admin.get('/api/admin/documents/pending')).status).toBe(200);

    // A restart with the switch off: another process on the same database and session store.
    const off = await startSecondNode(app, { ENABLE_TEST_ACCOUNTS: 'false' });
    try {
      // Refused on that node, and on the node still running with the switch on: the accounts are disabled in the
      // database (their public password is gone), not only hidden by one process.
      for (const url of [off.url, app.url]) {
        for (const email of ['admin@test.local', 'carrier@test.local', 'shipper@test.local']) {
          const r = await request(url).post('/api/auth/login').send({ email, password: 'Test1234!' });
          expect(r.status).toBe(401);
        }
      }

      // The session from the run with test accounts: signed out on the node with the switch off.
      expect((await request(off.url).get('/api/auth/user').set('Cookie', admin.cookie)).status).toBe(401);
      expect(
        (await request(off.url).get('/api/admin/documents/pending').set('Cookie', admin.cookie)).status,
      ).toBe(401);
      const socket = ioClient(off.url, {
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
        extraHeaders: { Cookie: admin.cookie },
      });
      const err = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
      expect(err.message).toBe('Unauthorized');
      socket.disconnect();
      // Their data stays.
      expect(await UserModel.countDocuments({ email: 'admin@test.local' })).toBe(1);
    } finally {
      await off.stop();
    }

    // A later start with the switch on gives them the test password back.
    const on = await startSecondNode(app, { ENABLE_TEST_ACCOUNTS: 'true' });
    try {
      const again = app.client();
      await again.login('admin@test.local');
      expect((await again.get('/api/admin/documents/pending')).status).toBe(200);
    } finally {
      await on.stop();
    }
  });
});

/** Runs `npm start`'s script (no web build) against the test services; resolves with its output once it runs. */
async function npmStart(env: Record<string, string | undefined>): Promise<string> {
  const childEnv: Record<string, string | undefined> = { ...process.env, ...app.env, PORT: '0', ...env };
  for (const [k, v] of Object.entries(childEnv)) if (v === undefined) delete childEnv[k];
  // Bundled (scripts/bundledEntry.ts): the same script, loaded in a third of the CPU `--import tsx` takes.
  const { bundledEntry } = await import('../../../../scripts/bundledEntry');
  const child = spawn(process.execPath, [await bundledEntry('scripts/start.ts'), '--no-build'], {
    cwd: repo,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm start did not start: ${out}`)), 90_000);
      const check = () => {
        if (/is running at/.test(out)) {
          clearTimeout(timer);
          setTimeout(resolve, 200); // the lines printed right after
        }
      };
      child.stdout.on('data', check);
      child.once('exit', (code) => reject(new Error(`npm start exited ${code}: ${out}`)));
    });
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
  return out;
}

describe('where npm start listens (issue #12 item 3)', () => {
  it('listens on 127.0.0.1 unless HOST is set; docker-compose sets it', () => {
    expect(parseConfig({}).HOST).toBe('127.0.0.1');
    expect(parseConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    const compose = readFileSync(path.join(repo, 'docker-compose.yml'), 'utf8');
    const appEnv = compose.slice(compose.indexOf('x-app-env:'), compose.indexOf('services:'));
    expect(appEnv).toMatch(/^\s+HOST: 0\.0\.0\.0$/m);
  });

  it('warns when test accounts are on and HOST is not loopback', () => {
    const warning = testAccountsExposureWarning({ ENABLE_TEST_ACCOUNTS: true, HOST: '0.0.0.0' });
    expect(warning).toMatch(/^Warning: test accounts are enabled/);
    expect(testAccountsExposureWarning({ ENABLE_TEST_ACCOUNTS: true, HOST: '127.0.0.1' })).toBeNull();
    expect(testAccountsExposureWarning({ ENABLE_TEST_ACCOUNTS: true, HOST: 'localhost' })).toBeNull();
    expect(testAccountsExposureWarning({ ENABLE_TEST_ACCOUNTS: true, HOST: '::1' })).toBeNull();
    expect(testAccountsExposureWarning({ ENABLE_TEST_ACCOUNTS: false, HOST: '0.0.0.0' })).toBeNull();
  });

  it('npm start prints the warning line with HOST=0.0.0.0, and listens on loopback without HOST', async () => {
    const exposed = await npmStart({ HOST: '0.0.0.0', ENABLE_TEST_ACCOUNTS: 'true' });
    expect(exposed).toMatch(/^Warning: test accounts are enabled and the server listens on 0\.0\.0\.0/m);
    const local = await npmStart({ HOST: undefined, ENABLE_TEST_ACCOUNTS: 'true' });
    expect(local).toMatch(/is running at http:\/\/127\.0\.0\.1:\d+/);
    expect(local).not.toMatch(/Warning: test accounts/);
  });
});
