import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import type { AuthTokenPurpose } from '../../db/entities/index.js';

const TOKEN_BYTES = 32;

export const TOKEN_LIFETIME_MS: Record<AuthTokenPurpose, number> = {
  reset_password: 60 * 60 * 1000,
  verify_email: 24 * 60 * 60 * 1000,
  // A mail is read, and its unsubscribe link followed, long after it was sent.
  unsubscribe_new_poems: 60 * 24 * 60 * 60 * 1000,
};

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The token of hash $1 and purpose $2, unused and unexpired at $3, joined to its author while the
 * author's address is still the one the token was mailed to.
 */
const LIVE_TOKEN = `auth_token token JOIN author ON author.id = token.author_id AND author.email = token.email
  WHERE token.token_hash = $1 AND token.purpose = $2 AND token.used_at IS NULL AND token.expires_at > $3`;

/**
 * Single-use tokens for mailed links: 256 random bits, of which only the SHA-256 is stored, bound
 * to the address the mail goes to: a token works only while that is still the author's address.
 * Times come from the app's clock, so tests can move it.
 */
export function createTokens(pool: pg.Pool) {
  return {
    /** A new token for `email`; undefined if that is no longer the author's address. */
    async issue(purpose: AuthTokenPurpose, authorId: string, email: string): Promise<string | undefined> {
      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      const now = Date.now();
      const { rowCount } = await pool.query(
        `INSERT INTO auth_token (id, author_id, purpose, token_hash, email, expires_at, created_at)
         SELECT $1, id, $3, $4, email, $6, $7 FROM author WHERE id = $2 AND email = $5`,
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
      return rowCount === 1 ? token : undefined;
    },

    /** The author of a live token and the address it was mailed to; undefined for any other token. */
    async holder(purpose: AuthTokenPurpose, token: string) {
      const { rows } = await pool.query<{ authorId: string; email: string }>(
        `SELECT author.id AS "authorId", author.email FROM ${LIVE_TOKEN}`,
        [hashOf(token), purpose, new Date()],
      );
      return rows[0];
    },

    /**
     * Uses up a live token together with every other unused token of its purpose and author, in
     * one statement: of two racing uses of one token, or of two tokens of one author, exactly one
     * gets the rows. The token's author and address, or undefined when the token was not live.
     */
    async consume(purpose: AuthTokenPurpose, token: string) {
      const { rows } = await pool.query<{ authorId: string; email: string }>(
        `WITH live AS (SELECT token.author_id, token.email FROM ${LIVE_TOKEN}),
         ended AS (
           UPDATE auth_token SET used_at = $3
           WHERE purpose = $2 AND used_at IS NULL AND author_id = (SELECT author_id FROM live)
           RETURNING token_hash)
         SELECT live.author_id AS "authorId", live.email FROM live JOIN ended ON ended.token_hash = $1`,
        [hashOf(token), purpose, new Date()],
      );
      return rows[0];
    },

    /** Ends every unused token of this purpose of the author. */
    async endAll(purpose: AuthTokenPurpose, authorId: string) {
      await pool.query(
        'UPDATE auth_token SET used_at = $3 WHERE author_id = $1 AND purpose = $2 AND used_at IS NULL',
        [authorId, purpose, new Date()],
      );
    },
  };
}
