import type pg from 'pg';

export type SeedSize = {
  authors: number;
  poems: number;
  collections: number;
  likes: number;
  follows: number;
};

/**
 * Fills a database with a realistic shape of data in a few set-based statements: published and
 * unpublished poems with tags from a vocabulary of 200, collections of 20 poems, likes and
 * follows (of authors and of collections) spread over authors. Likes and follows are inserted with their counter triggers off
 * (row by row they would take most of the time) and the counters are then computed in bulk.
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
    `INSERT INTO poem (id, author_id, title, body, tags, is_published, published_at, created_at)
     SELECT gen_random_uuid(), a.id, 'Poem ' || i, repeat('word' || (i % 997) || ' line of verse ', 20),
       ARRAY['tag' || (i % 200), 'tag' || ((i * 7) % 200)], i % 10 <> 0, now(), now()
     FROM generate_series(1, $1) i JOIN seed_author a ON a.n = 1 + i % $2`,
    [size.poems, size.authors],
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
  await pool.query(
    `INSERT INTO poem_like (poem_id, author_id)
     SELECT p.id, a.id FROM generate_series(1, $1) i
     JOIN seed_poem p ON p.n = 1 + (i * 7919) % (SELECT count(*) FROM seed_poem)
     JOIN seed_author a ON a.n = 1 + i % $2
     ON CONFLICT DO NOTHING`,
    [size.likes, size.authors],
  );
  await pool.query(
    `INSERT INTO author_follow (follower_id, followee_id)
     SELECT a.id, b.id FROM generate_series(1, $1) i
     JOIN seed_author a ON a.n = 1 + i % $2
     JOIN seed_author b ON b.n = 1 + (i * 31) % $2
     WHERE a.id <> b.id
     ON CONFLICT DO NOTHING`,
    [size.follows, size.authors],
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
  await pool.query('ANALYZE');
}
