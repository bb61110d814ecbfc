import type pg from 'pg';

export type SeedSize = {
  authors: number;
  poems: number;
  collections: number;
  likes: number;
  follows: number;
  /** Each poem gets 1 to this many tags (default 5) from a vocabulary of 200. */
  maxTagsPerPoem?: number;
  /** Of `poems`, this many go to the first `authors` authors in equal shares (long lists to page through). */
  prolific?: { authors: number; poems: number };
};

/** The common words of seeded titles and bodies. */
const WORDS = `moon river stone light dark winter summer rain wind sea salt bone ash ember silver
  gold thread needle window door house garden root leaf branch bird wing feather song silence
  morning evening night dawn dusk star fire smoke water glass mirror shadow dream sleep breath
  heart hand eye mouth voice name word letter page ink paper road field hill mountain valley
  snow ice frost bloom petal thorn rose lily orchard harvest bread wine salt honey bee hive
  ocean tide shore wave harbour ship sail anchor compass map north south east west clock hour
  year season memory promise prayer ghost angel wolf fox deer horse lamb crow owl sparrow swan
  and the of in a with under over through between beyond beneath against toward without
  remember forget carry hold break mend burn drown rise fall wait listen whisper sing weep
  laugh wander return leave stay open close begin end`.split(/\s+/);

const RARE_WORDS = 5_000;

/**
 * One of 5,000 rare words (`lyric0` .. `lyric4999`): every seeded poem ends with two, so each
 * is in about one poem in 2,500, as a searched word usually is (the common words above are in
 * half of all poems).
 */
export const rareWord = (n: number) => `lyric${Math.abs(Math.trunc(n)) % RARE_WORDS}`;
const rareWordSql = (n: string) => `'lyric' || ((${n}) % ${RARE_WORDS})`;

/**
 * Fills a migrated database with a realistic shape of data in a few set-based statements:
 * authors; poems (90% published) of 40 to 160 common words in lines of eight and two rare ones, with 1 to 5 (by default) tags from a
 * vocabulary of 200; collections of 20 poems; likes, author follows and collection follows
 * spread over authors, each author liking and following distinct ones. Likes and follows are
 * inserted with their counter triggers off (row by row they would take most of the time) and
 * the counters are then computed in bulk.
 */
export async function seed(pool: pg.Pool, size: SeedSize) {
  // One connection throughout: the numbering tables below are temporary, so per connection.
  const client = await pool.connect();
  try {
    await fill(client, size);
  } finally {
    client.release();
  }
}

