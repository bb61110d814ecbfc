import { Migration } from '@mikro-orm/migrations';

/*
 * The mail of a new poem to its author's followers, recorded and sent durably.
 *
 * `new_poem_fanout` holds one job per poem (its primary key), made by a trigger when a poem is
 * published for the first time (`published_at` was null): in the transaction of the publication,
 * whichever path publishes (by hand, the scheduler, both at once), so a job is owed exactly when
 * a publication is committed and never twice (an unpublish and republish keeps `published_at`,
 * and the key refuses a second row). Poems published before this migration get none. A deleted
 * poem's job goes with it. Workers (src/mail/new-poem-fanout.ts) expand a job into the outbox in
 * batches of followers, keyset over `(created_at, follower_id)` of `author_follow` (its index on
 * `followee_id, created_at, follower_id` serves the order), keeping the position in
 * `after_created_at`, `after_follower_id` and setting `done_at` at the end.
 *
 * `mail_outbox.dedupe_key` names what a mail is about where it must be sent once at most
 * (`new_poem:<poem>:<reader>`): a second row for the same key is refused.
 */
export class Migration20261128010000_new_poem_fanout extends Migration {
  override up(): void {
    this.addSql(`create table "new_poem_fanout" (
      "poem_id" uuid not null,
      "author_id" uuid not null,
      "after_created_at" timestamptz null,
      "after_follower_id" uuid null,
      "done_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      constraint "new_poem_fanout_pkey" primary key ("poem_id"),
      constraint "new_poem_fanout_poem_id_foreign" foreign key ("poem_id")
        references "poem" ("id") on delete cascade
    )`);
    this.addSql(
      `create index "new_poem_fanout_due_index" on "new_poem_fanout" ("created_at") where "done_at" is null`,
    );
    this.addSql(`create function "new_poem_fanout_on_first_publication"() returns trigger
      language plpgsql as $$
      begin
        insert into "new_poem_fanout" ("poem_id", "author_id") values (new."id", new."author_id")
          on conflict ("poem_id") do nothing;
        return null;
      end $$`);
    this.addSql(`create trigger "poem_first_publication_fanout"
      after update of "is_published" on "poem"
      for each row when (new."is_published" and old."published_at" is null)
      execute function "new_poem_fanout_on_first_publication"()`);

    this.addSql(`alter table "mail_outbox" add column "dedupe_key" text null`);
    this.addSql(`create unique index "mail_outbox_dedupe_key_unique" on "mail_outbox" ("dedupe_key")`);
  }

  override down(): void {
    this.addSql(`drop index "mail_outbox_dedupe_key_unique"`);
    this.addSql(`alter table "mail_outbox" drop column "dedupe_key"`);
    this.addSql(`drop trigger "poem_first_publication_fanout" on "poem"`);
    this.addSql(`drop function "new_poem_fanout_on_first_publication"()`);
    this.addSql(`drop table "new_poem_fanout"`);
  }
}
