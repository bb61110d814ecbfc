import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CreateCollectionBody, UpdateCollectionBody } from '@poetry/contract';
import { Collection } from '../../db/entities/index.js';
import { isUuid } from '../../db/keyset.js';
import { notFound } from '../../errors.js';
import type { PreparedImage } from '../../media/prepare-image.js';
import type { ModuleContext } from '../context.js';
import { listCollections, type Page } from './collection-queries.js';
import { OWNED } from './collection-scope.js';
import { createLookups, poemIdOf } from './lookups.js';

export type CollectionChanges = Omit<UpdateCollectionBody, 'image'>;

/** The rules of an author's own collections (`/api/me/collection...`). Not the owner's: 404. */
export function createOwnerService({ orm, pool, media }: Pick<ModuleContext, 'orm' | 'pool' | 'media'>) {
  const em = () => orm.em;
  const lookups = createLookups(pool);
  const mine = (ownerId: string, collectionId: string) => lookups.collection(ownerId, collectionId, OWNED);

  async function load(
    ownerId: string,
    collectionId: string,
    { lockedIn }: { lockedIn?: EntityManager } = {},
  ) {
    const collection = isUuid(collectionId)
      ? await (lockedIn ?? em()).findOne(
          Collection,
          { id: collectionId, owner: ownerId },
          lockedIn ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {},
        )
      : null;
    if (!collection) throw notFound('Collection');
    return collection;
  }

  return {
    /** 404 unless `ownerId` owns the collection. */
    async assertOwns(ownerId: string, collectionId: string) {
      await load(ownerId, collectionId);
    },

    async create(ownerId: string, input: CreateCollectionBody) {
      const collection = em().create(Collection, {
        owner: ownerId,
        title: input.title ?? '',
        description: input.description ?? '',
        tags: input.tags ?? [],
        isPublic: input.is_public ?? false,
      });
      await em().flush();
      return mine(ownerId, collection.id);
    },

    list: (ownerId: string, page: Page) =>
      listCollections(pool, ownerId, { ownerId, publicOnly: false }, 'newest', page),

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
      return mine(ownerId, collectionId);
    },

    /** Answers the collection as it was; its memberships, follows and image go with it. */
    async delete(ownerId: string, collectionId: string) {
      const before = await mine(ownerId, collectionId);
      await em().nativeDelete(Collection, { id: collectionId, owner: ownerId });
      await media.remove([before.imageKey]);
      return before;
    },

    listPoems: (ownerId: string, collectionId: string, page: Page) =>
      lookups.memberships({ collectionId, scope: OWNED, viewerId: ownerId }, {}, page),

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
        [collectionId, isHidden, poemIdOf(poemId), ownerId],
      );
      if (added.rowCount === 0) throw notFound('Poem');
      return mine(ownerId, collectionId);
    },

    /** Idempotent: a poem that is not in the collection answers the collection too. */
    async removePoem(ownerId: string, collectionId: string, poemId: string) {
      await load(ownerId, collectionId);
      await pool.query('DELETE FROM collection_poem WHERE collection_id = $1 AND poem_id = $2', [
        collectionId,
        poemIdOf(poemId),
      ]);
      return mine(ownerId, collectionId);
    },
  };
}
