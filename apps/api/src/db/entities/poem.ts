import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { FullTextType } from '@mikro-orm/postgresql';
import { AuthorSchema } from './author.js';
import { createdAt, updatedAt, uuidPrimaryKey } from './common-properties.js';

/**
 * `poem`: drafts and published poems. Deleting the author deletes their poems (FK cascade), and
 * deleting a poem deletes its likes and collection memberships (FK cascade).
 *
 * - `likeCount` is maintained by a trigger on `poem_like`: read only.
 * - `readCount` / `clickedCount` / `sharedCount` are bigint columns mapped to JS numbers
 *   (`p.bigint('number')`); increment them atomically with SQL
 *   (`update poem set read_count = read_count + 1 where id = ? and is_published`), never through
 *   the unit of work.
 * - `search` is the `tsvector` searches run on: English, the title weighted A, the tags and the
 *   author's name B, the body C. Triggers keep it (migration `english_search`); it is lazy (never
 *   selected unless asked) and never written by the app. Query it in SQL, e.g. `p.search @@
 *   websearch_to_tsquery('english', $1)`.
 * - `titleSearch` is the title's words alone (generated; migration `title_search`): the search
 *   lists the poems whose title matches first. Lazy and never written, like `search`; being
 *   generated, MikroORM reads it back (`returning`) after the unit of work writes a poem.
 */
export const PoemSchema = defineEntity({
  name: 'Poem',
  tableName: 'poem',
  properties: {
    id: uuidPrimaryKey(),
    author: p.manyToOne(AuthorSchema).ref().deleteRule('cascade').updateRule('no action'),
    title: p.text().default(''),
    body: p.text().default(''),
    tags: p.array().default([]),
    isPublished: p.boolean().default(false),
    /** Set at the first publication and kept: a published poem always has one (a check). */
    publishedAt: p.datetime().nullable(),
    /** When an unpublished poem is to be published (by `modules/poems/schedule.service.ts`); null otherwise. */
    publishAt: p.datetime().nullable(),
    /** Opens the poem to whoever has it; made by the database (`new_share_key()`), unique. */
    shareKey: p.text().defaultRaw('new_share_key()').unique(),
    /** Maintained by a trigger on `poem_like`: read only. */
    likeCount: p.integer().default(0),
    readCount: p.bigint('number').default(0),
    clickedCount: p.bigint('number').default(0),
    sharedCount: p.bigint('number').default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: p
      .type(FullTextType)
      // nullable keeps it out of `em.create()`'s required data (do not add `.hidden()`: its type
      // brand swallows the `| null | undefined`)
      .nullable()
      .lazy(true, false),
    titleSearch: p
      .type(FullTextType)
      .generated(`(to_tsvector('english', title)) stored`)
      .nullable()
      .lazy(true, false),
  },
  // Mirrors of the migrations, so that `orm.schema.getUpdateSchemaSQL()` stays empty.
  checks: [
    { name: 'poem_published_at_check', expression: 'not "is_published" or "published_at" is not null' },
    { name: 'poem_publish_at_check', expression: '"publish_at" is null or not "is_published"' },
  ],
  indexes: [
    {
      name: 'poem_author_id_updated_at_index',
      expression: `create index "poem_author_id_updated_at_index" on "poem" ("author_id", "updated_at" desc, "id" desc)`,
    },
    {
      name: 'poem_published_author_id_published_at_index',
      expression: `create index "poem_published_author_id_published_at_index" on "poem" ("author_id", "published_at" desc, "id" desc) where "is_published"`,
    },
    {
      name: 'poem_published_published_at_index',
      expression: `create index "poem_published_published_at_index" on "poem" ("published_at" desc, "id" desc) where "is_published"`,
    },
    {
      name: 'poem_publish_at_index',
      expression: `create index "poem_publish_at_index" on "poem" ("publish_at") where "publish_at" is not null`,
    },
    {
      name: 'poem_tags_index',
      expression: `create index "poem_tags_index" on "poem" using gin ("tags")`,
    },
    {
      name: 'poem_search_index',
      expression: `create index "poem_search_index" on "poem" using gin ("search")`,
    },
    {
      name: 'poem_published_title_search_index',
      expression: `create index "poem_published_title_search_index" on "poem" using gin ("title_search") where "is_published"`,
    },
  ],
});

export type Poem = InferEntity<typeof PoemSchema>;
/** The same schema under the entity's name: `em.findOne(Poem, id)` returns a `Loaded<Poem>`. */
export const Poem = PoemSchema;
