import { Migration } from '@mikro-orm/migrations';

/*
 * An author's banner is also kept cut to 1200×630, the size link previews (Open Graph, Twitter
 * cards) show: the web's poem and author pages name it as their `og:image`. Set and removed with
 * the banner; a banner uploaded before this has none until it is uploaded again.
 */
export class Migration20261124040000_author_share_image extends Migration {
  override up(): void {
    this.addSql(`alter table "author" add column "profile_share_image_key" text null`);
  }

  override down(): void {
    this.addSql(`alter table "author" drop column "profile_share_image_key"`);
  }
}
