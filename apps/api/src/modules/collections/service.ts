import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CreateCollectionBody, UpdateCollectionBody } from '@poetry/contract';
import { Collection } from '../../db/entities/index.js';
import { found, notFound } from '../../errors.js';
import type { PreparedImage } from '../../media/prepare-image.js';
import { idOf } from '../common/ids.js';
import type { ModuleContext } from '../context.js';

export type CollectionChanges = Omit<UpdateCollectionBody, 'image'>;

/**
 * The writes of collections. An author's own collections: anyone else's is 404 to them. Following
 * a collection: a public one, or one's own; any other is 404, and following it changes nothing.
 * Collection ids are checked UUIDs; poem ids are checked here, after the collection's owner.
 */
export function createCollectionService({ orm, pool, media }: Pick<ModuleContext, 'orm' | 'pool' | 'media'>) {
  const em = () => orm.em;

  /** The owner's collection; with `lockedIn`, read again and locked in that transaction. */
  async function load(
    ownerId: string,
    collectionId: string,
    { lockedIn }: { lockedIn?: EntityManager } = {},
  ) {
    const collection = await (lockedIn ?? em()).findOne(
      Collection,
      { id: collectionId, owner: ownerId },
      lockedIn ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {},
    );
    return found(collection, 'Collection');
  }

  return {
    /** 404 unless `ownerId` owns the collection. */
    async assertOwns(ownerId: string, collectionId: string) {
      await load(ownerId, collectionId);
    },

    /** Answers the new collection's id. */
    async create(ownerId: string, input: CreateCollectionBody) {
      const collection = em().create(Collection, {
        owner: ownerId,
        title: input.title ?? '',
        description: input.description ?? '',
        tags: input.tags ?? [],
        isPublic: input.is_public ?? false,
      });
      await em().flush();
      return collection.id;
    },

    /**
     * Applies the fields sent, one by one, and the new image (already checked), in one transaction:
     * all of it or, if anything fails, none of it. The image it replaces is deleted afterwards.
     */
    async update(ownerId: string, collectionId: string, changes: CollectionChanges, image?: PreparedImage) {
      await media.swap((files) =>
        em().transactional(async (tx) => {
          const collection = await load(ownerId, collectionId, { lockedIn: tx });
          if (changes.title !== undefined) collection.title = changes.title;
          if (changes.description !== undefined) collection.description = changes.description;
          if (changes.tags !== undefined) collection.tags = changes.tags;
          if (changes.is_public !== undefined) collection.isPublic = changes.is_public;
          if (image) collection.imageKey = await files.put(image, collection.id, collection.imageKey);
        }),
      );
    },

    /** The collection names no image any more; the file is deleted afterwards. Idempotent. */
    async removeImage(ownerId: string, collectionId: string) {
      await media.swap((files) =>
        em().transactional(async (tx) => {
          const collection = await load(ownerId, collectionId, { lockedIn: tx });
          collection.imageKey = files.clear(collection.imageKey);
        }),
      );
    },

    /** Its memberships, follows and image go with it. */
    async delete(ownerId: string, collectionId: string) {
      const { imageKey } = await load(ownerId, collectionId);
      await em().nativeDelete(Collection, { id: collectionId, owner: ownerId });
      await media.remove([imageKey]);
    },

    /**
     * Adds one of the owner's poems (any state) or another author's published poem; adding it
     * again only sets `is_hidden`. Any other poem is 404.
     */
    async addPoem(ownerId: string, collectionId: string, poemId: string, isHidden: boolean) {
      await load(ownerId, collectionId);
      const added = await pool.query(
        `INSERT INTO collection_poem (collection_id, poem_id, is_hidden)
          SELECT $1, p.id, $2 FROM poem p WHERE p.id = $3 AND (p.author_id = $4 OR p.is_published)
          ON CONFLICT (collection_id, poem_id) DO UPDATE SET is_hidden = excluded.is_hidden
          RETURNING poem_id`,
        [collectionId, isHidden, idOf(poemId, 'Poem'), ownerId],
      );
      if (added.rowCount === 0) throw notFound('Poem');
    },

    /** Idempotent: a poem that is not in the collection is no error. */
    async removePoem(ownerId: string, collectionId: string, poemId: string) {
      await load(ownerId, collectionId);
      await pool.query('DELETE FROM collection_poem WHERE collection_id = $1 AND poem_id = $2', [
        collectionId,
        idOf(poemId, 'Poem'),
      ]);
    },

    /** Idempotent, also under concurrency: the primary key keeps one follow per author. */
    async follow(authorId: string, collectionId: string) {
      await pool.query(
        `INSERT INTO collection_follow (author_id, collection_id)
          SELECT $1, c.id FROM collection c WHERE c.id = $2 AND (c.is_public OR c.owner_id = $1)
          ON CONFLICT DO NOTHING`,
        [authorId, collectionId],
      );
    },

    /** Idempotent. A collection the caller may not see keeps their follow (it is 404 to them). */
    async unfollow(authorId: string, collectionId: string) {
      await pool.query(
        `DELETE FROM collection_follow f USING collection c
          WHERE f.author_id = $1 AND f.collection_id = c.id AND c.id = $2 AND (c.is_public OR c.owner_id = $1)`,
        [authorId, collectionId],
      );
    },
  };
}
