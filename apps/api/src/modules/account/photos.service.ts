import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PhotoPart } from '@poetry/contract';
import { Author } from '../../db/entities/index.js';
import { notFound } from '../../errors.js';
import type { PreparedImage } from '../../media/prepare-image.js';
import type { ModuleContext } from '../context.js';

export type NewPhotos = {
  profilePhoto?: PreparedImage | undefined;
  /** The banner, and its cut for link previews: set and removed together. */
  banner?: { photo: PreparedImage; shareImage: PreparedImage } | undefined;
};

/** The author's fields that keep the files of each photo. */
const KEYS_OF_PART = {
  profile_photo: ['profilePhotoKey'],
  profile_banner_photo: ['profileBannerPhotoKey', 'profileShareImageKey'],
} as const;

/** The files an author's records name: their two photos and their collections' images. */
const FILES_OF_AUTHOR = `
  SELECT key FROM author a, unnest(ARRAY[a.profile_photo_key, a.profile_banner_photo_key, a.profile_share_image_key]) AS key
    WHERE a.id = $1 AND key IS NOT NULL
  UNION ALL
  SELECT image_key FROM collection WHERE owner_id = $1 AND image_key IS NOT NULL`;

/** The author's profile photo and banner, as files. */
export function createPhotoService({ orm, pool, media }: Pick<ModuleContext, 'orm' | 'pool' | 'media'>) {
  const em = () => orm.em;

  /** The author, read again and locked in the transaction `tx`. */
  async function lockedAuthor(tx: EntityManager, authorId: string) {
    const author = await tx.findOne(
      Author,
      { id: authorId },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
    if (!author) throw notFound('Author');
    return author;
  }

  return {
    /** Sets the photos given (already checked); the files they replace are deleted afterwards. */
    async upload(authorId: string, photos: NewPhotos) {
      await media.swap((files) =>
        em().transactional(async (tx) => {
          const author = await lockedAuthor(tx, authorId);
          if (photos.profilePhoto) {
            author.profilePhotoKey = await files.put(photos.profilePhoto, authorId, author.profilePhotoKey);
          }
          if (photos.banner) {
            author.profileBannerPhotoKey = await files.put(
              photos.banner.photo,
              authorId,
              author.profileBannerPhotoKey,
            );
            author.profileShareImageKey = await files.put(
              photos.banner.shareImage,
              authorId,
              author.profileShareImageKey,
            );
          }
        }),
      );
    },

    /** Removes one photo, whose file is deleted afterwards; idempotent. */
    async remove(authorId: string, part: PhotoPart) {
      await media.swap((files) =>
        em().transactional(async (tx) => {
          const author = await lockedAuthor(tx, authorId);
          for (const key of KEYS_OF_PART[part]) author[key] = files.clear(author[key]);
        }),
      );
    },

    /**
     * Runs `deleteAuthor` (which deletes the author's records), then deletes the files those
     * records named: the author's photos and their collections' images.
     */
    async deletingFilesOf<T>(authorId: string, deleteAuthor: () => Promise<T>): Promise<T> {
      const { rows } = await pool.query<{ key: string }>(FILES_OF_AUTHOR, [authorId]);
      const result = await deleteAuthor();
      await media.remove(rows.map((row) => row.key));
      return result;
    },
  };
}
