import { Migration } from '@mikro-orm/migrations';

/*
 * The mail outbox: one row per mail the service owes someone, written in the same transaction as
 * the change that causes it, and delivered by the mail worker (src/mail/worker.ts). A row holds
 * what the mail is about, never a token: the worker makes tokens when it writes the mail, so no
 * usable token is ever stored in clear.
 */
export class Migration20261122010000_mail_outbox extends Migration {
  override up(): void {
    this.addSql(`create table "mail_outbox" (
      "id" uuid not null,
      "kind" text not null,
      "payload" jsonb not null,
      "attempts" int not null default 0,
      "next_attempt_at" timestamptz not null default now(),
      "locked_until" timestamptz null,
      "sent_at" timestamptz null,
      "failed_at" timestamptz null,
      "last_error" text null,
      "created_at" timestamptz not null default now(),
      constraint "mail_outbox_pkey" primary key ("id")
    )`);
    this.addSql(
      `create index "mail_outbox_due_index" on "mail_outbox" ("next_attempt_at") where "sent_at" is null and "failed_at" is null`,
    );
  }

  override down(): void {
    this.addSql('drop table if exists "mail_outbox"');
  }
}
