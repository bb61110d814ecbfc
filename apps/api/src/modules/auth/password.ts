import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with the parameters OWASP recommends.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

const unusedHash = hashPassword('a password that matches no account');

/**
 * Checks a password against a stored hash. Without a hash (no such account) it still spends the
 * time of one verification, so a wrong email and a wrong password cannot be told apart by timing.
 */
export async function verifyPassword(passwordHash: string | undefined, password: string) {
  const matches = await verify(passwordHash ?? (await unusedHash), password);
  return passwordHash !== undefined && matches;
}