async function fill(pool: pg.PoolClient, size: SeedSize) {
  await pool.query(
    `INSERT INTO author (id, email, password_hash, username, firstname, lastname)
     SELECT gen_random_uuid(), 'seed' || i || '@example.com', 'x', 'seed-' || i, 'Seed', 'Author ' || i
     FROM generate_series(1, $1) i`,
    [size.authors],
  );
  await pool.query(`CREATE TEMP TABLE seed_author AS SELECT row_number() OVER () AS n, id FROM author`);
  await pool.query('CREATE INDEX ON seed_author (n)');
  await pool.query(
    `INSERT INTO poem (id, author_id, title, body, tags, is_published, published_at, created_at, updated_at)
     SELECT gen_random_uuid(), a.id,
       initcap(($3::text[])[1 + i % 97]) || ' ' || ($3::text[])[1 + (i * 7) % 89],
       (SELECT string_agg(($3::text[])[1 + (i * 13 + j * 17) % cardinality($3::text[])],
                          CASE WHEN j % 8 = 0 THEN E'\n' ELSE ' ' END ORDER BY j)
          FROM generate_series(1, 40 + i % 121) j)
         || E'\n' || ${rareWordSql('i * 7')} || ' ' || ${rareWordSql('i * 11 + 3')},
       ARRAY(SELECT DISTINCT 'tag' || (i * 31 + k * 53) % 200 FROM generate_series(1, 1 + i % $6) k),
       -- hashint4 spreads the unpublished tenth evenly over authors, whatever their share of poems
       abs(hashint4(i)) % 10 <> 0,
       -- one poem a minute, the last one now; drafts were never published
       CASE WHEN abs(hashint4(i)) % 10 <> 0 THEN now() - make_interval(mins => $1 - i) END,
       now() - make_interval(mins => $1 - i), now() - make_interval(mins => $1 - i)
     FROM generate_series(1, $1) i
     JOIN seed_author a ON a.n = CASE WHEN i <= $5 THEN 1 + i % $4 ELSE 1 + i % $2 END`,
    [
      size.poems,
      size.authors,
      WORDS,
      size.prolific?.authors ?? 1,
      size.prolific?.poems ?? 0,
      size.maxTagsPerPoem ?? 5,
    ],
  );
  await pool.query(
    `CREATE TEMP TABLE seed_poem AS SELECT row_number() OVER () AS n, id, author_id FROM poem WHERE is_published`,
  );
  await pool.query('CREATE INDEX ON seed_poem (n)');
  await pool.query(
    `INSERT INTO collection (id, owner_id, title, tags, is_public)
     SELECT gen_random_uuid(), a.id, 'Collection ' || i, ARRAY['tag' || (i % 200)], i % 4 <> 0
     FROM generate_series(1, $1) i JOIN seed_author a ON a.n = 1 + i % $2`,
    [size.collections, size.authors],
  );
  await pool.query(
    `INSERT INTO collection_poem (collection_id, poem_id, is_hidden)
     SELECT c.id, p.id, j = 20
     FROM (SELECT row_number() OVER () AS n, id FROM collection) c
     CROSS JOIN generate_series(1, 20) j
     JOIN seed_poem p ON p.n = 1 + (c.n * 20 + j) % (SELECT count(*) FROM seed_poem)`,
  );
  await pool.query('ALTER TABLE poem_like DISABLE TRIGGER poem_like_count');
  await pool.query('ALTER TABLE author_follow DISABLE TRIGGER author_follow_count');
  await pool.query('ALTER TABLE collection_follow DISABLE TRIGGER collection_follow_count');
  // Author n likes poems n·37 + j·9173 (mod the published count): 9173 is prime to any count
  // below it that is not its multiple, so one author's likes are distinct poems.
  await pool.query(
    `INSERT INTO poem_like (poem_id, author_id)
     SELECT p.id, a.id FROM seed_author a
     CROSS JOIN generate_series(1, $1) j
     JOIN seed_poem p ON p.n = 1 + (a.n * 37 + j * 9173) % (SELECT count(*) FROM seed_poem)
     ON CONFLICT DO NOTHING`,
    [Math.ceil(size.likes / size.authors)],
  );
  await pool.query(
    `INSERT INTO author_follow (follower_id, followee_id)
     SELECT a.id, b.id FROM seed_author a
     CROSS JOIN generate_series(1, $1) j
     JOIN seed_author b ON b.n = 1 + (a.n * 31 + j * 7) % $2
     WHERE a.id <> b.id
     ON CONFLICT DO NOTHING`,
    [Math.ceil(size.follows / size.authors), size.authors],
  );
  await pool.query('ALTER TABLE poem_like ENABLE TRIGGER poem_like_count');
  await pool.query(
    `INSERT INTO collection_follow (author_id, collection_id)
     SELECT a.id, c.id FROM generate_series(1, $1) i
     JOIN seed_author a ON a.n = 1 + i % $2
     JOIN (SELECT row_number() OVER () AS n, id FROM collection) c ON c.n = 1 + (i * 13) % $3
     ON CONFLICT DO NOTHING`,
    [size.follows, size.authors, size.collections],
  );
  await pool.query('ALTER TABLE author_follow ENABLE TRIGGER author_follow_count');
  await pool.query('ALTER TABLE collection_follow ENABLE TRIGGER collection_follow_count');
  await pool.query(
    `UPDATE collection SET followers_count = (SELECT count(*) FROM collection_follow WHERE collection_id = collection.id)`,
  );
  await pool.query('ALTER TABLE poem DISABLE TRIGGER poem_author_count_update');
  await pool.query(
    `UPDATE poem SET like_count = l.n FROM (SELECT poem_id, count(*) AS n FROM poem_like GROUP BY poem_id) l
     WHERE poem.id = l.poem_id`,
  );
  await pool.query('ALTER TABLE poem ENABLE TRIGGER poem_author_count_update');
  await pool.query(
    `UPDATE author SET
       likes_received_count = coalesce((SELECT sum(like_count) FROM poem WHERE author_id = author.id AND is_published), 0),
       followers_count = (SELECT count(*) FROM author_follow WHERE followee_id = author.id),
       following_count = (SELECT count(*) FROM author_follow WHERE follower_id = author.id)`,
  );
  await pool.query('DROP TABLE seed_author, seed_poem');
  // Sets hint bits and the visibility map now, so that the first reads do not write, and plans use fresh statistics.
  await pool.query('VACUUM ANALYZE');
}
