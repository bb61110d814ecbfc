import { Migration } from '@mikro-orm/migrations';

/*
 * The daily digest of new poems: `daily` becomes a choice of `new_poem_mail`, and
 * `new_poem_digest` holds one run per digest hour (`until`, the end of the day it covers),
 * recorded by the first instance to see that hour pass. Workers (src/mail/daily-digest.ts)
 * expand a run into the outbox in batches of readers, keyset over `author.id`, keeping the
 * position in `after_reader_id` and setting `done_at` at the end. A partial index holds the
 * readers who chose the digest, so a run walks them and no one else.
 *
 * `mail_outbox.bulk` marks the mail of many readers at once (new poems, digests): the worker
 * sends all other mail first, so a password reset never waits behind 100,000 new-poem mails. The
 * index of owed mail leads with it, in the worker's order.
 */
export class Migration20261128030000_daily_digest extends Migration {
  override up(): void {
    this.addSql(`alter table "author" drop constraint "author_new_poem_mail_check"`);
    this.addSql(`alter table "author" add constraint "author_new_poem_mail_check"
      check ("new_poem_mail" in ('each', 'daily', 'off'))`);
    this.addSql(`create index "author_daily_digest_index" on "author" ("id")
      where "new_poem_mail" = 'daily' and "email_verified_at" is not null`);
    this.addSql(`alter table "mail_outbox" add column "bulk" boolean not null default false`);
    this.addSql(`update "mail_outbox" set "bulk" = true where "kind" = 'new_poem'`);
    this.addSql(`drop index "mail_outbox_due_index"`);
    this.addSql(`create index "mail_outbox_due_index" on "mail_outbox" ("bulk", "next_attempt_at")
      where "sent_at" is null and "failed_at" is null`);
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
    this.addSql(`drop index "mail_outbox_due_index"`);
    this.addSql(`create index "mail_outbox_due_index" on "mail_outbox" ("next_attempt_at")
      where "sent_at" is null and "failed_at" is null`);
    this.addSql(`alter table "mail_outbox" drop column "bulk"`);
    this.addSql(`drop index "author_daily_digest_index"`);
    this.addSql(`update "author" set "new_poem_mail" = 'each' where "new_poem_mail" = 'daily'`);
    this.addSql(`alter table "author" drop constraint "author_new_poem_mail_check"`);
    this.addSql(`alter table "author" add constraint "author_new_poem_mail_check"
      check ("new_poem_mail" in ('each', 'off'))`);
  }
}
