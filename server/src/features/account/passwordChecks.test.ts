import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_USER_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '@test/helpers';
import { AppError } from '../../http/errors';
import {
  PASSWORD_CHECK_RETRY_AFTER_SECONDS,
  passwordCheckLimits,
  passwordCheckThreads,
  passwordChecksInFlight,
  passwordWeaknessOffThread,
} from './passwordChecks';
import { passwordWeakness } from './passwordStrength';

/** The password-strength check runs in worker threads: same verdicts, the event loop free meanwhile, a bounded queue. */

// Set before the first check starts the pool: one thread, three checks waiting, so the queue's bound is cheap to reach.
// (A check waits in the queue too while the pool starts a thread for it.)
const standardLimits = { ...passwordCheckLimits };
passwordCheckLimits.threads = 1;
passwordCheckLimits.queued = 3;

// Each test waits on several checks of half a second of CPU each: minutes on a machine busy with other work.
const CHECKS_TIMEOUT = 240_000;

const inputs = ['carrier.dana@example.test', 'Dana', 'Whitfield', 'Acme Freight', '555-0101'];
const signUpBody = (password: string) => ({
  email: uniqueEmail('carrier'),
  password,
  confirmPassword: password,
  firstName: 'Dana',
  lastName: 'Whitfield',
  userType: 'carrier',
  companyName: 'Acme Freight',
  phoneNumber: '555-0101',
});

let app: TestApp;
beforeAll(async () => {
  // The production check: its half second of CPU per password is what these tests are about.
  app = await startTestApp({ env: { PASSWORD_STRENGTH_CHECK: 'full' } });
});
afterAll(async () => {
  await app?.close();
  // The next file this worker runs starts its pool with the standard limits.
  Object.assign(passwordCheckLimits, standardLimits);
});
// A failed test leaves no check behind to fill the next one's queue.
afterEach(async () => {
  await vi.waitFor(() => expect(passwordChecksInFlight()).toBe(0), { timeout: CHECKS_TIMEOUT });
}, CHECKS_TIMEOUT);

describe('password strength off the event loop', () => {
  it(
    'gives the verdicts and messages of the check made in the request thread',
    async () => {
      // A common password, one built from the user's own company name, and a strong one.
      const passwords = ['Test1234!', 'AcmeFreight1', 'correct horse battery staple'];
      const offThread: Array<string | null> = [];
      for (const p of passwords) offThread.push(await passwordWeaknessOffThread(p, inputs));
      const inThread = passwords.map((p) => passwordWeakness(p, inputs));
      expect(offThread).toEqual(inThread);
      expect(offThread.map((v) => v === null)).toEqual([false, false, true]);
    },
    CHECKS_TIMEOUT,
  );

  it(
    'lets the event loop turn while a check runs',
    async () => {
      let settled = false;
      const check = passwordWeaknessOffThread(TEST_USER_PASSWORD, inputs).finally(() => {
        settled = true;
      });
      await new Promise((resolve) => setImmediate(resolve));
      expect(settled).toBe(false);
      expect(await check).toBeNull();
    },
    CHECKS_TIMEOUT,
  );

  it(
    'answers a health request while sign-ups wait on their checks',
    async () => {
      const client = app.client();
      // Two checks hold the one thread; the sign-up's check waits behind them (three at most wait: none is refused).
      const ahead = [1, 2].map(() => passwordWeaknessOffThread('Harbor-Gantry-77!', inputs));
      const order: string[] = [];
      const signUp = client.post('/api/auth/register', signUpBody('Tidewater-Crane-19!')).then((res) => {
        order.push('sign-up');
        return res;
      });
      await vi.waitFor(() => expect(passwordChecksInFlight()).toBe(3), { timeout: 120_000 });
      const health = await client.get('/api/health');
      order.push('health');
      // Answered by the health route (503 only says a service was slow to answer on a busy machine).
      expect(['ok', 'degraded']).toContain(health.body.status);
      expect((await signUp).status).toBe(201);
      expect(order).toEqual(['health', 'sign-up']);
      await Promise.all(ahead);
    },
    CHECKS_TIMEOUT,
  );

  it(
    'answers 503 with Retry-After when too many checks wait, and keeps the account unmade',
    async () => {
      const client = app.client();
      // Four checks at once fill the queue whether the thread is up (one running, three waiting) or starting (three
      // waiting, the fourth refused).
      // Each outcome caught at once: a refused one must not count as an unhandled rejection.
      const ahead = [1, 2, 3, 4].map(() =>
        passwordWeaknessOffThread('Harbor-Gantry-77!', inputs).then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        ),
      );
      const refused = await passwordWeaknessOffThread('Tidewater-Crane-19!', inputs).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).status).toBe(503);
      const body = signUpBody('Tidewater-Crane-19!');
      const res = await client.post('/api/auth/register', body);
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe(String(PASSWORD_CHECK_RETRY_AFTER_SECONDS));
      expect(res.body.message).toMatch(/try again/);
      const outcomes = await Promise.all(ahead);
      expect(outcomes.filter((o) => 'value' in o).length).toBeGreaterThanOrEqual(3);
      for (const o of outcomes) {
        if ('value' in o) expect(o.value).toBeNull();
        else expect((o.error as AppError).status).toBe(503);
      }
      // Once the queue has room the same sign-up goes through.
      expect((await client.post('/api/auth/register', body)).status).toBe(201);
    },
    CHECKS_TIMEOUT,
  );

  it(
    'ends its threads when the app closes',
    async () => {
      expect(await passwordWeaknessOffThread(TEST_USER_PASSWORD, inputs)).toBeNull();
      const threads = passwordCheckThreads();
      expect(threads.length).toBeGreaterThan(0);
      const exited = Promise.all(threads.map((t) => once(t, 'exit')));
      await app.close();
      app = undefined as unknown as TestApp;
      await exited;
      expect(passwordCheckThreads()).toHaveLength(0);
    },
    CHECKS_TIMEOUT,
  );
});
