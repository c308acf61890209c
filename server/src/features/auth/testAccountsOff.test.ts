import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@test/helpers';
import { UserModel } from '../users/model';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { ENABLE_TEST_ACCOUNTS: 'false' } });
});
afterAll(async () => {
  await app?.close();
});

describe('with ENABLE_TEST_ACCOUNTS=false', () => {
  it('seeds no test account and hides the test-login endpoints and page', async () => {
    expect(await UserModel.countDocuments({ email: /@test\.local$/ })).toBe(0);
    expect((await app.client().get('/api/test-accounts')).status).toBe(404);
    const login = await app
      .client()
      .post('/api/auth/login', { email: 'carrier@test.local', password: 'Test1234!' });
    expect(login.status).toBe(401);
    expect((await app.client().get('/simple-login')).status).toBe(404);
    expect((await app.client().get('/api/config')).body.testAccountsEnabled).toBe(false);
  });

  it("refuses to register a test account's email (its password is public)", async () => {
    const res = await app.client().post('/api/auth/register', {
      email: 'Admin@test.local',
      password: 'Password123!',
      confirmPassword: 'Password123!',
      firstName: 'Mallory',
      lastName: 'X',
      userType: 'carrier',
      companyName: 'Co',
    });
    expect(res.status).toBe(409);
    expect(await UserModel.countDocuments({ email: 'admin@test.local' })).toBe(0);
  });
});
