import { LOGIN_FREE_FAILURES_PER_ACCOUNT_IP, LOGIN_FREE_FAILURES_PER_IP } from '@freight/shared';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_USER_PASSWORD, sleep, startTestApp, uniqueEmail, type TestApp } from '@test/helpers';

/**
 * Issue #12 item 8. Sign-in does the same work whether the email exists or not; failures slow the guesser down with
 * growing delays per email+IP and per IP, never a lockout of the owner signing in from elsewhere; sign-ups are
 * limited per IP. TRUST_PROXY is on so each test can speak from its own client address (X-Forwarded-For).
 */

const REGISTER_LIMIT = 3;
/** Each test does tens of argon2 verifications; on a busy machine that takes a while. */
const SLOW = 300_000;
const env = { TRUST_PROXY: 'true', REGISTER_LIMIT_PER_HOUR: String(REGISTER_LIMIT) };
/**
 * The app of the tests that follow the timing test, at the tests' password hash cost: what slows a guesser down does
 * not depend on it. One app at a time: the timing test's own closes before this one starts.
 */
let app: TestApp;

let ipCounter = 0;
/** A fresh client address per call. */
const newIp = () => `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

const login = (ip: string, email: string, password: string, on = app) =>
  request(on.url).post('/api/auth/login').set('X-Forwarded-For', ip).send({ email, password });

async function registerFrom(ip: string, overrides: Record<string, unknown> = {}, on = app) {
  const body = {
    email: uniqueEmail('sec'),
    password: TEST_USER_PASSWORD,
    confirmPassword: TEST_USER_PASSWORD,
    firstName: 'Owen',
    lastName: 'Owner',
    ...overrides,
  };
  const res = await request(on.url).post('/api/auth/register').set('X-Forwarded-For', ip).send(body);
  return { res, email: body.email };
}

async function account(on = app): Promise<string> {
  const { res, email } = await registerFrom(newIp(), {}, on);
  expect(res.status).toBe(201);
  return email;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

describe('sign-in timing', () => {
  // The standard hash cost: it is what makes a known and an unknown email cost the same.
  let standard: TestApp;
  beforeAll(async () => {
    standard = await startTestApp({ env: { ...env, PASSWORD_HASHING: 'standard' } });
  });
  afterAll(async () => {
    await standard?.close();
  });

  it(
    'a wrong password for a real email and any password for an unknown one take about as long (medians within 2×)',
    async () => {
      // One account per wrong password: failures at one account slow it down from every address (issue 25).
      const emails: string[] = [];
      for (let i = 0; i < 10; i++) emails.push(await account(standard));
      // Warm up both paths once (the first unknown email builds the dummy hash).
      await login(newIp(), uniqueEmail('nobody'), 'Wrong-Guess-1', standard);
      await login(newIp(), emails[9], 'Wrong-Guess-1', standard);
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 9; i++) {
        // Alternate which goes first, each try from its own address (no throttle in the way).
        for (const which of i % 2 ? ['unknown', 'known'] : ['known', 'unknown']) {
          const started = performance.now();
          const res =
            which === 'known'
              ? await login(newIp(), emails[i], `Wrong-Guess-${i}`, standard)
              : await login(newIp(), uniqueEmail('nobody'), `Wrong-Guess-${i}`, standard);
          const ms = performance.now() - started;
          expect(res.status).toBe(401);
          (which === 'known' ? known : unknown).push(ms);
        }
      }
      const [k, u] = [median(known), median(unknown)];
      expect(
        Math.max(k, u) / Math.min(k, u),
        `medians: known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`,
      ).toBeLessThan(2);
    },
    SLOW,
  );
});

describe("throttles and limits, at the tests' hash cost", () => {
  beforeAll(async () => {
    app = await startTestApp({ env });
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('growing delays, never a lockout', () => {
    it(
      'after the free failures from one address, each further failure makes that address wait longer; the owner elsewhere signs in at once',
      async () => {
        const email = await account();
        const attacker = newIp();
        for (let i = 0; i < LOGIN_FREE_FAILURES_PER_ACCOUNT_IP; i++) {
          expect((await login(attacker, email, `guess-${i}`)).status).toBe(401);
        }
        // One more failure: from now on the attacker's address must wait before each try.
        expect((await login(attacker, email, 'guess-x')).status).toBe(401);
        const blocked = await login(attacker, email, TEST_USER_PASSWORD);
        expect(blocked.status).toBe(429);
        expect(blocked.body.code).toBe('TOO_MANY_REQUESTS');
        expect(blocked.body.message).toMatch(
          /^Too many failed sign-in attempts\. Try again in \d+ seconds?\.$/,
        );
        const firstWait = Number(blocked.headers['retry-after']);
        expect(firstWait).toBeGreaterThanOrEqual(1);

        // Guesses at an account slow it down from every address (issue 25): a new browser elsewhere waits too (a browser
        // that signed in before does not: loginAddresses.security.test.ts).
        expect((await login(newIp(), email, TEST_USER_PASSWORD)).status).toBe(429);

        // After the wait the attacker may try again; the next failure makes the wait longer.
        await sleep(firstWait * 1000 + 100);
        expect((await login(attacker, email, 'guess-y')).status).toBe(401);
        const longer = await login(attacker, email, 'guess-z');
        expect(longer.status).toBe(429);
        expect(Number(longer.headers['retry-after'])).toBeGreaterThan(firstWait);

        // Not a lockout: once the wait is over, the right password from that address works and clears the count.
        await sleep(Number(longer.headers['retry-after']) * 1000 + 100);
        expect((await login(attacker, email, TEST_USER_PASSWORD)).status).toBe(200);
        expect((await login(attacker, email, 'guess-after')).status).toBe(401);
      },
      SLOW,
    );

    it(
      'one address spraying guesses over many emails is slowed down too; other addresses are not',
      async () => {
        const email = await account();
        const sprayer = newIp();
        const emails = Array.from({ length: LOGIN_FREE_FAILURES_PER_IP + 1 }, () => uniqueEmail('spray'));
        for (let i = 0; i < emails.length; i += 5) {
          const batch = await Promise.all(
            emails.slice(i, i + 5).map((e) => login(sprayer, e, 'Spray-Guess-1')),
          );
          for (const r of batch) expect(r.status).toBe(401);
        }
        const blocked = await login(sprayer, email, TEST_USER_PASSWORD);
        expect(blocked.status).toBe(429);
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect((await login(newIp(), email, TEST_USER_PASSWORD)).status).toBe(200);
      },
      SLOW,
    );
  });

  describe('sign-ups per address', () => {
    it(
      `accepts ${REGISTER_LIMIT} sign-ups an hour from one address, then answers 429 with Retry-After; another address still signs up`,
      async () => {
        const ip = newIp();
        // Invalid input does not use up the allowance.
        expect(
          (await registerFrom(ip, { password: 'password', confirmPassword: 'password' })).res.status,
        ).toBe(400);
        for (let i = 0; i < REGISTER_LIMIT; i++) expect((await registerFrom(ip)).res.status).toBe(201);
        const { res, email } = await registerFrom(ip);
        expect(res.status).toBe(429);
        expect(res.body.code).toBe('TOO_MANY_REQUESTS');
        expect(res.body.message).toMatch(
          /^Too many accounts created from your network\. Try again in \d+ minutes?\.$/,
        );
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect((await login(newIp(), email, TEST_USER_PASSWORD)).status).toBe(401); // nothing was created
        expect((await registerFrom(newIp())).res.status).toBe(201);
      },
      SLOW,
    );
  });
});
