import type { Queryable } from '../../db/queryable.js';
import { notFound } from '../../errors.js';
import { isUuid } from './ids.js';

const USERNAME_SHAPE = /^[a-z0-9_-]{3,30}$/i;

/**
 * Whether `ref` could name an author at all: an id, or something shaped like a username.
 * Anything else names nobody and is never sent to PostgreSQL (it may hold bytes a query parameter
 * cannot carry, such as NUL).
 */
export function canNameAuthor(ref: string): boolean {
  return isUuid(ref) || USERNAME_SHAPE.test(ref);
}

/**
 * SQL: the author aliased `alias` is the one `ref` names, where `placeholder` holds `ref`. A UUID
 * is an id (a username is at most 30 characters, so never looks like one); anything else is a
 * username, compared case-insensitively through the unique index on `lower(username)`. Never
 * puts a non-UUID into a `uuid` parameter. Callers check `canNameAuthor` first.
 */
export function authorRefMatch(ref: string, alias: string, placeholder: string): string {
  return isUuid(ref)
    ? `${alias}.id = ${placeholder}::uuid`
    : `lower(${alias}.username) = lower(${placeholder})`;
}

/** The id of the author `ref` (an id or a username) names, if there is one. */
export async function findAuthorId(db: Queryable, ref: string): Promise<string | undefined> {
  if (!canNameAuthor(ref)) return undefined;
  const { rows } = await db.query<{ id: string }>(
    `SELECT a.id FROM author a WHERE ${authorRefMatch(ref, 'a', '$1')}`,
    [ref],
  );
  return rows[0]?.id;
}

/** The id of the author `ref` names; 404 when there is none. */
export async function resolveAuthorId(db: Queryable, ref: string): Promise<string> {
  const id = await findAuthorId(db, ref);
  if (id === undefined) throw notFound('Author');
  return id;
}
