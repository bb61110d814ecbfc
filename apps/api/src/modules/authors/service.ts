import type { PageQuery } from '@poetry/contract';
import type pg from 'pg';
import { found, notFound, unprocessable } from '../../errors.js';
import type { AuthorRow } from '../shared/author-view.js';
import { resolveAuthorId } from '../shared/resolve-author.js';
import { authorListQuery } from './author-lists.js';
import { createAuthorReadModel } from './author-read-model.js';
import { createFollows } from './follows.js';

type Viewer = string | null;

/** Public views of authors, following, and the named lists. */
export function createAuthorService({ pool }: { pool: pg.Pool }) {
  const authors = createAuthorReadModel(pool);
  const follows = createFollows(pool);

  /** The author with their counters as they are now, as `viewerId` sees them. */
  const get = async (idOrUsername: string, viewerId: Viewer): Promise<AuthorRow> =>
    found(await authors.find(idOrUsername, viewerId), 'Author');

  return {
    get,

    async follow(followerId: string, idOrUsername: string): Promise<AuthorRow> {
      const followeeId = await resolveAuthorId(pool, idOrUsername);
      if (followeeId === followerId) throw unprocessable('You cannot follow yourself');
      if (!(await follows.add(followerId, followeeId))) throw notFound('Author');
      return get(followeeId, followerId);
    },

    async unfollow(followerId: string, idOrUsername: string): Promise<AuthorRow> {
      const followeeId = await resolveAuthorId(pool, idOrUsername);
      await follows.remove(followerId, followeeId);
      return get(followeeId, followerId);
    },

    followers: async (idOrUsername: string, viewerId: Viewer, page: PageQuery) =>
      found(await authors.followers(idOrUsername, viewerId, page), 'Author'),

    list: async (listId: string, viewerId: Viewer, page: PageQuery) =>
      authors.list(found(authorListQuery(listId), 'List'), viewerId, page),
  };
}

export type AuthorService = ReturnType<typeof createAuthorService>;
