import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const c = parseConfig({});
    expect(c).toMatchObject({
      PORT: 5000,
      DATA_DIR: '.data',
      ENABLE_TEST_ACCOUNTS: true,
      SERVICES: ['web', 'worker'],
      PASSWORD_HASHING: 'standard',
    });
    expect(parseConfig({ NODE_ENV: 'production' }).ENABLE_TEST_ACCOUNTS).toBe(false);
    expect(parseConfig({ ENABLE_TEST_ACCOUNTS: 'false' }).ENABLE_TEST_ACCOUNTS).toBe(false);
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a port number (got "abc")'],
    [{ PORT: '70000' }, 'PORT'],
    [{ MONGODB_URI: 'http://x' }, 'MONGODB_URI must start with mongodb://'],
    [{ ENABLE_TEST_ACCOUNTS: 'maybe' }, 'ENABLE_TEST_ACCOUNTS must be true or false'],
    [{ FILE_ENCRYPTION_KEY: 'short' }, 'FILE_ENCRYPTION_KEY'],
    [{ SERVICES: 'web,cron' }, 'SERVICES'],
    [{ PASSWORD_HASHING: 'fast', NODE_ENV: 'production' }, 'PASSWORD_HASHING=fast is for tests only'],
    [
      { PASSWORD_STRENGTH_CHECK: 'dictionary', NODE_ENV: 'production' },
      'PASSWORD_STRENGTH_CHECK=dictionary is for tests only',
    ],
  ])('names the bad variable in one line: %o', (env, text) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    try {
      parseConfig(env);
    } catch (err) {
      expect((err as Error).message).toContain(text);
      expect((err as Error).message).not.toContain('\n');
    }
  });
});
