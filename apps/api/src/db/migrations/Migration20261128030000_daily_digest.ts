import { Migration } from '@mikro-orm/migrations';

/*
 * The daily digest of new poems: `daily` becomes a choice of `new_poem_mail`, and
 * `new_poem_digest` holds one run per digest hour (`until`, the end of the day it covers),
 * recorded by the first instance to see that hour pass. Workers (src/mail/daily-digest.ts)
 * expand a run into the outbox in batches of readers, keyset over `author.id`, keeping the
 * position in `after_reader_id` and setting `done_at` at the end. A partial index holds the
 * readers who chose the digest, so a run walks them and no one else.
 */
export class Migration20261128030000_daily_digest extends Migration {
  override up(): void {
    this.addSql(`alter table "author" drop constraint "author_new_poem_mail_check"`);
    this.addSql(`alter table "author" add constraint "author_new_poem_mail_check"
      check ("new_poem_mail" in ('each', 'daily', 'off'))`);
    this.addSql(`create index "author_daily_digest_index" on "author" ("id")
      where "new_poem_mail" = 'daily' and "email_verified_at" is not null`);
    this.addSql(`create table "new_poem_digest" (
      "until" timestamptz not null,
      "after_reader_id" uuid null,
      "done_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      constraint "new_poem_digest_pkey" primary key ("until")
    )`);
  }

  override down(): void {
    this.addSql(`drop table "new_poem_digest"`);
    this.addSql(`drop index "author_daily_digest_index"`);
    this.addSql(`update "author" set "new_poem_mail" = 'each' where "new_poem_mail" = 'daily'`);
    this.addSql(`alter table "author" drop constraint "author_new_poem_mail_check"`);
    this.addSql(`alter table "author" add constraint "author_new_poem_mail_check"
      check ("new_poem_mail" in ('each', 'off'))`);
  }
}
