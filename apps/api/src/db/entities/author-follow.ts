import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { AuthorSchema } from './author.js';
import { createdAt } from './common-properties.js';

/**
 * `author_follow`: `follower` follows `followee`, primary key (follower_id, followee_id);
 * CHECK follower_id <> followee_id. Inserting/deleting a row updates
 * `author.following_count` / `author.followers_count` by trigger. Insert with
 * `on conflict do nothing` (or `em.upsert`) to stay idempotent.
 */
export const AuthorFollowSchema = defineEntity({
  name: 'AuthorFollow',
  tableName: 'author_follow',
  properties: {
    follower: p.manyToOne(AuthorSchema).primary().ref().deleteRule('cascade').updateRule('no action'),
    followee: p.manyToOne(AuthorSchema).primary().ref().deleteRule('cascade').updateRule('no action'),
    createdAt: createdAt(),
  },
  primaryKeys: ['follower', 'followee'],
  // Mirrors of the migration, so that `orm.schema.getUpdateSchemaSQL()` stays empty.
  indexes: [
    {
      name: 'author_follow_followee_id_created_at_index',
      expression: `create index "author_follow_followee_id_created_at_index" on "author_follow" ("followee_id", "created_at" desc, "follower_id" desc)`,
    },
    {
      name: 'author_follow_follower_id_created_at_index',
      expression: `create index "author_follow_follower_id_created_at_index" on "author_follow" ("follower_id", "created_at" desc, "followee_id" desc)`,
    },
  ],
  checks: [{ name: 'author_follow_not_self_check', expression: `"follower_id" <> "followee_id"` }],
});

export type AuthorFollow = InferEntity<typeof AuthorFollowSchema>;
/** The same schema under the entity's name: `em.findOne(AuthorFollow, id)` returns a `Loaded<AuthorFollow>`. */
export const AuthorFollow = AuthorFollowSchema;
