import type { Queryable } from '../../db/queryable.js';
import { viewerId } from '../../http/current-author.js';
import type { ModuleContext } from '../context.js';

/**
 * `make` built over the primary and over the anonymous reads (`ModuleContext.reads`), and a
 * request's pick of the two: an anonymous request reads from the replica while it is fresh; a
 * logged-in author reads from the primary, so sees at once what they just wrote.
 */
export function perViewer<T>(
  { pool, reads }: Pick<ModuleContext, 'pool' | 'reads'>,
  make: (db: Queryable) => T,
): (req: { user?: Express.User }) => T {
  const primary = make(pool);
  const anonymous = reads === pool ? primary : make(reads);
  return (req) => (viewerId(req) === null ? anonymous : primary);
}
