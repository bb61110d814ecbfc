import { Migration } from '@mikro-orm/migrations';

/*
 * Lists of published poems in the order of publication, scheduled publishing, and share links.
 *
 * - Published lists are `published_at DESC, id DESC` (an author's, all of them, a collection's),
 *   `/api/me/poem` is `updated_at DESC, id DESC`: the id-ordered poem indexes give way to these.
 *   A published poem always has a `published_at` (a check), so no key of a list is ever NULL.
 * - `publish_at`: when an unpublished poem is to be published (src/modules/poems/schedule.service.ts
 *   publishes it); never set on a published poem.
 * - `share_key`: opens one poem to whoever has it. Random from PostgreSQL's strong generator
 *   (two v4 UUIDs: 244 random bits), unique, found by its index.
 * - `collection_poem.poem_published_at` repeats the poem's `published_at` while it is published
 *   (null otherwise), kept by the triggers below, so that a collection's published poems, and the
 *   feed's arrivals through followed collections (`greatest(poem_published_at, added_at)`), are
 *   read in order from an index of the membership alone.
 * - `poem_tag` holds each tag of each published poem with its `published_at` (triggers too): the
 *   GIN index on `poem.tags` finds a tag's poems but not in any order, so a tag's list had to
 *   either read all of them for every page or walk all published poems for a rare tag.
 */
const up: string[] = [
  `create function "new_share_key"() returns text language sql volatile as $$
    select translate(encode(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'base64'), '+/=', '-_')
  $$`,
  // every published poem has had one; this only makes sure before the check below
  `update "poem" set "published_at" = "created_at" where "is_published" and "published_at" is null`,
  `alter table "poem"
    add column "publish_at" timestamptz null,
    add column "share_key" text not null default "new_share_key"(),
    add constraint "poem_share_key_unique" unique ("share_key"),
    add constraint "poem_published_at_check" check (not "is_published" or "published_at" is not null),
    add constraint "poem_publish_at_check" check ("publish_at" is null or not "is_published")`,
  `drop index "poem_author_id_id_index"`,
  `drop index "poem_published_author_id_id_index"`,
  `drop index "poem_published_id_index"`,
  // the author's own poems, most recently updated first (and the cascade from a deleted author)
  `create index "poem_author_id_updated_at_index" on "poem" ("author_id", "updated_at" desc, "id" desc)`,
  // an author's published poems, and the feed's poems of followed authors
  `create index "poem_published_author_id_published_at_index"
    on "poem" ("author_id", "published_at" desc, "id" desc) where "is_published"`,
  // all published poems (GET /api/poem without `q`)
  `create index "poem_published_published_at_index" on "poem" ("published_at" desc, "id" desc) where "is_published"`,
  // the scheduled poems, by when they are due
  `create index "poem_publish_at_index" on "poem" ("publish_at") where "publish_at" is not null`,

  `alter table "collection_poem" add column "poem_published_at" timestamptz null`,
  `update "collection_poem" cp set "poem_published_at" = p."published_at"
    from "poem" p where p."id" = cp."poem_id" and p."is_published"`,
  // a collection's poems as its readers see them, newest published first
  `create index "collection_poem_published_index"
    on "collection_poem" ("collection_id", "poem_published_at" desc, "poem_id" desc)
    where "poem_published_at" is not null and not "is_hidden"`,
  // the same, by when each reached the collection's followers (the feed)
  `create index "collection_poem_arrival_index"
    on "collection_poem" ("collection_id", greatest("poem_published_at", "added_at") desc, "poem_id" desc)
    where "poem_published_at" is not null and not "is_hidden"`,

  `create table "poem_tag" (
    "tag" text not null,
    "poem_id" uuid not null,
    "published_at" timestamptz not null,
    constraint "poem_tag_pkey" primary key ("tag", "poem_id"),
    constraint "poem_tag_poem_id_foreign" foreign key ("poem_id") references "poem" ("id") on delete cascade
  )`,
  `create index "poem_tag_poem_id_index" on "poem_tag" ("poem_id")`,
  // a tag's published poems, newest published first
  `create index "poem_tag_tag_published_at_index" on "poem_tag" ("tag", "published_at" desc, "poem_id" desc)`,
  `insert into "poem_tag" ("tag", "poem_id", "published_at")
    select distinct t, p."id", p."published_at" from "poem" p cross join unnest(p."tags") t where p."is_published"`,

  // poem_tag <- poem: a published poem's tags, written again when they or its publication change
  `create function "poem_tag_trg"() returns trigger language plpgsql as $$
  begin
    if tg_op = 'UPDATE' then
      delete from "poem_tag" where "poem_id" = new."id";
    end if;
    if new."is_published" then
      insert into "poem_tag" ("tag", "poem_id", "published_at")
        select distinct t, new."id", new."published_at" from unnest(new."tags") t;
    end if;
    return null;
  end
  $$`,
  `create trigger "poem_tag_insert" after insert on "poem" for each row
    when (new."is_published") execute function "poem_tag_trg"()`,
  `create trigger "poem_tag_update" after update of "tags", "is_published", "published_at" on "poem" for each row
    when (old."tags" is distinct from new."tags" or old."is_published" is distinct from new."is_published"
      or old."published_at" is distinct from new."published_at")
    execute function "poem_tag_trg"()`,

  // collection_poem.poem_published_at <- poem
  `create function "poem_published_at_to_collection_poem_trg"() returns trigger language plpgsql as $$
  begin
    update "collection_poem"
      set "poem_published_at" = case when new."is_published" then new."published_at" end
      where "poem_id" = new."id";
    return null;
  end
  $$`,
  `create trigger "poem_published_at_to_collection_poem" after update of "is_published", "published_at"
    on "poem" for each row
    when (old."is_published" is distinct from new."is_published"
      or old."published_at" is distinct from new."published_at")
    execute function "poem_published_at_to_collection_poem_trg"()`,
  // A new membership reads its poem's state under a share lock: a publication committing meanwhile
  // waits for this insert, and its trigger above then updates the new row too.
  `create function "collection_poem_published_at_trg"() returns trigger language plpgsql as $$
  begin
    select case when p."is_published" then p."published_at" end into new."poem_published_at"
      from "poem" p where p."id" = new."poem_id" for share;
    return new;
  end
  $$`,
  `create trigger "collection_poem_published_at" before insert or update of "poem_id"
    on "collection_poem" for each row execute function "collection_poem_published_at_trg"()`,
];

