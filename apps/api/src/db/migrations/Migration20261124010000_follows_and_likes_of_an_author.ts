import { Migration } from '@mikro-orm/migrations';

/*
 * What an author follows and likes, most recent first (`GET /api/me/following`,
 * `/api/me/following/collection`, `/api/me/liked`): each list walks one of these indexes from its
 * author's newest relation. The primary keys lead with the same author but are not in time order.
 * The likes' index replaces `poem_like_author_id_index`, its prefix, which served only the cascade
 * from a deleted author (the new one serves it as well).
 */
export class Migration20261124010000_follows_and_likes_of_an_author extends Migration {
  override up(): void {
    this.addSql(
      `create index "author_follow_follower_id_created_at_index" on "author_follow" ("follower_id", "created_at" desc, "followee_id" desc)`,
    );
    this.addSql(
      `create index "collection_follow_author_id_created_at_index" on "collection_follow" ("author_id", "created_at" desc, "collection_id" desc)`,
    );
    this.addSql(
      `create index "poem_like_author_id_created_at_index" on "poem_like" ("author_id", "created_at" desc, "poem_id" desc)`,
    );
    this.addSql('drop index "poem_like_author_id_index"');
  }

  override down(): void {
    this.addSql(`create index "poem_like_author_id_index" on "poem_like" ("author_id")`);
    this.addSql('drop index "poem_like_author_id_created_at_index"');
    this.addSql('drop index "collection_follow_author_id_created_at_index"');
    this.addSql('drop index "author_follow_follower_id_created_at_index"');
  }
}
