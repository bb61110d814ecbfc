import type { Collection } from '@poetry/contract';
import { found } from '../../errors.js';
import {
  type AuthorRow,
  type AuthorSummaryFields,
  toAuthor,
  toAuthorSummary,
} from '../common/author-view.js';
import type { Page } from '../common/keyset.js';
import { mediaUrl } from '../common/media-url.js';
import { pageBody } from '../common/page-body.js';
import { type PoemRow, toPoem } from '../common/poem-view.js';

/** A collection as the queries read it. */
export type CollectionRow = {
  id: string;
  title: string;
  description: string;
  tags: string[];
  isPublic: boolean;
  imageKey: string | null;
  owner: AuthorSummaryFields;
  poemsCount: number;
  followersCount: number;
  followedByMe: boolean;
  createdAt: Date;
  updatedAt: Date;
};

/** A poem listed through a collection, with its membership. */
export type MembershipRow = PoemRow & { isHidden: boolean };

/** A page of a list within a collection, and who owns the collection. */
type WithinPage<Row> = Page<Row> & { ownerId: string };

export function toCollection(row: CollectionRow, publicUrl: string): Collection {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    tags: row.tags,
    is_public: row.isPublic,
    image_url: mediaUrl(publicUrl, row.imageKey),
    owner: toAuthorSummary(row.owner, publicUrl),
    poems_count: row.poemsCount,
    followers_count: row.followersCount,
    followed_by_me: row.followedByMe,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The bodies the collection routes answer with; a missing collection (undefined) is 404. */
export function collectionViews(publicUrl: string) {
  /** Through a collection they own, the caller also sees `is_hidden` on each poem. */
  const membership = (row: MembershipRow, viewerOwns: boolean) =>
    toPoem(row, publicUrl, viewerOwns ? { isHidden: row.isHidden } : undefined);
  return {
    collection: (row: CollectionRow | undefined) => ({
      collection: toCollection(found(row, 'Collection'), publicUrl),
    }),
    collections: (page: Page<CollectionRow>) =>
      pageBody('collections', page, (row) => toCollection(row, publicUrl)),
    /** The one poem of the page; 404 for the poem when the page is empty. */
    poem: (page: WithinPage<MembershipRow> | undefined, viewer: string) => {
      const { items, ownerId } = found(page, 'Collection');
      return { poem: membership(found(items[0], 'Poem'), ownerId === viewer) };
    },
    poems: (page: WithinPage<MembershipRow> | undefined, viewer: string) => {
      const { ownerId, ...rest } = found(page, 'Collection');
      return pageBody('poems', rest, (row) => membership(row, ownerId === viewer));
    },
    /** A collection's poems in its public view: no `is_hidden`, whoever looks. */
    publicPoems: (page: WithinPage<PoemRow> | undefined) =>
      pageBody('poems', found(page, 'Collection'), (row) => toPoem(row, publicUrl)),
    authors: (page: WithinPage<AuthorRow> | undefined) =>
      pageBody('authors', found(page, 'Collection'), (row) => toAuthor(row, publicUrl)),
  };
}
