import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { PoemSchema } from './poem.js';

/**
 * `poem_tag`: one row per tag of each published poem, with its `published_at`, kept by triggers
 * on `poem` (read only): a tag's poems, newest published first, are read from one index.
 */
export const PoemTagSchema = defineEntity({
  name: 'PoemTag',
  tableName: 'poem_tag',
  properties: {
    tag: p.text().primary(),
    poem: p.manyToOne(PoemSchema).primary().ref().deleteRule('cascade').updateRule('no action'),
    publishedAt: p.datetime(),
  },
  primaryKeys: ['tag', 'poem'],
  indexes: [
    { name: 'poem_tag_poem_id_index', properties: ['poem'] },
    {
      name: 'poem_tag_tag_published_at_index',
      expression: `create index "poem_tag_tag_published_at_index" on "poem_tag" ("tag", "published_at" desc, "poem_id" desc)`,
    },
  ],
});

export type PoemTag = InferEntity<typeof PoemTagSchema>;
/** The same schema under the entity's name. */
export const PoemTag = PoemTagSchema;
