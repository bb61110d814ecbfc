import { z } from 'zod';
import { AuthorList } from '../schemas/author.js';
import { CollectionList, CollectionPoemsQuery, CollectionResponse } from '../schemas/collection.js';
import { PageQuery } from '../schemas/pagination.js';
import { PoemList, PoemResponse } from '../schemas/poem.js';
import { c, collectionId, LOGIN, LOGIN_IDEMPOTENT, PAGINATED, poemId, responses } from './shared.js';

const VISIBLE = 'Requires login. An unknown collection, or a private one the caller does not own, is 404.';

const WHAT_POEMS_SHOW =
  'Everyone sees the public view: published poems in memberships that are not hidden. The owner sees their ' +
  "own poems in any state and other authors' published poems, hidden ones included, each with `is_hidden`.";

export const collection = c.router({
  // Declared first: its fixed `list` segment must win over `:collectionId`.
  lists: {
    get: {
      method: 'GET',
      path: '/api/collection/list/:listId',
      summary: 'A named list of public collections',
      description:
        '`featured`: most followers; `new`: newest first; `genre:<tag>`: public collections tagged `<tag>`, ' +
        `most followers first. Public collections only. An unknown list id is 404. Requires login. ${PAGINATED} ` +
        'No collection id (a UUID) is `list`, so this path never hides one of `/api/collection/{collectionId}/…`.',
      pathParams: z.object({
        listId: z.string().describe('`featured`, `new` or `genre:<tag>`'),
      }),
      query: PageQuery,
      responses: responses({ 200: CollectionList }, 401, 404),
      metadata: LOGIN,
    },
  },
  get: {
    method: 'GET',
    path: '/api/collection/:collectionId',
    summary: 'A collection',
    description: `A public collection, or one of the caller's own. ${VISIBLE}`,
    pathParams: z.object({ collectionId }),
    responses: responses({ 200: CollectionResponse }, 401, 404),
    metadata: LOGIN,
  },
  poems: {
    list: {
      method: 'GET',
      path: '/api/collection/:collectionId/poem',
      summary: 'Poems in a collection',
      description:
        `${WHAT_POEMS_SHOW} \`author_id\` keeps one author's poems; \`tags\` (comma-separated) keeps poems ` +
        'carrying all of them. Newest published first (`published_at`); the owner, whose view holds drafts, gets ' +
        `newest membership first. ${VISIBLE} ${PAGINATED}`,
      pathParams: z.object({ collectionId }),
      query: CollectionPoemsQuery,
      responses: responses({ 200: PoemList }, 401, 404),
      metadata: LOGIN,
    },
    get: {
      method: 'GET',
      path: '/api/collection/:collectionId/poem/:poemId',
      summary: 'A poem in a collection',
      description: `${WHAT_POEMS_SHOW} A poem the caller cannot see in this collection is 404. ${VISIBLE}`,
      pathParams: z.object({ collectionId, poemId }),
      responses: responses({ 200: PoemResponse }, 401, 404),
      metadata: LOGIN,
    },
  },
  followers: {
    list: {
      method: 'GET',
      path: '/api/collection/:collectionId/follower',
      summary: "A collection's followers",
      description: `Authors following the collection, most recent follow first. ${VISIBLE} ${PAGINATED}`,
      pathParams: z.object({ collectionId }),
      query: PageQuery,
      responses: responses({ 200: AuthorList }, 401, 404),
      metadata: LOGIN,
    },
    follow: {
      method: 'PUT',
      path: '/api/collection/:collectionId/follower',
      summary: 'Follow a collection',
      description:
        'The caller follows the collection; its public poems join their feed. Idempotent (following twice still ' +
        `follows once). ${VISIBLE} Answers the collection.`,
      pathParams: z.object({ collectionId }),
      body: c.noBody(),
      responses: responses({ 200: CollectionResponse }, 401, 403, 404),
      metadata: LOGIN_IDEMPOTENT,
    },
    unfollow: {
      method: 'DELETE',
      path: '/api/collection/:collectionId/follower',
      summary: 'Unfollow a collection',
      description: `The caller stops following the collection; idempotent (not following answers 200 too). ${VISIBLE} Answers the collection.`,
      pathParams: z.object({ collectionId }),
      body: c.noBody(),
      responses: responses({ 200: CollectionResponse }, 401, 403, 404),
      metadata: LOGIN_IDEMPOTENT,
    },
  },
});
