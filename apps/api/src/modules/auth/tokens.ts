import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import type { AuthTokenPurpose } from '../../db/entities/index.js';

const TOKEN_BYTES = 32;

export const TOKEN_LIFETIME_MS: Record<AuthTokenPurpose, number> = {
  reset_password: 60 * 60 * 1000,
  verify_email: 24 * 60 * 60 * 1000,
};

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Single-use tokens for mailed links: 256 random bits, of which only the SHA-256 is stored, bound
 * to the address the mail goes to. Times come from the app's clock, so tests can move it.
 */
export function createTokens(pool: pg.Pool) {
  return {
    async issue(purpose: AuthTokenPurpose, authorId: string, email: string): Promise<string> {
      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      const now = Date.now();
      await pool.query(
        `INSERT INTO auth_token (id, author_id, purpose, token_hash, email, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          uuidv7(),
          authorId,
          purpose,
          hashOf(token),
          email,
          new Date(now + TOKEN_LIFETIME_MS[purpose]),
          new Date(now),
        ],
      );
      return token;
    },

    /**
     * Uses up a token in one UPDATE: of two racing uses exactly one gets the row. Undefined when
     * the token is unknown, of another purpose, used or expired.
     */
    async consume(purpose: AuthTokenPurpose, token: string) {
      const { rows } = await pool.query<{ authorId: string; email: string }>(
        `UPDATE auth_token SET used_at = $3
         WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
         RETURNING author_id AS "authorId", email`,
        [hashOf(token), purpose, new Date()],
      );
      return rows[0];
    },
  };
}

export type Tokens = ReturnType<typeof createTokens>;
