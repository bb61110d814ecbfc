import { authorMatchSql, canNameAuthor } from '../shared/resolve-author.js';

/** SQL: the id of the author `ref` (an id or a username) names; NULL when there is none. */
export const authorIdSql = (ref: string, param: (value: unknown) => string) =>
  canNameAuthor(ref)
    ? `(SELECT au.id FROM author au WHERE ${authorMatchSql(ref, 'au', param(ref))})`
    : 'NULL::uuid';
