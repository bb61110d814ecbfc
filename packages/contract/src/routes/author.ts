import { z } from 'zod';
import { AUTHOR_LISTS_WORD, AuthorList, AuthorResponse } from '../schemas/author.js';
import { CollectionList, CollectionResponse, PublicCollectionPoemsQuery } from '../schemas/collection.js';
import { PageQuery } from '../schemas/pagination.js';
import { PoemList, PoemResponse } from '../schemas/poem.js';
import { authorId, c, collectionId, LOGIN_IDEMPOTENT, PAGINATED, poemId, responses } from './shared.js';

const PUBLIC = 'Needs no login (with a session, `followed_by_me` / `liked_by_me` are filled in).';
const UNKNOWN_AUTHOR = 'An unknown author is 404.';

export const author = c.router({
  // Declared first: its fixed `list` segment must win over `:authorId` (the username `list` is reserved).
  lists: {
    get: {
      method: 'GET',
      path: `/api/author/${AUTHOR_LISTS_WORD}/:listId`,
      summary: 'A named list of authors',
      description:
        '`featured`: most followers; `top`: most likes on published poems; `new`: newest first; ' +
        '`genre:<tag>`: authors with published poems tagged `<tag>`, ranked by likes. ' +
        `An unknown list id is 404. ${PAGINATED} ${PUBLIC} \`${AUTHOR_LISTS_WORD}\` is a reserved username, so this ` +
        'path never hides one of `/api/author/{authorId}/…`.',
      pathParams: z.object({
        listId: z.string().describe('`featured`, `top`, `new` or `genre:<tag>`'),
      }),
      query: PageQuery,
      responses: responses({ 200: AuthorList }, 404),
    },
  },
  get: {
    method: 'GET',
    path: '/api/author/:authorId',
    summary: 'An author',
    description: `The public view of an author, by id or username. ${UNKNOWN_AUTHOR} ${PUBLIC}`,
    pathParams: z.object({ authorId }),
    responses: responses({ 200: AuthorResponse }, 404),
  },
  collections: {
    list: {
      method: 'GET',
      path: '/api/author/:authorId/collection',
      summary: "An author's public collections",
      description: `Public collections only, newest first. ${UNKNOWN_AUTHOR} ${PAGINATED} ${PUBLIC}`,
      pathParams: z.object({ authorId }),
      query: PageQuery,
      responses: responses({ 200: CollectionList }, 404),
    },
    get: {
      method: 'GET',
      path: '/api/author/:authorId/collection/:collectionId',
      summary: "One of an author's collections",
      description:
        'A collection owned by this author. A private collection is 404 to everyone but its owner; ' +
        `so is a collection of another author. ${PUBLIC}`,
      pathParams: z.object({ authorId, collectionId }),
      responses: responses({ 200: CollectionResponse }, 404),
    },
    poems: {
      list: {
        method: 'GET',
        path: '/api/author/:authorId/collection/:collectionId/poem',
        summary: "The poems of one of an author's public collections",
        description:
          'What a reader without an account sees of a public collection of this author: its published poems in ' +
          'memberships that are not hidden, newest published first (`published_at`). The owner ' +
          'sees this public view here too (their whole collection is `GET /api/me/collection/{collectionId}/poem`). ' +
          '`tags` (comma-separated) keeps poems carrying all of them. A private or unknown collection, or one of ' +
          `another author, is 404. ${PAGINATED} ${PUBLIC}`,
        pathParams: z.object({ authorId, collectionId }),
        query: PublicCollectionPoemsQuery,
        responses: responses({ 200: PoemList }, 404),
      },
    },
  },
  poems: {
    list: {
      method: 'GET',
      path: '/api/author/:authorId/poem',
      summary: "An author's published poems",
      description: `Published poems only, newest published first (\`published_at\`). ${UNKNOWN_AUTHOR} ${PAGINATED} ${PUBLIC}`,
      pathParams: z.object({ authorId }),
      query: PageQuery,
      responses: responses({ 200: PoemList }, 404),
    },
    get: {
      method: 'GET',
      path: '/api/author/:authorId/poem/:poemId',
      summary: "One of an author's published poems",
      description: `A published poem by this author; an unpublished one, or one by another author, is 404. ${PUBLIC}`,
      pathParams: z.object({ authorId, poemId }),
      responses: responses({ 200: PoemResponse }, 404),
    },
  },
  followers: {
    list: {
      method: 'GET',
      path: '/api/author/:authorId/follower',
      summary: "An author's followers",
      description: `Authors following this author, most recent follow first. ${UNKNOWN_AUTHOR} ${PAGINATED} ${PUBLIC}`,
      pathParams: z.object({ authorId }),
      query: PageQuery,
      responses: responses({ 200: AuthorList }, 404),
    },
    follow: {
      method: 'PUT',
      path: '/api/author/:authorId/follower',
      summary: 'Follow an author',
      description:
        'Requires login. The caller follows this author; idempotent (following twice still follows once). ' +
        `Following yourself is 422. ${UNKNOWN_AUTHOR} Answers the followed author.`,
      pathParams: z.object({ authorId }),
      body: c.noBody(),
      responses: responses({ 200: AuthorResponse }, 401, 403, 404, 422),
      metadata: LOGIN_IDEMPOTENT,
    },
    unfollow: {
      method: 'DELETE',
      path: '/api/author/:authorId/follower',
      summary: 'Unfollow an author',
      description:
        'Requires login. The caller stops following this author; idempotent (not following answers 200 too). ' +
        `${UNKNOWN_AUTHOR} Answers the author.`,
      pathParams: z.object({ authorId }),
      body: c.noBody(),
      responses: responses({ 200: AuthorResponse }, 401, 403, 404),
      metadata: LOGIN_IDEMPOTENT,
    },
  },
});
