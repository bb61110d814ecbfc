import type pg from 'pg';
import { authorColumns } from '../common/author-view.js';
import type { PrivateAuthorRow } from './view.js';

/** The reads of accounts: one statement per answer. */
export function createAccountQueries(pool: pg.Pool) {
  return {
    /** The author with this id as they see themselves; undefined when there is none. */
    async privateAuthor(id: string): Promise<PrivateAuthorRow | undefined> {
      const { rows } = await pool.query<PrivateAuthorRow>(
        `SELECT ${authorColumns('a')}, a.email, a.email_verified_at AS "emailVerifiedAt",
           a.new_poem_mail AS "newPoemMail", a.updated_at AS "updatedAt"
         FROM author a WHERE a.id = $1`,
        [id],
      );
      return rows[0];
    },
  };
}
