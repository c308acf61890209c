import argon2 from 'argon2';

/** A password's hash as stored (argon2id). */
export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}
