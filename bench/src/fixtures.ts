import pg from 'pg';

export type Fixtures = {
  /** Published poems to pick from. */
  poemIds: string[];
  /** Authors to pick from. */
  authorIds: string[];
  /** Authors with long lists of published poems, each with `CROWD` followers or more. */
  prolificIds: string[];
  /** For each prolific author, the cursor of page `deepPage` of their published poems. */
  deepCursors: string[];
  /** The session cookie of a prolific author, who follows enough authors and collections for a full feed. */
  cookie: string;
  /** Published poems with `CROWD` likes or more. */
  likedPoemIds: string[];
  /** Public collections, each with a tag that some of the poems it shows carry. */
  taggedCollections: { authorId: string; collectionId: string; tag: string }[];
  /** Tags that public collections (and published poems) carry, for the `genre:<tag>` lists. */
  genres: string[];
};

const PASSWORD = 'benchmark password';

/**
 * How many seeded authors follow each prolific author and like each poem of `likedPoemIds`: the
 * seed gives an author about 10 followers and a poem about 15 likes, not a page of either.
 */
const CROWD = 100;
/** Whom the logged-in author follows for the feed, as a keen reader might (the seed: 10 and 1). */
const FEED_FOLLOWS = { authors: 50, publicCollections: 10 };
/** How many poems get `CROWD` likes. */
const LIKED_POEMS = 20;

/**
 * What the scenarios need from the seeded database: ids to pick from, deep cursors as the API
 * makes them (base64url JSON of the last key shown), and a logged-in author. The author is a
 * seeded one given the password hash of a fresh signup, so that it has poems of its own; the
 * follows and likes that fill the pages of the feed, followers and likers are added once.
 */
export async function loadFixtures(
  apiUrl: string,
  databaseUrl: string,
  { prolificAuthors, deepPage }: { prolificAuthors: number; deepPage: number },
): Promise<Fixtures> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const email = `bench-${Date.now()}@example.com`;
    const signup = await fetch(`${apiUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, firstname: 'Bench', lastname: 'Mark' }),
    });
    if (signup.status !== 201) throw new Error(`bench signup answered ${signup.status}`);
    const prolific = await pool.query<{ id: string; email: string }>(
      `SELECT a.id, a.email FROM author a WHERE a.email LIKE 'seed%' ORDER BY a.poems_count DESC, a.id LIMIT $1`,
      [prolificAuthors],
    );
    const me = prolific.rows[0];
    if (!me) throw new Error('the database is not seeded');
    await pool.query(
      `UPDATE author SET password_hash = (SELECT password_hash FROM author WHERE email = $1) WHERE id = $2`,
      [email, me.id],
    );
    const login = await fetch(`${apiUrl}/api/auth/login`, {
      method: 'POST',
      // as a TLS-terminating proxy forwards it: the API sends its Secure cookie only over HTTPS
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      body: JSON.stringify({ email: me.email, password: PASSWORD }),
    });
    const cookie = login.headers.getSetCookie()[0]?.split(';')[0];
    if (login.status !== 200 || !cookie) throw new Error(`bench login answered ${login.status}`);

    const prolificIds = prolific.rows.map((row) => row.id);
    const likedPoemIds = await gatherCrowds(pool, me.id, prolificIds);

    const poems = await pool.query<{ id: string }>(
      'SELECT id FROM poem WHERE is_published ORDER BY random() LIMIT 5000',
    );
    // The key of the last poem before the deep page, in the API's order and cursor shape.
    const deep = await pool.query<{ key: [string, string] | null }>(
      `SELECT (SELECT json_build_array(p.published_at::text, p.id) FROM poem p
                WHERE p.author_id = a.id AND p.is_published
                ORDER BY p.published_at DESC, p.id DESC OFFSET $2 LIMIT 1) AS key
         FROM unnest($1::uuid[]) AS a(id)`,
      [prolificIds, (deepPage - 1) * 20 - 1],
    );
    if (deep.rows.some((row) => row.key === null))
      throw new Error(`a prolific author has no page ${deepPage}`);
    const deepCursors = deep.rows.map((row) => Buffer.from(JSON.stringify(row.key)).toString('base64url'));
    const authors = await pool.query<{ id: string }>('SELECT id FROM author ORDER BY random() LIMIT 5000');
    // Each with the tag most of its shown poems carry.
    const taggedCollections = await pool.query<Fixtures['taggedCollections'][number]>(
      `SELECT c.owner_id AS "authorId", c.id AS "collectionId", t.tag FROM collection c
       CROSS JOIN LATERAL (SELECT tag FROM collection_poem cp JOIN poem p ON p.id = cp.poem_id
           CROSS JOIN unnest(p.tags) AS tag
         WHERE cp.collection_id = c.id AND cp.poem_published_at IS NOT NULL AND NOT cp.is_hidden
         GROUP BY tag ORDER BY count(*) DESC, tag LIMIT 1) t
       WHERE c.is_public ORDER BY random() LIMIT 500`,
    );
    const genres = await pool.query<{ tag: string }>(
      'SELECT DISTINCT unnest(tags) AS tag FROM collection WHERE is_public',
    );
    return {
      poemIds: poems.rows.map((row) => row.id),
      authorIds: authors.rows.map((row) => row.id),
      prolificIds,
      deepCursors,
      cookie,
      likedPoemIds,
      taggedCollections: taggedCollections.rows,
      genres: genres.rows.map((row) => row.tag),
    };
  } finally {
    await pool.end();
  }
}

/**
 * What the seed spreads too thinly for some lists, added once (the same rows every run): a crowd of
 * seeded authors follows each of `popularIds` and likes a few published poems, and `readerId`
 * follows many authors (the most prolific first) and public collections. Answers the liked poems.
 */
async function gatherCrowds(pool: pg.Pool, readerId: string, popularIds: string[]): Promise<string[]> {
  const crowd = `(SELECT id FROM author WHERE email LIKE 'seed%' ORDER BY id LIMIT ${CROWD}) crowd`;
  await pool.query(
    `INSERT INTO author_follow (follower_id, followee_id)
     SELECT crowd.id, p.id FROM unnest($1::uuid[]) AS p(id) CROSS JOIN ${crowd}
     WHERE crowd.id <> p.id ON CONFLICT DO NOTHING`,
    [popularIds],
  );
  const liked = await pool.query<{ id: string }>(
    'SELECT id FROM poem WHERE is_published ORDER BY id LIMIT $1',
    [LIKED_POEMS],
  );
  const likedPoemIds = liked.rows.map((row) => row.id);
  await pool.query(
    `INSERT INTO poem_like (poem_id, author_id)
     SELECT p.id, crowd.id FROM unnest($1::uuid[]) AS p(id) CROSS JOIN ${crowd} ON CONFLICT DO NOTHING`,
    [likedPoemIds],
  );
  await pool.query(
    `INSERT INTO author_follow (follower_id, followee_id)
     SELECT $1::uuid, a.id FROM author a WHERE a.email LIKE 'seed%' AND a.id <> $1::uuid
     ORDER BY a.poems_count DESC, a.id LIMIT $2 ON CONFLICT DO NOTHING`,
    [readerId, FEED_FOLLOWS.authors],
  );
  await pool.query(
    `INSERT INTO collection_follow (author_id, collection_id)
     SELECT $1::uuid, c.id FROM collection c WHERE c.is_public ORDER BY c.id LIMIT $2 ON CONFLICT DO NOTHING`,
    [readerId, FEED_FOLLOWS.publicCollections],
  );
  return likedPoemIds;
}
