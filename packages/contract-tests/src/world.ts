import { randomUUID } from 'node:crypto';
import { call, type Request, sessionCookie, succeed } from './http.js';

export const PASSWORD = 'correct horse battery staple';

export type Actor = { id: string; username: string; email: string; cookie: string };

/** The callers of the authorisation matrix. `deleted` carries the cookie of an author since deleted. */
export const CALLERS = ['anonymous', 'deleted', 'other', 'owner'] as const;
export type Caller = (typeof CALLERS)[number];

/**
 * Two authors and what they made, seen from the owner's side: a published poem, a draft, a
 * published poem shown only as a hidden membership, a public and a private collection; the other
 * author's published poem, follow, like and collection follow; and a deleted author who had
 * published, collected, liked and followed before leaving.
 */
export type World = {
  owner: Actor;
  other: Actor;
  deleted: { id: string; email: string; cookie: string; poemId: string; collectionId: string };
  /** A word in the titles of the owner's poems, and a tag on the published ones: for search and genre lists. */
  word: string;
  tag: string;
  poems: { published: string; draft: string; hidden: string; othersPublished: string };
  /** The share keys of the owner's draft and published poem (`share_key`, on the owner's views only). */
  shareKeys: { draft: string; published: string };
  collections: { public: string; private: string };
  /**
   * The owner's private things (the draft, the private collection, the share keys): only the
   * owner's own views show them.
   */
  secrets: string[];
  /** What the deleted author left behind: no answer shows any of it any more. */
  gone: string[];
};

const unique = () => randomUUID().replaceAll('-', '').slice(0, 12);

export function newEmail(label: string) {
  return `${label}-${unique()}@contract.example`;
}

/** Signs up a new author (which logs them in), on the suite's target or on `baseUrl`. */
export async function signUp(label: string, email = newEmail(label), baseUrl?: string): Promise<Actor> {
  const answer = await call('auth.signup', {
    body: { email, password: PASSWORD, firstname: label, lastname: `Tester ${unique()}` },
    baseUrl,
  });
  if (answer.status !== 201) throw new Error(`signup answered ${answer.status}: ${answer.text}`);
  const { author } = answer.body as { author: { id: string; username: string } };
  return { id: author.id, username: author.username, email, cookie: sessionCookie(answer) };
}

/** A poem of `author`, published with `title` unless `draft`. */
export async function writePoem(
  author: Actor,
  title: string,
  { tags = [], draft = false, baseUrl }: { tags?: string[]; draft?: boolean; baseUrl?: string } = {},
) {
  const { poem } = await succeed('me.poems.create', { cookie: author.cookie, body: {}, baseUrl });
  await succeed('me.poems.update', {
    cookie: author.cookie,
    params: { poemId: poem.id },
    body: { title, body: `${title}\nin two lines`, tags, is_published: !draft },
    baseUrl,
  });
  return poem.id;
}

/** The share key of one of `author`'s poems, as their own view of it shows it. */
export async function shareKeyOf(author: Actor, poemId: string) {
  return (await succeed('me.poems.get', { cookie: author.cookie, params: { poemId } })).poem.share_key;
}

export async function createCollection(author: Actor, title: string, isPublic: boolean) {
  const { collection } = await succeed('me.collections.create', {
    cookie: author.cookie,
    body: { title, is_public: isPublic },
  });
  return collection.id;
}

export async function addToCollection(author: Actor, collectionId: string, poemId: string, isHidden = false) {
  await succeed('me.collections.poems.add', {
    cookie: author.cookie,
    params: { collectionId, poemId },
    body: { is_hidden: isHidden },
  });
}

export async function createWorld(): Promise<World> {
  const word = `verse${unique()}`;
  const tag = `tag${unique()}`;
  const [owner, other, leaving] = await Promise.all([signUp('owner'), signUp('other'), signUp('leaving')]);

  const [published, draft, hidden, othersPublished, leavingPoem] = await Promise.all([
    writePoem(owner, `${word} published`, { tags: [tag] }),
    writePoem(owner, `${word} draft`, { tags: [tag], draft: true }),
    writePoem(owner, `${word} hidden`, { tags: [tag] }),
    writePoem(other, `${word} by the other`, { tags: [tag] }),
    writePoem(leaving, `${word} by the deleted`, { tags: [tag] }),
  ]);
  const [publicCollection, privateCollection, leavingCollection] = await Promise.all([
    createCollection(owner, `${word} public`, true),
    createCollection(owner, `${word} private`, false),
    createCollection(leaving, `${word} of the deleted`, true),
  ]);
  for (const [poemId, isHidden] of [
    [published, false],
    [draft, false],
    [hidden, true],
    [othersPublished, false],
  ] as const) {
    await addToCollection(owner, publicCollection, poemId, isHidden);
  }
  await addToCollection(owner, privateCollection, published);
  await addToCollection(leaving, leavingCollection, published);

  const relate = (actor: Actor, requests: [Parameters<typeof succeed>[0], Request][]) =>
    Promise.all(requests.map(([name, request]) => succeed(name, { ...request, cookie: actor.cookie })));
  for (const actor of [other, leaving]) {
    await relate(actor, [
      ['author.followers.follow', { params: { authorId: owner.id } }],
      ['poem.likes.like', { params: { poemId: published } }],
      ['collection.followers.follow', { params: { collectionId: publicCollection } }],
    ]);
  }
  await relate(owner, [
    ['author.followers.follow', { params: { authorId: leaving.id } }],
    ['poem.likes.like', { params: { poemId: leavingPoem } }],
    ['collection.followers.follow', { params: { collectionId: leavingCollection } }],
  ]);
  await succeed('me.delete', { cookie: leaving.cookie });
  const shareKeys = { draft: await shareKeyOf(owner, draft), published: await shareKeyOf(owner, published) };

  return {
    owner,
    other,
    deleted: {
      id: leaving.id,
      email: leaving.email,
      cookie: leaving.cookie,
      poemId: leavingPoem,
      collectionId: leavingCollection,
    },
    word,
    tag,
    poems: { published, draft, hidden, othersPublished },
    shareKeys,
    collections: { public: publicCollection, private: privateCollection },
    secrets: [draft, privateCollection, shareKeys.draft, shareKeys.published],
    gone: [leaving.id, leavingPoem, leavingCollection],
  };
}

/** The cookie a caller sends, if any. */
export function cookieOf(world: World, caller: Caller): string | undefined {
  if (caller === 'anonymous') return undefined;
  if (caller === 'deleted') return world.deleted.cookie;
  return world[caller].cookie;
}