const down: string[] = [
  `drop trigger "collection_poem_published_at" on "collection_poem"`,
  `drop trigger "poem_published_at_to_collection_poem" on "poem"`,
  `drop trigger "poem_tag_update" on "poem"`,
  `drop trigger "poem_tag_insert" on "poem"`,
  `drop function "collection_poem_published_at_trg"(), "poem_published_at_to_collection_poem_trg"(), "poem_tag_trg"()`,
  `drop table "poem_tag"`,
  `alter table "collection_poem" drop column "poem_published_at"`,
  `drop index "poem_publish_at_index"`,
  `drop index "poem_published_published_at_index"`,
  `drop index "poem_published_author_id_published_at_index"`,
  `drop index "poem_author_id_updated_at_index"`,
  `create index "poem_author_id_id_index" on "poem" ("author_id", "id" desc)`,
  `create index "poem_published_author_id_id_index" on "poem" ("author_id", "id" desc) where "is_published"`,
  `create index "poem_published_id_index" on "poem" ("id" desc) where "is_published"`,
  `alter table "poem"
    drop constraint "poem_publish_at_check",
    drop constraint "poem_published_at_check",
    drop constraint "poem_share_key_unique",
    drop column "share_key",
    drop column "publish_at"`,
  `drop function "new_share_key"()`,
];

export class Migration20261124020000_publication_order_and_share_keys extends Migration {
  override up(): void {
    for (const sql of up) this.addSql(sql);
  }

  override down(): void {
    for (const sql of down) this.addSql(sql);
  }
}
