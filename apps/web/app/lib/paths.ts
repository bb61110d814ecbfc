import { contract } from '@poetry/sdk';
import { notFound } from './not-found';

/** An author's page: `/@<username>`. */
export const authorPath = (username: string) => `/@${username}`;

/** A poem's page; read in a collection (`?collection=<id>`), it also leads to the poems beside it there. */
export const poemPath = (id: string, collectionId?: string) =>
  collectionId === undefined ? `/poem/${id}` : `/poem/${id}?collection=${encodeURIComponent(collectionId)}`;

/** The archive: every published poem, newest first. */
export const ARCHIVE_PATH = '/poems';

/** A published poem's link-preview card, a 1200×630 PNG the API draws: `/api/poem/<id>/card`. */
export const poemCardPath = (id: string) =>
  contract.poem.card.path.replace(':poemId', encodeURIComponent(id));

/** The studio's writing page of one of my poems. */
export const studioPoemPath = (id: string) => `/studio/poem/${id}`;

/** The studio's writing page of a poem not saved yet. */
export const newPoemPath = '/studio/poem/new';

/** The page that asks before deleting one of my poems. */
export const studioPoemDeletePath = (id: string) => `${studioPoemPath(id)}/delete`;

/** A poem's private link, for whoever has it (a draft's too): `/p/<share_key>`. */
export const sharePath = (shareKey: string) => `/p/${shareKey}`;

/** The studio's editing page of one of my collections. */
export const studioCollectionPath = (id: string) => `/studio/collection/${id}`;

/** The page that asks before removing a poem from one of my collections. */
export const studioCollectionPoemRemovePath = (collectionId: string, poemId: string) =>
  `${studioCollectionPath(collectionId)}/poem/${poemId}/remove`;

export const tagPath = (tag: string) => `/tag/${encodeURIComponent(tag)}`;

export const collectionPath = (username: string, id: string) => `${authorPath(username)}/collection/${id}`;

/** The Atom feed of a page (`/` or a list's page): `/feed.xml`, `/@ada/feed.xml`. */
export const feedPath = (pagePath: string) => `${pagePath === '/' ? '' : pagePath}/feed.xml`;

/** The username of an author page's first segment (`@ada`); any other segment is no page (`answer`). */
export function usernameOf(handle: string | undefined, answer: () => unknown = notFound): string {
  if (!handle?.startsWith('@') || handle.length === 1) throw answer();
  return handle.slice(1);
}

/** The login page, coming back to the page of `request` afterwards. */
export function loginPath(request: Request): string {
  const { pathname, search } = new URL(request.url);
  return `/login?next=${encodeURIComponent(pathname + search)}`;
}

/** The `?<name>=` cursor of a paginated list, as the API gave it in `next_cursor` or `prev_cursor`. */
export function cursorOf(request: Request, name = 'cursor'): string | undefined {
  return new URL(request.url).searchParams.get(name) || undefined;
}
