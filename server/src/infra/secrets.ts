import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

export interface Secrets {
  sessionSecret: string;
  /** 32 bytes for AES-256-GCM file encryption. */
  fileEncryptionKey: Buffer;
}

/**
 * Secrets come from the environment in production. In embedded mode they are generated once and kept in the
 * data folder (mode 0600), so sessions and encrypted files survive a restart.
 */
export function loadSecrets(config: Config): Secrets {
  let stored: { sessionSecret?: string; fileEncryptionKey?: string } = {};
  const file = path.resolve(config.DATA_DIR, 'secrets.json');
  const needStored = !config.SESSION_SECRET || !config.FILE_ENCRYPTION_KEY;
  if (needStored) {
    if (config.NODE_ENV === 'production') {
      throw new Error('SESSION_SECRET and FILE_ENCRYPTION_KEY must be set in production');
    }
    if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8'));
    if (!stored.sessionSecret || !stored.fileEncryptionKey) {
      stored = {
        sessionSecret: stored.sessionSecret ?? randomBytes(32).toString('hex'),
        fileEncryptionKey: stored.fileEncryptionKey ?? randomBytes(32).toString('hex'),
      };
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
    }
  }
  return {
    sessionSecret: config.SESSION_SECRET ?? stored.sessionSecret!,
    fileEncryptionKey: Buffer.from(config.FILE_ENCRYPTION_KEY ?? stored.fileEncryptionKey!, 'hex'),
  };
}
