import type { Author, AuthorSummary, PrivateAuthor } from '@poetry/contract';
import type { Author as AuthorEntity } from '../../db/entities/index.js';
import { mediaUrl } from '../../media/media-url.js';

export const fullname = (author: Pick<AuthorEntity, 'firstname' | 'lastname'>) =>
  `${author.firstname} ${author.lastname}`.trim();

export function toAuthorSummary(author: AuthorEntity, publicUrl: string): AuthorSummary {
  return {
    id: author.id,
    username: author.username,
    fullname: fullname(author),
    profile_photo_url: mediaUrl(publicUrl, author.profilePhotoKey),
  };
}

export function toAuthor(
  author: AuthorEntity,
  publicUrl: string,
  viewer: { followsAuthor: boolean },
): Author {
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
    followed_by_me: viewer.followsAuthor,
    created_at: author.createdAt.toISOString(),
  };
}

/** The author as they see themselves: the public record plus their personal data. */
export function toPrivateAuthor(author: AuthorEntity, publicUrl: string): PrivateAuthor {
  return {
    ...toAuthor(author, publicUrl, { followsAuthor: false }),
    email: author.email,
    email_verified: author.emailVerifiedAt !== null && author.emailVerifiedAt !== undefined,
    updated_at: author.updatedAt.toISOString(),
  };
}
