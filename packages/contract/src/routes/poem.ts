import { z } from 'zod';
import { AuthorList } from '../schemas/author.js';
import { PngImage } from '../schemas/file.js';
import { PageQuery } from '../schemas/pagination.js';
import {
  MetricBody,
  PoemAround,
  PoemAroundQuery,
  PoemList,
  PoemResponse,
  PoemSearchQuery,
} from '../schemas/poem.js';
import { c, LOGIN_IDEMPOTENT, PAGINATED, poemId, responses, shareKey } from './shared.js';

const PUBLISHED_ONLY = 'An unknown or unpublished poem is 404.';

export const poem = c.router({
  // Declared first: its fixed `private` segment must win over `:poemId` (`/api/poem/:poemId/like`).
  private: {
    get: {
      method: 'GET',
      path: '/api/poem/private/:shareKey',
      summary: 'A poem by its share link',
      description:
        'The poem whose current `share_key` this is, draft or published, to anyone who has the link; needs no ' +
        'login. An unknown or replaced key is 404. The link shows the poem and nothing else of its author: liking ' +
        'it and counting its metrics go by its id, as for any poem, and need it published. No poem id (a UUID) is ' +
        '`private`, so this path never hides one of `/api/poem/{poemId}/…`.',
      pathParams: z.object({ shareKey }),
      responses: responses({ 200: PoemResponse }, 404),
    },
  },
  search: {
    method: 'GET',
    path: '/api/poem',
    summary: 'Search published poems',
    description:
      'Published poems matching `q`, in websearch syntax (`"a phrase"`, `or`, `-word`), with English ' +
      'stemming ("birds" finds "bird"), over the title, the tags, the author\'s name and the body: poems ' +
      'whose title alone matches first, then the others, each newest published first. A `q` of only ' +
      'common words ("the") matches nothing. Without `q`, newest published first (`published_at`). ' +
      `With \`tags\`, only poems carrying all of them. Needs no login. ${PAGINATED}`,
    query: PoemSearchQuery,
    responses: responses({ 200: PoemList }),
  },
  get: {
    method: 'GET',
    path: '/api/poem/:poemId',
    summary: 'A published poem',
    description: `A poem, only if it exists and is published. Needs no login. ${PUBLISHED_ONLY}`,
    pathParams: z.object({ poemId }),
    responses: responses({ 200: PoemResponse }, 404),
  },
  card: {
    method: 'GET',
    path: '/api/poem/:poemId/card',
    summary: "A poem's link-preview card",
    description:
      "A 1200×630 PNG of the poem's title, its author's name and its first lines, for the previews other " +
      "sites make of a link to its page (the page's `og:image`). Its `ETag` is strong and names what it " +
      `shows: it changes when they change. Needs no login. ${PUBLISHED_ONLY}`,
    pathParams: z.object({ poemId }),
    responses: responses({ 200: c.otherResponse({ contentType: 'image/png', body: PngImage }) }, 404),
  },
  around: {
    method: 'GET',
    path: '/api/poem/:poemId/around',
    summary: 'A published poem and what to read after it',
    description:
      'The poem as `GET /api/poem/{poemId}` answers it; other published poems of its author; with `collection_id`, ' +
      "the poems before and after it in that public collection's order (newest published first, as " +
      '`GET /api/author/{authorId}/collection/{collectionId}/poem` lists them). A collection that is unknown, ' +
      'private or does not show the poem is no error: `collection` is null. Needs no login (with a session, ' +
      `\`liked_by_me\` is filled in). ${PUBLISHED_ONLY}`,
    pathParams: z.object({ poemId }),
    query: PoemAroundQuery,
    responses: responses({ 200: PoemAround }, 404),
  },
  metrics: {
    increment: {
      method: 'PUT',
      path: '/api/poem/:poemId/metric',
      summary: 'Count a read, click or share',
      description:
        'Adds one to the named metric (`read`, `clicked` or `shared`; another name is 400). Atomic: no increment ' +
        `is lost under concurrency. Not idempotent: every call counts. Needs no login. ${PUBLISHED_ONLY}`,
      pathParams: z.object({ poemId }),
      body: MetricBody,
      responses: responses({ 200: PoemResponse }, 403, 404, 413, 415),
    },
  },
  likes: {
    list: {
      method: 'GET',
      path: '/api/poem/:poemId/like',
      summary: 'Who liked a poem',
      description: `Authors who like the poem, most recent like first. Needs no login. ${PUBLISHED_ONLY} ${PAGINATED}`,
      pathParams: z.object({ poemId }),
      query: PageQuery,
      responses: responses({ 200: AuthorList }, 404),
    },
    like: {
      method: 'PUT',
      path: '/api/poem/:poemId/like',
      summary: 'Like a poem',
      description: `Requires login. Idempotent: liking twice still likes once. ${PUBLISHED_ONLY}`,
      pathParams: z.object({ poemId }),
      body: c.noBody(),
      responses: responses({ 200: PoemResponse }, 401, 403, 404),
      metadata: LOGIN_IDEMPOTENT,
    },
    unlike: {
      method: 'DELETE',
      path: '/api/poem/:poemId/like',
      summary: 'Remove my like from a poem',
      description: `Requires login. Idempotent: a poem not liked answers 200 too. ${PUBLISHED_ONLY}`,
      pathParams: z.object({ poemId }),
      body: c.noBody(),
      responses: responses({ 200: PoemResponse }, 401, 403, 404),
      metadata: LOGIN_IDEMPOTENT,
    },
  },
});
