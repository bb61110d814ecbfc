import { z } from 'zod';
import { AuthorList, PrivateAuthorResponse, UpdateMeBody, UploadPhotoBody } from '../schemas/author.js';
import {
  AddPoemToCollectionBody,
  CollectionList,
  CollectionResponse,
  CreateCollectionBody,
  UpdateCollectionBody,
} from '../schemas/collection.js';
import { PageQuery } from '../schemas/pagination.js';
import { CreatePoemBody, MyPoemList, MyPoemResponse, PoemList, UpdatePoemBody } from '../schemas/poem.js';
import { c, collectionId, LOGIN, LOGIN_IDEMPOTENT, PAGINATED, poemId, responses } from './shared.js';

const MY_POEM = 'A poem the caller does not own is 404.';
const MY_COLLECTION = 'A collection the caller does not own is 404.';

/** Both published spellings of remove-poem-from-collection share this definition. */
function removePoemFromCollection<P extends string>(path: P, note: string) {
  return {
    method: 'DELETE',
    path,
    summary: 'Remove a poem from my collection',
    description:
      'Requires login. Removes the poem from the collection; idempotent (a poem not in the collection answers 200 too). ' +
      `${MY_COLLECTION} Answers the collection. ${note}`,
    pathParams: z.object({ collectionId, poemId }),
    body: c.noBody(),
    responses: responses({ 200: CollectionResponse }, 401, 403, 404),
    metadata: LOGIN_IDEMPOTENT,
  } as const;
}

const collectionPoems = c.router({
  list: {
    method: 'GET',
    path: '/api/me/collection/:collectionId/poem',
    summary: 'Poems in my collection',
    description:
      "Requires login. Everything in the collection as its owner sees it: own poems in any state and other authors' published " +
      `poems, hidden ones included; each carries \`is_hidden\`. Newest membership first (drafts have no publication ` +
      `time to order them by). ${MY_COLLECTION} ${PAGINATED}`,
    pathParams: z.object({ collectionId }),
    query: PageQuery,
    responses: responses({ 200: PoemList }, 401, 404),
    metadata: LOGIN,
  },
  add: {
    method: 'PUT',
    path: '/api/me/collection/:collectionId/poem/:poemId',
    summary: 'Add a poem to my collection',
    description:
      "Requires login. Adds one of the caller's own poems (any state) or another author's published poem. Idempotent: adding " +
      'it again sets `is_hidden` to the value sent (default false). A poem the caller cannot see is 404. ' +
      `${MY_COLLECTION} Answers the collection.`,
    pathParams: z.object({ collectionId, poemId }),
    body: AddPoemToCollectionBody,
    responses: responses({ 200: CollectionResponse }, 401, 403, 404, 413, 415),
    metadata: LOGIN_IDEMPOTENT,
  },
  remove: removePoemFromCollection(
    '/api/me/collection/:collectionId/poem/:poemId',
    'Also published as `DELETE /api/me/collections/{collectionId}/poem/{poemId}`.',
  ),
  removeAlias: removePoemFromCollection(
    '/api/me/collections/:collectionId/poem/:poemId',
    'The second published spelling (plural `collections`) of `DELETE /api/me/collection/{collectionId}/poem/{poemId}`; identical.',
  ),
});

