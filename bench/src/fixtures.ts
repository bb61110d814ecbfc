import pg from 'pg';

export type Fixtures = {
  /** Published poems to pick from. */
  poemIds: string[];
  /** Authors with long lists of published poems. */
  prolificIds: string[];
  /** For each prolific author, the cursor of page `deepPage` of their published poems. */
  deepCursors: string[];
  /** The session cookie of a prolific author. */
  cookie: string;
};

const PASSWORD = 'benchmark password';

/**
 * What the scenarios need from the seeded database: ids to pick from, deep cursors as the API
 * makes them (base64url JSON of the last key shown), and a logged-in author. The author is a
 * seeded one given the password hash of a fresh signup, so that it has poems of its own.
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

    const poems = await pool.query<{ id: string }>(
      'SELECT id FROM poem WHERE is_published ORDER BY random() LIMIT 5000',
    );
    const prolificIds = prolific.rows.map((row) => row.id);
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
    return { poemIds: poems.rows.map((row) => row.id), prolificIds, deepCursors, cookie };
  } finally {
    await pool.end();
  }
}
