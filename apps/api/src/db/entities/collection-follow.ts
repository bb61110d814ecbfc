import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { AuthorSchema } from './author.js';
import { CollectionSchema } from './collection.js';
import { createdAt } from './common-properties.js';

/**
 * `collection_follow`: `author` follows `collection`, primary key (author_id, collection_id).
 * Inserting/deleting a row updates `collection.followers_count` by trigger.
 */
export const CollectionFollowSchema = defineEntity({
  name: 'CollectionFollow',
  tableName: 'collection_follow',
  properties: {
    author: p.manyToOne(AuthorSchema).primary().ref().deleteRule('cascade').updateRule('no action'),
    collection: p.manyToOne(CollectionSchema).primary().ref().deleteRule('cascade').updateRule('no action'),
    createdAt: createdAt(),
  },
  primaryKeys: ['author', 'collection'],
  indexes: [
    {
      name: 'collection_follow_collection_id_created_at_index',
      expression: `create index "collection_follow_collection_id_created_at_index" on "collection_follow" ("collection_id", "created_at" desc, "author_id" desc)`,
    },
    {
      name: 'collection_follow_author_id_created_at_index',
      expression: `create index "collection_follow_author_id_created_at_index" on "collection_follow" ("author_id", "created_at" desc, "collection_id" desc)`,
    },
  ],
});

export type CollectionFollow = InferEntity<typeof CollectionFollowSchema>;
/** The same schema under the entity's name: `em.findOne(CollectionFollow, id)` returns a `Loaded<CollectionFollow>`. */
export const CollectionFollow = CollectionFollowSchema;
