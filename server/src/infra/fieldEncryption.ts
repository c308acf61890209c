import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { secrets } from './services';

/**
 * Sensitive fields at rest (a driver's SSN): AES-256-GCM with the file store's key (DESIGN §3), a random IV per value,
 * and the record it belongs to as additional authenticated data, so a ciphertext copied onto another record does not
 * decrypt. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
const VERSION = 'v1';
const IV_BYTES = 12;

/** The same key the file store uses. */
function currentKey(): Buffer {
  const key = secrets().fileEncryptionKey;
  if (key.length !== 32) throw new Error('field encryption key must be 32 bytes');
  return key;
}

/** Encrypts `plaintext`, bound to `context` (e.g. `backgroundCheck:<userId>:ssn`). */
export function encryptField(plaintext: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', currentKey(), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plaintext of `encryptField(…, context)`; throws when the value was tampered with or moved. */
export function decryptField(sealed: string, context: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not an encrypted field');
  const decipher = createDecipheriv('aes-256-gcm', currentKey(), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