export const me = c.router({
  get: {
    method: 'GET',
    path: '/api/me',
    summary: 'My account',
    description: "Requires login. The caller's public and personal data.",
    responses: responses({ 200: PrivateAuthorResponse }, 401),
    metadata: LOGIN,
  },
  update: {
    method: 'PUT',
    path: '/api/me',
    summary: 'Update my account',
    description:
      'Requires login. Changes only the fields sent. Changing `email` or `password` also needs `current_password` ' +
      '(missing: 400; wrong: 401 invalid_credentials). The password is 8..256 characters, not the email and not ' +
      'one of the 10,000 most common (400). A new email is unverified and gets a verification mail; the old ' +
      'address gets a notice. A password or email change ends every other session and every reset link, and ' +
      'mails a notice. An email or username already taken is 409. Email changes per account, and mails to one ' +
      'address from all accounts together, are limited (429 with `Retry-After`, nothing changed). A mail to an ' +
      'address not yet confirmed quotes no text of the account (no name). ' +
      'The usernames `list` and `me` are reserved.',
    body: UpdateMeBody,
    responses: responses({ 200: PrivateAuthorResponse }, 401, 403, 409, 413, 415),
    metadata: LOGIN,
  },
  delete: {
    method: 'DELETE',
    path: '/api/me',
    summary: 'Delete my account',
    description:
      'Requires login. Deletes the author and everything they own (poems, collections, follows, likes, photos, ' +
      'sessions) and ends the session. Answers the deleted author.',
    body: c.noBody(),
    responses: responses({ 200: PrivateAuthorResponse }, 401, 403),
    metadata: { requiresLogin: true, session: 'ends' },
  },
  uploadPhoto: {
    method: 'POST',
    path: '/api/me/photo',
    summary: 'Upload my profile photo and/or banner',
    description:
      'Requires login. multipart/form-data with a `profile_photo` and/or a `profile_banner_photo` file part ' +
      '(at least one, else 400). Each is JPEG, PNG, WebP or GIF judged by content (else 415), at most 5 MB ' +
      '(else 413); re-encoded without metadata and resized (400×400, 1500×500; the banner also to 1200×630, ' +
      'its `share_image_url` for link previews), served from `/media/...`.',
    contentType: 'multipart/form-data',
    body: UploadPhotoBody,
    responses: responses({ 200: PrivateAuthorResponse }, 401, 403, 413, 415),
    metadata: LOGIN,
  },
  removePhoto: {
    method: 'DELETE',
    path: '/api/me/photo/:part',
    summary: 'Remove my profile photo or banner',
    description:
      'Requires login. `part` is `profile_photo` or `profile_banner_photo`; any other names nothing (404). ' +
      'Its URL becomes null and the file is deleted. Idempotent: removing a photo that is not there answers 200 too. ' +
      "Answers the caller's account.",
    pathParams: z.object({ part: z.string().describe('`profile_photo` or `profile_banner_photo`') }),
    body: c.noBody(),
    responses: responses({ 200: PrivateAuthorResponse }, 401, 403, 404),
    metadata: LOGIN_IDEMPOTENT,
  },
  feed: {
    method: 'GET',
    path: '/api/me/feed',
    summary: 'My feed',
    description:
      'Requires login. Published poems of the authors and the collections the caller follows (only what the ' +
      'collections show publicly), each poem once, the latest to reach the caller first: a poem of a followed ' +
      'author reaches them at its `published_at`; one that comes only through followed collections, when it was ' +
      'added to one if that is later than its publication (the earliest such time, if it is in several). ' +
      PAGINATED,
    query: PageQuery,
    responses: responses({ 200: PoemList }, 401),
    metadata: LOGIN,
  },
  following: {
    list: {
      method: 'GET',
      path: '/api/me/following',
      summary: 'Authors I follow',
      description: `Requires login. The authors the caller follows, most recent follow first. ${PAGINATED}`,
      query: PageQuery,
      responses: responses({ 200: AuthorList }, 401),
      metadata: LOGIN,
    },
    collections: {
      list: {
        method: 'GET',
        path: '/api/me/following/collection',
        summary: 'Collections I follow',
        description:
          'Requires login. The collections the caller follows and may see (public ones, and their own), most recent ' +
          'follow first. One its owner has made private is not listed; the follow is kept, and the collection is ' +
          `listed again once it is public again. ${PAGINATED}`,
        query: PageQuery,
        responses: responses({ 200: CollectionList }, 401),
        metadata: LOGIN,
      },
    },
  },
  liked: {
    list: {
      method: 'GET',
      path: '/api/me/liked',
      summary: 'Poems I like',
      description:
        'Requires login. The published poems the caller likes, most recently liked first. One its author has ' +
        `unpublished is not listed; the like is kept, and the poem is listed again once published again. ${PAGINATED}`,
      query: PageQuery,
      responses: responses({ 200: PoemList }, 401),
      metadata: LOGIN,
    },
  },
  poems: {
    create: {
      method: 'POST',
      path: '/api/me/poem',
      summary: 'Create a poem',
      description:
        'Requires login. Takes an empty JSON object and creates an unpublished draft with empty title, body and ' +
        'tags; fill it in with `PUT /api/me/poem/{poemId}`.',
      body: CreatePoemBody,
      responses: responses({ 201: MyPoemResponse }, 401, 403, 413, 415),
      metadata: LOGIN,
    },
    list: {
      method: 'GET',
      path: '/api/me/poem',
      summary: 'My poems',
      description:
        "Requires login. The caller's poems in every state (published, scheduled, drafts), most recently updated " +
        `first (\`updated_at\`). ${PAGINATED}`,
      query: PageQuery,
      responses: responses({ 200: MyPoemList }, 401),
      metadata: LOGIN,
    },
    get: {
      method: 'GET',
      path: '/api/me/poem/:poemId',
      summary: 'One of my poems',
      description: `Requires login. One of the caller's poems in any state. ${MY_POEM}`,
      pathParams: z.object({ poemId }),
      responses: responses({ 200: MyPoemResponse }, 401, 404),
      metadata: LOGIN,
    },
    update: {
      method: 'PUT',
      path: '/api/me/poem/:poemId',
      summary: 'Edit, publish, schedule or unpublish one of my poems',
      description:
        'Requires login. Changes only the fields sent; `tags` replaces all tags. In `body`, `<br>`, `<br/>` and ' +
        '`<br />` become "\\n", other markup is kept as text. `is_published: true` publishes now (already ' +
        'published: unchanged) and cancels a schedule; `is_published: false` unpublishes and takes the poem out of ' +
        'public views. `published_at` is set at the first publication and kept if the poem is unpublished and ' +
        'published again. `publish_at` (a future time) schedules an unpublished poem: it stays invisible to others ' +
        'until then, and is then published as if published at that time (lists, feeds, counts), within a second; ' +
        '`null` cancels the schedule. 422: a poem that is published or scheduled after this update with an empty ' +
        'title or body, a `publish_at` that is not in the future, or one for a poem that stays published. ' +
        MY_POEM,
      pathParams: z.object({ poemId }),
      body: UpdatePoemBody,
      responses: responses({ 200: MyPoemResponse }, 401, 403, 404, 413, 415, 422),
      metadata: LOGIN_IDEMPOTENT,
    },
    delete: {
      method: 'DELETE',
      path: '/api/me/poem/:poemId',
      summary: 'Delete one of my poems',
      description: `Requires login. Deletes the poem, its likes and its collection memberships. ${MY_POEM} Answers the deleted poem.`,
      pathParams: z.object({ poemId }),
      body: c.noBody(),
      responses: responses({ 200: MyPoemResponse }, 401, 403, 404),
      metadata: LOGIN,
    },
    renewShareKey: {
      method: 'POST',
      path: '/api/me/poem/:poemId/share_key',
      summary: 'Replace the share key of one of my poems',
      description:
        'Requires login. Gives the poem a new `share_key`: the link with the old one is 404 from now on. Not ' +
        `idempotent: every call issues a new key. ${MY_POEM} Answers the poem with its new key.`,
      pathParams: z.object({ poemId }),
      body: c.noBody(),
      responses: responses({ 200: MyPoemResponse }, 401, 403, 404),
      metadata: LOGIN,
    },
  },
  collections: {
    create: {
      method: 'POST',
      path: '/api/me/collection',
      summary: 'Create a collection',
      description:
        'Requires login. JSON; every field optional. Defaults: empty title and description, no tags, private.',
      body: CreateCollectionBody,
      responses: responses({ 201: CollectionResponse }, 401, 403, 413, 415),
      metadata: LOGIN,
    },
    list: {
      method: 'GET',
      path: '/api/me/collection',
      summary: 'My collections',
      description: `Requires login. The caller's collections, public and private, newest first. ${PAGINATED}`,
      query: PageQuery,
      responses: responses({ 200: CollectionList }, 401),
      metadata: LOGIN,
    },
    update: {
      method: 'PUT',
      path: '/api/me/collection/:collectionId',
      summary: 'Edit one of my collections',
      description:
        'Requires login. Changes only the fields sent. multipart/form-data as published (one `tags` part per tag, ' +
        '`is_public` as `true`/`false`, an optional `image` file part) or plain JSON without the image. ' +
        '`is_public` true makes the collection public, false private. The image is JPEG, PNG, WebP or GIF judged ' +
        'by content (else 415), at most 5 MB (else 413), re-encoded to 1200×630. ' +
        `${MY_COLLECTION}`,
      pathParams: z.object({ collectionId }),
      contentType: 'multipart/form-data',
      body: UpdateCollectionBody,
      responses: responses({ 200: CollectionResponse }, 401, 403, 404, 413, 415),
      metadata: LOGIN,
    },
    delete: {
      method: 'DELETE',
      path: '/api/me/collection/:collectionId',
      summary: 'Delete one of my collections',
      description:
        'Requires login. Deletes the collection, its memberships and its follows; the poems stay. ' +
        `${MY_COLLECTION} Answers the deleted collection.`,
      pathParams: z.object({ collectionId }),
      body: c.noBody(),
      responses: responses({ 200: CollectionResponse }, 401, 403, 404),
      metadata: LOGIN,
    },
    removeImage: {
      method: 'DELETE',
      path: '/api/me/collection/:collectionId/image',
      summary: "Remove my collection's image",
      description:
        'Requires login. The `image_url` becomes null and the file is deleted. Idempotent: a collection without an ' +
        `image answers 200 too. ${MY_COLLECTION} Answers the collection.`,
      pathParams: z.object({ collectionId }),
      body: c.noBody(),
      responses: responses({ 200: CollectionResponse }, 401, 403, 404),
      metadata: LOGIN_IDEMPOTENT,
    },
    poems: collectionPoems,
  },
});
