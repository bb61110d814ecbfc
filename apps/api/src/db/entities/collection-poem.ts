import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { CollectionSchema } from './collection.js';
import { PoemSchema } from './poem.js';

/**
 * `collection_poem`: membership of a poem in a collection, primary key (collection_id, poem_id).
 * Removed with either side (FK cascade). `isHidden` hides it from public views.
 */
export const CollectionPoemSchema = defineEntity({
  name: 'CollectionPoem',
  tableName: 'collection_poem',
  properties: {
    collection: p.manyToOne(CollectionSchema).primary().ref().deleteRule('cascade').updateRule('no action'),
    poem: p.manyToOne(PoemSchema).primary().ref().deleteRule('cascade').updateRule('no action'),
    isHidden: p.boolean().default(false),
    addedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    /** The poem's `published_at` while it is published, else null: kept by triggers, read only. */
    poemPublishedAt: p.datetime().nullable(),
  },
  primaryKeys: ['collection', 'poem'],
  indexes: [
    { name: 'collection_poem_poem_id_index', properties: ['poem'] },
    {
      name: 'collection_poem_collection_id_added_at_index',
      expression: `create index "collection_poem_collection_id_added_at_index" on "collection_poem" ("collection_id", "added_at" desc, "poem_id" desc)`,
    },
    {
      name: 'collection_poem_published_index',
      expression: `create index "collection_poem_published_index" on "collection_poem" ("collection_id", "poem_published_at" desc, "poem_id" desc) where "poem_published_at" is not null and not "is_hidden"`,
    },
    {
      name: 'collection_poem_arrival_index',
      expression: `create index "collection_poem_arrival_index" on "collection_poem" ("collection_id", greatest("poem_published_at", "added_at") desc, "poem_id" desc) where "poem_published_at" is not null and not "is_hidden"`,
    },
  ],
});

export type CollectionPoem = InferEntity<typeof CollectionPoemSchema>;
/** The same schema under the entity's name: `em.findOne(CollectionPoem, id)` returns a `Loaded<CollectionPoem>`. */
export const CollectionPoem = CollectionPoemSchema;
