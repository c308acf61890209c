import { TEST_ACCOUNT_PASSWORD } from '@freight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_USER_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '@test/helpers';
import { UserModel } from '../users/model';

/** Issue #12 item 9: a new password that is easy to guess is refused, and the answer says why. */

let app: TestApp;
beforeAll(async () => {
  // The production check, fuzzy pass included (the other suites skip that pass: PASSWORD_STRENGTH_CHECK).
  app = await startTestApp({ env: { PASSWORD_STRENGTH_CHECK: 'full' } });
});
afterAll(async () => {
  await app?.close();
});

const registration = (password: string, overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('pw'),
  password,
  confirmPassword: password,
  firstName: 'Dana',
  lastName: 'Hauler',
  companyName: 'Dana Trucking',
  ...overrides,
});

describe('password strength at registration', () => {
  it.each([
    ['a common password', 'password', /heavily used password/],
    ['eight spaces', '        ', /Repeated characters/],
    ['the test accounts’ password', TEST_ACCOUNT_PASSWORD, /commonly used password/],
    ['a keyboard walk', 'qwertyuiop', /too easy to guess/],
    ['the user’s own company and a digit', 'Dana Trucking 1!', /personal/],
    ['a common password with two characters changed (the fuzzy pass)', '123x567q90', /frequently used/],
  ])('refuses %s with 400, says why, and creates nothing', async (_name, password, reason) => {
    const body = registration(password);
    const res = await app.client().post('/api/auth/register', body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.message).toMatch(/^password: This password is too easy to guess\./);
    expect(res.body.message).toMatch(reason);
    expect(res.body.details).toEqual([{ path: 'password', message: expect.stringMatching(reason) }]);
    expect(await UserModel.countDocuments({ email: body.email })).toBe(0);
  });

  it('accepts a strong password', async () => {
    const body = registration(TEST_USER_PASSWORD);
    expect((await app.client().post('/api/auth/register', body)).status).toBe(201);
    expect(
      (await app.client().post('/api/auth/login', { email: body.email, password: TEST_USER_PASSWORD }))
        .status,
    ).toBe(200);
  });

  it('checks only new passwords: the test accounts still sign in with theirs', async () => {
    const res = await app
      .client()
      .post('/api/auth/login', { email: 'carrier@test.local', password: TEST_ACCOUNT_PASSWORD });
    expect(res.status).toBe(200);
  });
});
