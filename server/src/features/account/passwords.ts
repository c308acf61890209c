import argon2 from 'argon2';
import { passwordHashing } from '../../infra/services';

/**
 * argon2id's standard cost, or (PASSWORD_HASHING=fast, test runs only) its smallest: verification reads the cost from
 * the stored hash, so either kind verifies under either setting.
 */
const FAST = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

/** A password's hash as stored (argon2id). */
export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...(passwordHashing() === 'fast' ? FAST : {}) });
}
