import type { Author, AuthorSummary } from '@poetry/contract';
import type { Author as AuthorEntity } from '../../db/entities/index.js';
import { PROFILE_PHOTO } from '../../media/image-kinds.js';
import { imageSizes, mediaUrl } from './media-url.js';

/** What a summary needs: an entity, or a SQL row built with `authorSummaryJson`. */
export type AuthorSummaryFields = Pick<
  AuthorEntity,
  'id' | 'username' | 'firstname' | 'lastname' | 'profilePhotoKey' | 'profileShareImageKey'
>;

/** What a public record needs: an entity, or a SQL row selecting these names. */
export type AuthorFields = AuthorSummaryFields &
  Pick<
    AuthorEntity,
    | 'bio'
    | 'profileBannerPhotoKey'
    | 'poemsCount'
    | 'collectionsCount'
    | 'followersCount'
    | 'followingCount'
    | 'createdAt'
  >;

/** An author as the read queries return it (`authorColumnsFor`): feeds `toAuthor` directly. */
export type AuthorRow = AuthorFields & { followedByMe: boolean };

/** SQL: the summary fields of the author aliased `alias`, as one JSON object. */
export const authorSummaryJson = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'username', ${alias}.username, 'firstname', ${alias}.firstname,
    'lastname', ${alias}.lastname, 'profilePhotoKey', ${alias}.profile_photo_key,
    'profileShareImageKey', ${alias}.profile_share_image_key)`;

/** SQL: the select list of `AuthorFields` from the author aliased `alias`. */
export const authorColumns = (alias: string) =>
  `${alias}.id, ${alias}.username, ${alias}.firstname, ${alias}.lastname, ${alias}.bio,
    ${alias}.profile_photo_key AS "profilePhotoKey", ${alias}.profile_banner_photo_key AS "profileBannerPhotoKey",
    ${alias}.profile_share_image_key AS "profileShareImageKey",
    ${alias}.poems_count AS "poemsCount", ${alias}.collections_count AS "collectionsCount",
    ${alias}.followers_count AS "followersCount", ${alias}.following_count AS "followingCount",
    ${alias}.created_at AS "createdAt"`;

/** SQL: `authorColumns` plus `followedByMe`: whether the viewer id in `viewerParam` follows them. */
export const authorColumnsFor = (alias: string, viewerParam: string) => `${authorColumns(alias)},
  EXISTS (SELECT 1 FROM author_follow v WHERE v.follower_id = ${viewerParam}::uuid AND v.followee_id = ${alias}.id)
    AS "followedByMe"`;

export const fullname = (author: Pick<AuthorEntity, 'firstname' | 'lastname'>) =>
  `${author.firstname} ${author.lastname}`.trim();

export function toAuthorSummary(author: AuthorSummaryFields, publicUrl: string): AuthorSummary {
  return {
    id: author.id,
    username: author.username,
    fullname: fullname(author),
    profile_photo_url: mediaUrl(publicUrl, author.profilePhotoKey),
    profile_photo_sizes: imageSizes(publicUrl, author.profilePhotoKey, PROFILE_PHOTO),
    share_image_url: mediaUrl(publicUrl, author.profileShareImageKey),
  };
}

export function toAuthor(author: AuthorRow, publicUrl: string): Author {
  return {
    ...toAuthorSummary(author, publicUrl),
    firstname: author.firstname,
    lastname: author.lastname,
    bio: author.bio,
    profile_banner_photo_url: mediaUrl(publicUrl, author.profileBannerPhotoKey),
    poems_count: author.poemsCount,
    collections_count: author.collectionsCount,
    followers_count: author.followersCount,
    following_count: author.followingCount,
    followed_by_me: author.followedByMe,
    created_at: new Date(author.createdAt).toISOString(),
  };
}
