import { Migration } from '@mikro-orm/migrations';

/*
 * Search results in an order an index can give: the poems whose title matches first, then the
 * others, each newest published first (`search` in src/modules/poems/queries.ts). `title_search` is the
 * title's words alone, as `search` reads them (English stemming): a stored column, so that the walk
 * along `poem_published_published_at_index` tests each title without parsing it again, and its GIN
 * index finds the few titles of a word rare in titles. Adding it rewrites the table once.
 */
export class Migration20261125000000_title_search extends Migration {
  override up(): void {
    this.addSql(`alter table "poem"
      add column "title_search" tsvector generated always as (to_tsvector('english', "title")) stored`);
    this.addSql(
      'create index "poem_published_title_search_index" on "poem" using gin ("title_search") where "is_published"',
    );
  }

  override down(): void {
    this.addSql('drop index "poem_published_title_search_index"');
    this.addSql('alter table "poem" drop column "title_search"');
  }
}
