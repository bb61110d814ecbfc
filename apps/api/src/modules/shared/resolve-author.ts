import type pg from 'pg';
import { isUuid } from '../../db/keyset.js';
import { notFound } from '../../errors.js';

const USERNAME_SHAPE = /^[a-z0-9_-]{3,30}$/i;

/**
 * Whether `value` could be an author's id or username at all. Anything else names nobody and is
 * never sent to PostgreSQL (it may hold bytes a query parameter cannot carry, such as NUL).
 */
export function canNameAuthor(value: string): boolean {
  return isUuid(value) || USERNAME_SHAPE.test(value);
}

/**
 * SQL: the author aliased `alias` is the one `idOrUsername` names, where parameter `param` holds
 * `idOrUsername`. A UUID is an id (a username is at most 30 characters, so never looks like
 * one); anything else is a username, compared case-insensitively through the unique index on
 * `lower(username)`. Never puts a non-UUID into a `uuid` parameter. Callers check `canNameAuthor` first.
 */
export function authorMatchSql(idOrUsername: string, alias: string, param: string): string {
  return isUuid(idOrUsername) ? `${alias}.id = ${param}::uuid` : `lower(${alias}.username) = lower(${param})`;
}

/** The id of the author `idOrUsername` (an id or a username) names; 404 when there is none. */
export async function resolveAuthorId(pool: pg.Pool, idOrUsername: string): Promise<string> {
  if (!canNameAuthor(idOrUsername)) throw notFound('Author');
  const { rows } = await pool.query<{ id: string }>(
    `SELECT a.id FROM author a WHERE ${authorMatchSql(idOrUsername, 'a', '$1')}`,
    [idOrUsername],
  );
  const row = rows[0];
  if (!row) throw notFound('Author');
  return row.id;
}
