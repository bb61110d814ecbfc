/** The API's JSON (its `to*` views and `pageBody`), written out over the floor's rows. */
import type { Row } from './db.js';

const { PUBLIC_URL } = process.env;

type Summary = Record<string, string | null>;

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null);
const mediaUrl = (key: unknown) => (key ? `${PUBLIC_URL}/media/${key}` : null);

/** The widths of a profile photo's smaller copies (the API's `PROFILE_PHOTO`), then its own. */
const PHOTO_COPIES = [48, 96, 192];
const photoSizes = (key: unknown) =>
  typeof key === 'string'
    ? [
        ...PHOTO_COPIES.map((width) => ({ width, url: mediaUrl(key.replace(/\.webp$/, `-${width}.webp`)) })),
        { width: 400, url: mediaUrl(key) },
      ]
    : [];

const summary = (author: Summary) => ({
  id: author.id,
  username: author.username,
  fullname: `${author.firstname} ${author.lastname}`.trim(),
  profile_photo_url: mediaUrl(author.profilePhotoKey),
  profile_photo_sizes: photoSizes(author.profilePhotoKey),
  share_image_url: mediaUrl(author.profileShareImageKey),
});

export const poem = (row: Row) => ({
  id: row.id,
  title: row.title,
  body: row.body,
  tags: row.tags,
  is_published: row.isPublished,
  published_at: iso(row.publishedAt),
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
  author: summary(row.author as Summary),
  like_count: row.likeCount,
  liked_by_me: row.likedByMe,
  metrics: { read: row.readCount, clicked: row.clickedCount, shared: row.sharedCount },
});

export const myPoem = (row: Row) => ({
  ...poem(row),
  share_key: row.shareKey,
  publish_at: iso(row.publishAt),
});

export const author = (row: Row) => ({
  ...summary(row as Summary),
  firstname: row.firstname,
  lastname: row.lastname,
  bio: row.bio,
  profile_banner_photo_url: mediaUrl(row.profileBannerPhotoKey),
  poems_count: row.poemsCount,
  collections_count: row.collectionsCount,
  followers_count: row.followersCount,
  following_count: row.followingCount,
  followed_by_me: row.followedByMe,
  created_at: iso(row.createdAt),
});

export const collection = (row: Row) => ({
  id: row.id,
  title: row.title,
  description: row.description,
  tags: row.tags,
  is_public: row.isPublic,
  image_url: mediaUrl(row.imageKey),
  owner: summary(row.owner as Summary),
  poems_count: row.poemsCount,
  followers_count: row.followersCount,
  followed_by_me: row.followedByMe,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

/** A cursor as the API makes it: base64url JSON of its direction and a row's `pageKey`. */
const cursor = (direction: 'after' | 'before', row: Row) =>
  Buffer.from(JSON.stringify({ [direction]: row.pageKey })).toString('base64url');

/**
 * A list answer from `limit + 1` rows read forwards: the first `limit` under `key`, the next
 * page's cursor (null on the last page) and, for a page read from a cursor (`fromCursor`), the
 * previous page's (null on the first).
 */
export function page(
  key: string,
  rows: Row[],
  limit: number,
  toItem: (row: Row) => unknown,
  fromCursor: boolean,
) {
  const [first] = rows;
  const last = rows[limit - 1];
  return {
    [key]: rows.slice(0, limit).map(toItem),
    next_cursor: rows.length > limit && last ? cursor('after', last) : null,
    prev_cursor: fromCursor && first ? cursor('before', first) : null,
  };
}

/** The floor's answer when there is nothing at the path (it names no route, as the API's does not). */
export const notFound = { type: 'about:blank', title: 'Not Found', status: 404, code: 'not_found' };
