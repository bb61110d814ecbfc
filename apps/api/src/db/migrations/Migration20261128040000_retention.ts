import { Migration } from '@mikro-orm/migrations';

/*
 * Indexes for the retention sweep (src/db/retention.ts), which deletes tokens past their expiry
 * and mail sent a week ago: a new poem mails every follower, each mail with a token of its own,
 * so both tables would otherwise grow by the number of followers with every poem.
 */
export class Migration20261128040000_retention extends Migration {
  override up(): void {
    this.addSql(`create index "auth_token_expires_at_index" on "auth_token" ("expires_at")`);
    this.addSql(
      `create index "mail_outbox_sent_at_index" on "mail_outbox" ("sent_at") where "sent_at" is not null`,
    );
  }

  override down(): void {
    this.addSql(`drop index "mail_outbox_sent_at_index"`);
    this.addSql(`drop index "auth_token_expires_at_index"`);
  }
}
