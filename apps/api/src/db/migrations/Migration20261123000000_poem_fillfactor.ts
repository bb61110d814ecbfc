import { Migration } from '@mikro-orm/migrations';

/*
 * Leaves room in each page of `poem` for new versions of its rows. Every read, click, share and
 * like updates a poem's counters; none of them is indexed, so with room on the row's own page the
 * update is HOT: no new entries in the poem's six indexes, two of them GIN over its tags and its
 * body's text. Full pages (fillfactor 100, the default) sent most such updates elsewhere: after
 * `pnpm bench`'s write scenarios, 116k of 338k poem updates were not HOT, and the lists read
 * after them slowed down by the dead index entries. Applies to pages written from now on.
 */
export class Migration20261123000000_poem_fillfactor extends Migration {
  override up(): void {
    this.addSql('alter table "poem" set (fillfactor = 85)');
  }

  override down(): void {
    this.addSql('alter table "poem" reset (fillfactor)');
  }
}
