import { Migration } from '@mikro-orm/migrations';

/*
 * How a reader hears of the poems of the authors they follow: `each` (a mail per poem, the
 * default, so every existing reader gets them) or `off`.
 */
export class Migration20261128000000_new_poem_mail extends Migration {
  override up(): void {
    this.addSql(
      `alter table "author" add column "new_poem_mail" text not null default 'each'
         constraint "author_new_poem_mail_check" check ("new_poem_mail" in ('each', 'off'))`,
    );
  }

  override down(): void {
    this.addSql(`alter table "author" drop column "new_poem_mail"`);
  }
}
