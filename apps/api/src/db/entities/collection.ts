import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { AuthorSchema } from './author.js';
import { createdAt, updatedAt, uuidPrimaryKey } from './common-properties.js';

/**
 * `collection`: an author's list of poems. Deleting the owner deletes it (FK cascade).
 * `followersCount` is maintained by a trigger on `collection_follow`: read only.
 * Making it public/private updates `author.collections_count` by trigger.
 */
export const CollectionSchema = defineEntity({
  name: 'Collection',
  tableName: 'collection',
  properties: {
    id: uuidPrimaryKey(),
    owner: p.manyToOne(AuthorSchema).ref().deleteRule('cascade').updateRule('no action'),
    title: p.text().default(''),
    description: p.text().default(''),
    tags: p.array().default([]),
    isPublic: p.boolean().default(false),
    imageKey: p.text().nullable(),
    /** Maintained by a trigger on `collection_follow`: read only. */
    followersCount: p.integer().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Mirrors of the migration, so that `orm.schema.getUpdateSchemaSQL()` stays empty.
  indexes: [
    {
      name: 'collection_owner_id_id_index',
      expression: `create index "collection_owner_id_id_index" on "collection" ("owner_id", "id" desc)`,
    },
    {
      name: 'collection_public_id_index',
      expression: `create index "collection_public_id_index" on "collection" ("id" desc) where "is_public"`,
    },
    {
      name: 'collection_tags_index',
      expression: `create index "collection_tags_index" on "collection" using gin ("tags")`,
    },
    {
      name: 'collection_public_owner_id_id_index',
      expression: `create index "collection_public_owner_id_id_index" on "collection" ("owner_id", "id" desc) where "is_public"`,
    },
    {
      name: 'collection_public_followers_count_id_index',
      expression: `create index "collection_public_followers_count_id_index" on "collection" ("followers_count" desc, "id" desc) where "is_public"`,
    },
  ],
});

export type Collection = InferEntity<typeof CollectionSchema>;
/** The same schema under the entity's name: `em.findOne(Collection, id)` returns a `Loaded<Collection>`. */
export const Collection = CollectionSchema;
