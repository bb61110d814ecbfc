import { Migration } from '@mikro-orm/migrations';

/*
 * The initial schema, written by hand. Entities in ../entities map the same columns.
 *
 * Counters (`*_count` on author, poem, collection) are kept by the triggers below, inside the
 * transaction that makes the change, with `x = x + 1` updates (no recounts): exact under any
 * concurrency and through ON DELETE CASCADE. When a parent row is being deleted by a cascade,
 * the child triggers' UPDATE of that parent matches no row, which is a harmless no-op.
 * Row triggers do not fire on TRUNCATE: truncate every table at once (or use a fresh database).
 *
 * The entities repeat the indexes and checks (by name) so that `orm.schema.getUpdateSchemaSQL()`
 * is empty; a later migration that changes one should change the entity too.
 */
const up: string[] = [
  // ---------------------------------------------------------------- author
  `create table "author" (
    "id" uuid not null,
    "email" text not null,
    "email_verified_at" timestamptz null,
    "password_hash" text not null,
    "username" text not null,
    "firstname" text not null,
    "lastname" text not null,
    "bio" text not null default '',
    "profile_photo_key" text null,
    "profile_banner_photo_key" text null,
    "poems_count" int not null default 0,
    "collections_count" int not null default 0,
    "followers_count" int not null default 0,
    "following_count" int not null default 0,
    "likes_received_count" int not null default 0,
    "created_at" timestamptz not null default now(),
    "updated_at" timestamptz not null default now(),
    constraint "author_pkey" primary key ("id"),
    constraint "author_username_check" check ("username" ~ '^[a-z0-9_-]{3,30}$')
  )`,
  `create unique index "author_email_lower_unique" on "author" (lower("email"))`,
  `create unique index "author_username_lower_unique" on "author" (lower("username"))`,
  // the "featured" and "top" author lists
  `create index "author_followers_count_id_index" on "author" ("followers_count" desc, "id" desc)`,
  `create index "author_likes_received_count_id_index" on "author" ("likes_received_count" desc, "id" desc)`,

  // ---------------------------------------------------------------- poem
  `create table "poem" (
    "id" uuid not null,
    "author_id" uuid not null,
    "title" text not null default '',
    "body" text not null default '',
    "tags" text[] not null default '{}',
    "is_published" boolean not null default false,
    "published_at" timestamptz null,
    "like_count" int not null default 0,
    "read_count" bigint not null default 0,
    "clicked_count" bigint not null default 0,
    "shared_count" bigint not null default 0,
    "created_at" timestamptz not null default now(),
    "updated_at" timestamptz not null default now(),
    "search" tsvector generated always as (to_tsvector('simple', "title" || ' ' || "body")) stored,
    constraint "poem_pkey" primary key ("id"),
    constraint "poem_author_id_foreign" foreign key ("author_id")
      references "author" ("id") on delete cascade
  )`,
  `create index "poem_author_id_id_index" on "poem" ("author_id", "id" desc)`,
  `create index "poem_published_author_id_id_index" on "poem" ("author_id", "id" desc)
    where "is_published"`,
  // all published poems, newest first (GET /api/poem without filters, "new" lists)
  `create index "poem_published_id_index" on "poem" ("id" desc) where "is_published"`,
  `create index "poem_tags_index" on "poem" using gin ("tags")`,
  `create index "poem_search_index" on "poem" using gin ("search")`,

  // ---------------------------------------------------------------- collection
  `create table "collection" (
    "id" uuid not null,
    "owner_id" uuid not null,
    "title" text not null default '',
    "description" text not null default '',
    "tags" text[] not null default '{}',
    "is_public" boolean not null default false,
    "image_key" text null,
    "followers_count" int not null default 0,
    "created_at" timestamptz not null default now(),
    "updated_at" timestamptz not null default now(),
    constraint "collection_pkey" primary key ("id"),
    constraint "collection_owner_id_foreign" foreign key ("owner_id")
      references "author" ("id") on delete cascade
  )`,
  `create index "collection_owner_id_id_index" on "collection" ("owner_id", "id" desc)`,
  // all public collections, newest first ("new" list)
  `create index "collection_public_id_index" on "collection" ("id" desc) where "is_public"`,
  `create index "collection_tags_index" on "collection" using gin ("tags")`,
  // an author's public collections; the "featured" collection list
  `create index "collection_public_owner_id_id_index" on "collection" ("owner_id", "id" desc) where "is_public"`,
  `create index "collection_public_followers_count_id_index"
    on "collection" ("followers_count" desc, "id" desc) where "is_public"`,

  // ---------------------------------------------------------------- collection_poem
  `create table "collection_poem" (
    "collection_id" uuid not null,
    "poem_id" uuid not null,
    "is_hidden" boolean not null default false,
    "added_at" timestamptz not null default now(),
    constraint "collection_poem_pkey" primary key ("collection_id", "poem_id"),
    constraint "collection_poem_collection_id_foreign" foreign key ("collection_id")
      references "collection" ("id") on delete cascade,
    constraint "collection_poem_poem_id_foreign" foreign key ("poem_id")
      references "poem" ("id") on delete cascade
  )`,
  `create index "collection_poem_poem_id_index" on "collection_poem" ("poem_id")`,
  // a collection's poems, newest membership first
  `create index "collection_poem_collection_id_added_at_index"
    on "collection_poem" ("collection_id", "added_at" desc, "poem_id" desc)`,

  // ---------------------------------------------------------------- author_follow
  `create table "author_follow" (
    "follower_id" uuid not null,
    "followee_id" uuid not null,
    "created_at" timestamptz not null default now(),
    constraint "author_follow_pkey" primary key ("follower_id", "followee_id"),
    constraint "author_follow_follower_id_foreign" foreign key ("follower_id")
      references "author" ("id") on delete cascade,
    constraint "author_follow_followee_id_foreign" foreign key ("followee_id")
      references "author" ("id") on delete cascade,
    constraint "author_follow_not_self_check" check ("follower_id" <> "followee_id")
  )`,
  `create index "author_follow_followee_id_created_at_index"
    on "author_follow" ("followee_id", "created_at" desc, "follower_id" desc)`,

  // ---------------------------------------------------------------- collection_follow
  `create table "collection_follow" (
    "author_id" uuid not null,
    "collection_id" uuid not null,
    "created_at" timestamptz not null default now(),
    constraint "collection_follow_pkey" primary key ("author_id", "collection_id"),
    constraint "collection_follow_author_id_foreign" foreign key ("author_id")
      references "author" ("id") on delete cascade,
    constraint "collection_follow_collection_id_foreign" foreign key ("collection_id")
      references "collection" ("id") on delete cascade
  )`,
  `create index "collection_follow_collection_id_created_at_index"
    on "collection_follow" ("collection_id", "created_at" desc, "author_id" desc)`,

  // ---------------------------------------------------------------- poem_like
  `create table "poem_like" (
    "poem_id" uuid not null,
    "author_id" uuid not null,
    "created_at" timestamptz not null default now(),
    constraint "poem_like_pkey" primary key ("poem_id", "author_id"),
    constraint "poem_like_poem_id_foreign" foreign key ("poem_id")
      references "poem" ("id") on delete cascade,
    constraint "poem_like_author_id_foreign" foreign key ("author_id")
      references "author" ("id") on delete cascade
  )`,
  `create index "poem_like_author_id_index" on "poem_like" ("author_id")`,
  // who liked a poem, most recent like first
  `create index "poem_like_poem_id_created_at_index"
    on "poem_like" ("poem_id", "created_at" desc, "author_id" desc)`,

  // ---------------------------------------------------------------- auth_token
  `create table "auth_token" (
    "id" uuid not null,
    "author_id" uuid not null,
    "purpose" text not null,
    "token_hash" text not null,
    "email" text not null,
    "expires_at" timestamptz not null,
    "used_at" timestamptz null,
    "created_at" timestamptz not null default now(),
    constraint "auth_token_pkey" primary key ("id"),
    constraint "auth_token_author_id_foreign" foreign key ("author_id")
      references "author" ("id") on delete cascade,
    constraint "auth_token_token_hash_unique" unique ("token_hash"),
    constraint "auth_token_purpose_check" check ("purpose" in ('reset_password', 'verify_email'))
  )`,
  `create index "auth_token_author_id_index" on "auth_token" ("author_id")`,

  // ---------------------------------------------------------------- session (connect-pg-simple)
  // Exactly connect-pg-simple's table.sql, plus an index to find every session of one author.
  `create table "session" (
    "sid" varchar not null collate "default",
    "sess" json not null,
    "expire" timestamp(6) not null,
    constraint "session_pkey" primary key ("sid") not deferrable initially immediate
  )`,
  `create index "IDX_session_expire" on "session" ("expire")`,
  `create index "session_passport_user_index" on "session" (("sess" #>> '{passport,user}'))`,

  // ---------------------------------------------------------------- rate_limit (rate-limiter-flexible)
  // The shape of RateLimiterPostgres#_getCreateTableStmt (7.x); its upsert inserts positionally
  // (key, points, expire), so keep the column order. Pass `tableName: 'rate_limit',
  // tableCreated: true`. The expire index serves its periodic `delete ... where expire < $1`.
  `create table "rate_limit" (
    "key" varchar(255) primary key,
    "points" integer not null default 0,
    "expire" bigint
  )`,
  `create index "rate_limit_expire_index" on "rate_limit" ("expire")`,

  // ---------------------------------------------------------------- counter triggers
  // poem.like_count <- poem_like
  `create function "poem_like_count_trg"() returns trigger language plpgsql as $$
  begin
    if tg_op <> 'INSERT' then
      update "poem" set "like_count" = "like_count" - 1 where "id" = old."poem_id";
    end if;
    if tg_op <> 'DELETE' then
      update "poem" set "like_count" = "like_count" + 1 where "id" = new."poem_id";
    end if;
    return null;
  end
  $$`,
  `create trigger "poem_like_count" after insert or delete or update of "poem_id"
    on "poem_like" for each row execute function "poem_like_count_trg"()`,

  // author.following_count / followers_count <- author_follow.
  // Both author rows are locked in id order first, so that A follows B and B follows A at the
  // same moment cannot deadlock.
  `create function "author_follow_count_trg"() returns trigger language plpgsql as $$
  begin
    if tg_op <> 'INSERT' then
      perform 1 from "author" where "id" in (old."follower_id", old."followee_id")
        order by "id" for no key update;
      update "author" set "following_count" = "following_count" - 1 where "id" = old."follower_id";
      update "author" set "followers_count" = "followers_count" - 1 where "id" = old."followee_id";
    end if;
    if tg_op <> 'DELETE' then
      perform 1 from "author" where "id" in (new."follower_id", new."followee_id")
        order by "id" for no key update;
      update "author" set "following_count" = "following_count" + 1 where "id" = new."follower_id";
      update "author" set "followers_count" = "followers_count" + 1 where "id" = new."followee_id";
    end if;
    return null;
  end
  $$`,
  `create trigger "author_follow_count" after insert or delete or update of "follower_id", "followee_id"
    on "author_follow" for each row execute function "author_follow_count_trg"()`,

  // collection.followers_count <- collection_follow
  `create function "collection_follow_count_trg"() returns trigger language plpgsql as $$
  begin
    if tg_op <> 'INSERT' then
      update "collection" set "followers_count" = "followers_count" - 1
        where "id" = old."collection_id";
    end if;
    if tg_op <> 'DELETE' then
      update "collection" set "followers_count" = "followers_count" + 1
        where "id" = new."collection_id";
    end if;
    return null;
  end
  $$`,
  `create trigger "collection_follow_count" after insert or delete or update of "collection_id"
    on "collection_follow" for each row execute function "collection_follow_count_trg"()`,

  // author.poems_count (published only) and author.likes_received_count (likes of published
  // poems, the "top" list) <- poem. A poem leaving the published state takes its likes with it.
  `create function "poem_author_count_trg"() returns trigger language plpgsql as $$
  begin
    if tg_op <> 'INSERT' then
      if old."is_published" then
        update "author" set "poems_count" = "poems_count" - 1,
          "likes_received_count" = "likes_received_count" - old."like_count"
          where "id" = old."author_id";
      end if;
    end if;
    if tg_op <> 'DELETE' then
      if new."is_published" then
        update "author" set "poems_count" = "poems_count" + 1,
          "likes_received_count" = "likes_received_count" + new."like_count"
          where "id" = new."author_id";
      end if;
    end if;
    return null;
  end
  $$`,
  `create trigger "poem_author_count" after insert or delete
    on "poem" for each row execute function "poem_author_count_trg"()`,
  `create trigger "poem_author_count_update" after update of "is_published", "author_id", "like_count"
    on "poem" for each row
    when (old."is_published" is distinct from new."is_published"
      or old."author_id" is distinct from new."author_id"
      or (new."is_published" and old."like_count" is distinct from new."like_count"))
    execute function "poem_author_count_trg"()`,

  // author.collections_count (public only) <- collection
  `create function "collection_author_count_trg"() returns trigger language plpgsql as $$
  begin
    if tg_op <> 'INSERT' then
      if old."is_public" then
        update "author" set "collections_count" = "collections_count" - 1
          where "id" = old."owner_id";
      end if;
    end if;
    if tg_op <> 'DELETE' then
      if new."is_public" then
        update "author" set "collections_count" = "collections_count" + 1
          where "id" = new."owner_id";
      end if;
    end if;
    return null;
  end
  $$`,
  `create trigger "collection_author_count" after insert or delete
    on "collection" for each row execute function "collection_author_count_trg"()`,
  `create trigger "collection_author_count_update" after update of "is_public", "owner_id"
    on "collection" for each row
    when (old."is_public" is distinct from new."is_public"
      or old."owner_id" is distinct from new."owner_id")
    execute function "collection_author_count_trg"()`,
];

const down: string[] = [
  `drop table if exists "rate_limit", "session", "auth_token", "poem_like", "collection_follow",
    "author_follow", "collection_poem", "collection", "poem", "author" cascade`,
  `drop function if exists "poem_like_count_trg"(), "author_follow_count_trg"(),
    "collection_follow_count_trg"(), "poem_author_count_trg"(), "collection_author_count_trg"()`,
];

export class Migration20261122000000_initial extends Migration {
  override up(): void {
    for (const sql of up) this.addSql(sql);
  }

  override down(): void {
    for (const sql of down) this.addSql(sql);
  }
}
