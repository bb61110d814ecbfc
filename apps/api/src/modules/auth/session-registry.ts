import type pg from 'pg';
import { SESSION_TABLE } from '../../http/session.js';

/** Ends stored sessions of an author, on every instance at once, since they share the table. */
export function createSessionRegistry(pool: pg.Pool) {
  return {
    async endAll(authorId: string, options: { except?: string } = {}) {
      await pool.query(
        `DELETE FROM "${SESSION_TABLE}" WHERE sess #>> '{passport,user}' = $1 AND sid IS DISTINCT FROM $2`,
        [authorId, options.except ?? null],
      );
    },
  };
}

export type SessionRegistry = ReturnType<typeof createSessionRegistry>;
