import { Migration } from '@mikro-orm/migrations';

/*
 * Search that finds what people type: English stemming ("birds" finds "bird") over the title
 * (weight A), the tags and the author's name (B) and the body (C). The author's name lives in
 * another table, which a generated column cannot read, so `poem.search` becomes a plain column
 * kept by triggers: on a poem when its words change, on an author's poems when their name does
 * (a rare write, one UPDATE of that author's poems). Existing rows are filled here, then indexed.
 */
export class Migration20261124030000_english_search extends Migration {
  override up(): void {
    this.addSql(`create function "poem_search_vector"(title text, body text, tags text[], author_name text)
      returns tsvector language sql immutable parallel safe as $$
        select setweight(to_tsvector('english', title), 'A')
          || setweight(to_tsvector('english', array_to_string(tags, ' ') || ' ' || author_name), 'B')
          || setweight(to_tsvector('english', body), 'C')
      $$`);
    this.addSql(`create function "poem_search_trg"() returns trigger language plpgsql as $$
      begin
        new.search := poem_search_vector(new.title, new.body, new.tags,
          (select firstname || ' ' || lastname from author where id = new.author_id));
        return new;
      end $$`);
    this.addSql(`create function "author_name_search_trg"() returns trigger language plpgsql as $$
      begin
        update poem set search = poem_search_vector(title, body, tags, new.firstname || ' ' || new.lastname)
          where author_id = new.id;
        return null;
      end $$`);
    this.addSql('drop index "poem_search_index"');
    this.addSql('alter table "poem" drop column "search"');
    this.addSql('alter table "poem" add column "search" tsvector null');
    this.addSql(`update poem p set search = poem_search_vector(p.title, p.body, p.tags, a.firstname || ' ' || a.lastname)
      from author a where a.id = p.author_id`);
    this.addSql('create index "poem_search_index" on "poem" using gin ("search")');
    this.addSql(`create trigger "poem_search" before insert or update of "title", "body", "tags", "author_id"
      on "poem" for each row execute function poem_search_trg()`);
    this.addSql(`create trigger "author_name_search" after update of "firstname", "lastname" on "author"
      for each row when (old.firstname is distinct from new.firstname or old.lastname is distinct from new.lastname)
      execute function author_name_search_trg()`);
  }

  override down(): void {
    this.addSql('drop trigger "author_name_search" on "author"');
    this.addSql('drop trigger "poem_search" on "poem"');
    this.addSql('drop index "poem_search_index"');
    this.addSql('alter table "poem" drop column "search"');
    this.addSql(`alter table "poem" add column "search" tsvector
      generated always as (to_tsvector('simple', "title" || ' ' || "body")) stored`);
    this.addSql('create index "poem_search_index" on "poem" using gin ("search")');
    this.addSql('drop function "author_name_search_trg"()');
    this.addSql('drop function "poem_search_trg"()');
    this.addSql('drop function "poem_search_vector"(text, text, text[], text)');
  }
}
