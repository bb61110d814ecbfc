import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { NewPoemMail } from '@poetry/contract';
import { createdAt, updatedAt, uuidPrimaryKey } from './common-properties.js';

/** Unique index on `lower(email)`: the `constraint` of a unique violation on signup / email change. */
export const AUTHOR_EMAIL_INDEX = 'author_email_lower_unique';
/** Unique index on `lower(username)`. */
export const AUTHOR_USERNAME_INDEX = 'author_username_lower_unique';

/**
 * `author`: one row per account.
 *
 * - `id` is a UUID v7 made by the app (sorts by creation time), set as soon as the entity is
 *   created (`processOnCreateHooksEarly` in orm.ts), so it is known before the flush.
 * - `email` and `username` are unique case-insensitively through unique indexes on
 *   `lower(email)` / `lower(username)`: look them up with `lower(col) = lower(?)` (or store them
 *   lower-cased) so the index is used. `username` must match `^[a-z0-9_-]{3,30}$` (CHECK).
 * - The four `*_count` columns are maintained by PostgreSQL triggers (see the initial
 *   migration), in the same transaction as the change. The app reads them and never assigns
 *   them (nothing stops it: an assigned value would be flushed and overwrite the trigger's work).
 *   Values held by an EntityManager can be stale after a like/follow/publish: refresh or re-read.
 */
export const AuthorSchema = defineEntity({
  name: 'Author',
  tableName: 'author',
  properties: {
    id: uuidPrimaryKey(),
    email: p.text(),
    emailVerifiedAt: p.datetime().nullable(),
    passwordHash: p.text().hidden(),
    username: p.text(),
    firstname: p.text(),
    lastname: p.text(),
    bio: p.text().default(''),
    /** How the author hears of the poems of those they follow (a check keeps it to these). */
    newPoemMail: p.enum(NewPoemMail.options).default('each'),
    profilePhotoKey: p.text().nullable(),
    profileBannerPhotoKey: p.text().nullable(),
    profileShareImageKey: p.text().nullable(),
    /** Published poems. Maintained by a trigger on `poem`: read only. */
    poemsCount: p.integer().default(0),
    /** Public collections. Maintained by a trigger on `collection`: read only. */
    collectionsCount: p.integer().default(0),
    /** Maintained by a trigger on `author_follow`: read only. */
    followersCount: p.integer().default(0),
    /** Maintained by a trigger on `author_follow`: read only. */
    followingCount: p.integer().default(0),
    /** Likes of this author's published poems (the "top" list). Maintained by a trigger on `poem`: read only. */
    likesReceivedCount: p.integer().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Mirrors of the migration, so that `orm.schema.getUpdateSchemaSQL()` stays empty.
  uniques: [
    {
      name: AUTHOR_EMAIL_INDEX,
      expression: `create unique index "${AUTHOR_EMAIL_INDEX}" on "author" (lower("email"))`,
    },
    {
      name: AUTHOR_USERNAME_INDEX,
      expression: `create unique index "${AUTHOR_USERNAME_INDEX}" on "author" (lower("username"))`,
    },
  ],
  indexes: [
    {
      name: 'author_followers_count_id_index',
      expression: `create index "author_followers_count_id_index" on "author" ("followers_count" desc, "id" desc)`,
    },
    {
      name: 'author_likes_received_count_id_index',
      expression: `create index "author_likes_received_count_id_index" on "author" ("likes_received_count" desc, "id" desc)`,
    },
    {
      name: 'author_daily_digest_index',
      expression: `create index "author_daily_digest_index" on "author" ("id") where "new_poem_mail" = 'daily' and "email_verified_at" is not null`,
    },
  ],
  checks: [{ name: 'author_username_check', expression: `"username" ~ '^[a-z0-9_-]{3,30}$'` }],
});

export type Author = InferEntity<typeof AuthorSchema>;
/** The same schema under the entity's name: `em.findOne(Author, id)` returns a `Loaded<Author>`. */
export const Author = AuthorSchema;
