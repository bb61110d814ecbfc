import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { AuthorSchema } from './author.js';
import { createdAt } from './common-properties.js';
import { PoemSchema } from './poem.js';

/**
 * `poem_like`: `author` likes `poem`, primary key (poem_id, author_id).
 * Inserting/deleting a row updates `poem.like_count` by trigger.
 */
export const PoemLikeSchema = defineEntity({
  name: 'PoemLike',
  tableName: 'poem_like',
  properties: {
    poem: p.manyToOne(PoemSchema).primary().ref().deleteRule('cascade').updateRule('no action'),
    author: p.manyToOne(AuthorSchema).primary().ref().deleteRule('cascade').updateRule('no action'),
    createdAt: createdAt(),
  },
  primaryKeys: ['poem', 'author'],
  indexes: [
    {
      name: 'poem_like_author_id_created_at_index',
      expression: `create index "poem_like_author_id_created_at_index" on "poem_like" ("author_id", "created_at" desc, "poem_id" desc)`,
    },
    {
      name: 'poem_like_poem_id_created_at_index',
      expression: `create index "poem_like_poem_id_created_at_index" on "poem_like" ("poem_id", "created_at" desc, "author_id" desc)`,
    },
  ],
});

export type PoemLike = InferEntity<typeof PoemLikeSchema>;
/** The same schema under the entity's name: `em.findOne(PoemLike, id)` returns a `Loaded<PoemLike>`. */
export const PoemLike = PoemLikeSchema;
