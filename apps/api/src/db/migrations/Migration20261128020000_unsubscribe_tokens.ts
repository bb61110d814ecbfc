import { Migration } from '@mikro-orm/migrations';

/*
 * A new-poem mail's one-click unsubscribe link carries a token of its own purpose, stored hashed
 * like the others (single use, bound to the address mailed), so that it can stop that reader's
 * mail and do nothing else.
 */
export class Migration20261128020000_unsubscribe_tokens extends Migration {
  override up(): void {
    this.addSql(`alter table "auth_token" drop constraint "auth_token_purpose_check"`);
    this.addSql(`alter table "auth_token" add constraint "auth_token_purpose_check"
      check ("purpose" in ('reset_password', 'verify_email', 'unsubscribe_new_poems'))`);
  }

  override down(): void {
    this.addSql(`delete from "auth_token" where "purpose" = 'unsubscribe_new_poems'`);
    this.addSql(`alter table "auth_token" drop constraint "auth_token_purpose_check"`);
    this.addSql(`alter table "auth_token" add constraint "auth_token_purpose_check"
      check ("purpose" in ('reset_password', 'verify_email'))`);
  }
}
