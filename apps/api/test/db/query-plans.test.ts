import { seed } from '@poetry/seed';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/authors.js';
import { send, sessionCookie } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Rows Removed by Filter'?: number;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
};

// A list page reads about `limit` rows; a plan that reads and throws away more than this many
// rows of a big table walks an index that does not fit the query.
const MAX_ROWS_FILTERED_OUT = 500;

// A deep page (or the last, for a shorter list) costs about what the first costs.
const DEEP_PAGE = 10;

// The tables that grow with use much faster than the number of authors or collections.
const BIG_TABLES = ['poem', 'poem_like', 'author_follow', 'collection_poem', 'collection_follow'];

const server = useTestServer();
let statements: { text: string; values: unknown[] }[] = [];
let cookie: string;
const ids = { collection: '', owner: '', poem: '', mine: '', reader: '' };

beforeAll(async () => {
  // Bulk statements that may take longer than the server's pool allows a request's statement.
  const seeding = new pg.Pool({ connectionString: server.databaseUrl, max: 1 });
  try {
    await seed(seeding, {
      authors: 5_000,
      poems: 20_000,
      collections: 500,
      likes: 40_000,
      follows: 20_000,
      // Rare tags: a tag filter then reads about `limit` rows, so the threshold below holds for it too.
      maxTagsPerPoem: 2,
    });
  } finally {
    await seeding.end();
  }
  const reader = await signUp(server.client());
  cookie = sessionCookie(
    await send(`${server.url}/api/auth/login`, 'POST', {
      body: { email: reader.email, password: reader.password },
    }),
  );
  // The reader follows a hundred authors and ten collections, for the feed.
  await server.pool.query(
    `INSERT INTO author_follow (follower_id, followee_id) SELECT $1, id FROM author WHERE id <> $1 LIMIT 100`,
    [reader.id],
  );
  await server.pool.query(
    `INSERT INTO collection_follow (author_id, collection_id) SELECT $1, id FROM collection WHERE is_public LIMIT 10`,
    [reader.id],
  );
  // ...and likes two hundred poems, some unpublished since, for the poems they like.
  await server.pool.query(`INSERT INTO poem_like (poem_id, author_id) SELECT id, $1 FROM poem LIMIT 200`, [
    reader.id,
  ]);
  const { rows } = await server.pool.query(
    `SELECT c.id AS collection, c.owner_id AS owner,
            (SELECT id FROM poem WHERE is_published ORDER BY like_count DESC LIMIT 1) AS poem
     FROM collection c WHERE c.is_public ORDER BY c.followers_count DESC LIMIT 1`,
  );
  Object.assign(ids, rows[0], { reader: reader.id });
  // ...and has a public collection of 250 poems, drafts among them: more than ten pages, for its
  // owner's and its readers' views. (Many more would weigh on whichever page of the lists of public
  // collections it fell on, which count each one's poems.)
  const mine = await server.pool.query<{ id: string }>(
    `INSERT INTO collection (id, owner_id, title, is_public) VALUES (gen_random_uuid(), $1, 'Mine', true) RETURNING id`,
    [reader.id],
  );
  ids.mine = mine.rows[0]?.id ?? '';
  await server.pool.query(
    `INSERT INTO collection_poem (collection_id, poem_id, added_at)
     SELECT $1, id, now() - make_interval(secs => row_number() OVER ()) FROM poem LIMIT 250`,
    [ids.mine],
  );
  await server.pool.query('ANALYZE');
  // Record what the API sends to PostgreSQL, to explain it afterwards.
  const query = server.pool.query.bind(server.pool) as (...args: unknown[]) => Promise<unknown>;
  (server.pool as { query: unknown }).query = (text: unknown, values?: unknown) => {
    if (typeof text === 'string' && /^\s*(WITH|SELECT)/i.test(text))
      statements.push({ text, values: (values as unknown[]) ?? [] });
    return query(text, values);
  };
}, 120_000);

function scans(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(scans)];
}

/**
 * The plan's scans: which tables it reads sequentially, and how many rows of big tables it reads
 * only to filter them out. With `indexesOnly`, sequential scans are priced out.
 */
async function planOf(statement: { text: string; values: unknown[] }, { indexesOnly = false } = {}) {
  const client = await server.pool.connect();
  try {
    await client.query(`SET enable_seqscan = ${indexesOnly ? 'off' : 'on'}`);
    const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`, statement.values);
    const plan = (rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]?.Plan as PlanNode;
    const nodes = scans(plan);
    const bigTableScans = nodes.filter((node) => BIG_TABLES.includes(node['Relation Name'] ?? ''));
    return {
      seqScans: nodes
        .filter((node) => node['Node Type'] === 'Seq Scan')
        .map((node) => node['Relation Name'] ?? ''),
      filteredOut: bigTableScans.reduce(
        (sum, node) => sum + (node['Rows Removed by Filter'] ?? 0) * (node['Actual Loops'] ?? 1),
        0,
      ),
      /** The rows of big tables it reads, kept or filtered out. */
      rowsRead: bigTableScans.reduce(
        (sum, node) =>
          sum +
          ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1),
        0,
      ),
    };
  } finally {
    await client.query('RESET enable_seqscan');
    client.release();
  }
}

/**
 * The planner's choice for `statement`, checked to read no big table sequentially, and to reach
 * every table it touches through an index when sequential scans are priced out.
 */
async function indexedPlanOf(statement: { text: string; values: unknown[] }) {
  const chosen = await planOf(statement);
  expect(
    chosen.seqScans.filter((table) => BIG_TABLES.includes(table)),
    statement.text,
  ).toEqual([]);
  expect((await planOf(statement, { indexesOnly: true })).seqScans, statement.text).toEqual([]);
  return chosen;
}

/**
 * Every list the API serves, asked on a seeded database of realistic shape, on the first page and
 * a next one: the planner's own choice reads no big table sequentially, and every table the query
 * touches can be reached through an index (no sequential scan is left when they are priced out;
 * on small tables the planner may still prefer one, which is fine).
 */
describe('query plans of the lists', () => {
  const lists = [
    '/api/poem?limit=20',
    '/api/poem?q=word7&limit=20',
    '/api/poem?tags=tag7&limit=20',
    '/api/author/seed-42/poem',
    '/api/author/seed-42/collection',
    '/api/author/seed-42/follower',
    '/api/author/:owner/collection/:collection/poem',
    '/api/author/:owner/collection/:collection/poem?tags=tag7',
    '/api/author/:reader/collection/:mine/poem',
    '/api/author/list/featured',
    '/api/author/list/top',
    '/api/author/list/new',
    '/api/author/list/genre:tag7',
    '/api/collection/list/featured',
    '/api/collection/list/new',
    '/api/collection/list/genre:tag7',
    '/api/collection/:collection/poem',
    '/api/collection/:collection/poem?tags=tag7',
    '/api/collection/:collection/follower',
    '/api/collection/:mine/poem',
    '/api/me/collection/:mine/poem',
    '/api/poem/:poem/like',
    '/api/me/feed',
    '/api/me/following',
    '/api/me/following/collection',
    '/api/me/liked',
    '/api/me/poem',
    '/api/me/collection',
  ];

  const pathOf = (route: string) =>
    route
      .replace(':collection', ids.collection)
      .replace(':owner', ids.owner)
      .replace(':poem', ids.poem)
      .replace(':mine', ids.mine)
      .replace(':reader', ids.reader);

  type Cursors = { next_cursor: string | null; prev_cursor: string | null };

  /** Reads the page of `path` `cursor` points to as the reader; answers its cursors. */
  async function readPage(path: string, cursor: string | null) {
    const answer = await fetch(
      `${server.url}${path}${cursor ? `${path.includes('?') ? '&' : '?'}cursor=${cursor}` : ''}`,
      {
        headers: { cookie },
      },
    );
    expect(answer.status).toBe(200);
    return (await answer.json()) as Cursors;
  }

  /** The cursor of the page after the one `cursor` points to, read as the reader. */
  const nextOf = async (path: string, cursor: string | null) => (await readPage(path, cursor)).next_cursor;

  it.each(lists)('GET %s uses indexes on the first, the next and the previous page', async (route) => {
    const path = pathOf(route);
    statements = [];
    const { next_cursor } = await readPage(path, null);
    const { prev_cursor } = next_cursor ? await readPage(path, next_cursor) : { prev_cursor: null };
    if (prev_cursor) await readPage(path, prev_cursor);
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      const chosen = await indexedPlanOf(statement);
      expect(chosen.filteredOut, statement.text).toBeLessThan(MAX_ROWS_FILTERED_OUT);
    }
  });

  /** The rows of big tables that reading the page `cursor` points to reads, over all its statements. */
  async function rowsReadFor(path: string, cursor: string | null) {
    statements = [];
    await readPage(path, cursor);
    let rows = 0;
    for (const statement of statements) rows += (await planOf(statement)).rowsRead;
    return rows;
  }

  it.each(lists)(
    'GET %s reads on its tenth page, and the one before it, about what it reads on the first',
    async (route) => {
      const path = pathOf(route);
      let cursor: string | null = null;
      for (let page = 1; page < DEEP_PAGE; page += 1) cursor = (await nextOf(path, cursor)) ?? cursor;
      const { prev_cursor } = await readPage(path, cursor);
      const first = await rowsReadFor(path, null);
      expect(await rowsReadFor(path, cursor)).toBeLessThanOrEqual(2 * first + 100);
      expect(await rowsReadFor(path, prev_cursor)).toBeLessThanOrEqual(2 * first + 100);
    },
  );

  it('GET /api/poem?q=<a word in most poems> reads a page of its matches, not every match', async () => {
    const { rows } = await server.pool.query<{ matches: number }>(
      `SELECT count(*)::int AS matches FROM poem
       WHERE is_published AND search @@ websearch_to_tsquery('english', 'harbour')`,
    );
    const matches = rows[0]?.matches ?? 0;
    expect(matches).toBeGreaterThan(5_000);
    const path = '/api/poem?q=harbour&limit=20';
    let cursor: string | null = null;
    for (let page = 1; page < DEEP_PAGE; page += 1) cursor = await nextOf(path, cursor);
    expect(cursor).not.toBeNull();
    expect(await rowsReadFor(path, null)).toBeLessThan(matches / 5);
    expect(await rowsReadFor(path, cursor)).toBeLessThan(matches / 5);
    const { prev_cursor } = await readPage(path, cursor);
    expect(await rowsReadFor(path, prev_cursor)).toBeLessThan(matches / 5);
  });
});

describe('the query plan of what is around a poem', () => {
  it("GET /api/poem/:poem/around?collection_id= reads a few rows through indexes, not the author's poems or the collection", async () => {
    const { rows } = await server.pool.query<{ poem: string }>(
      `SELECT poem_id AS poem FROM collection_poem WHERE collection_id = $1 AND poem_published_at IS NOT NULL
       ORDER BY poem_published_at DESC, poem_id DESC OFFSET 100 LIMIT 1`,
      [ids.mine],
    );
    statements = [];
    const answer = await fetch(`${server.url}/api/poem/${rows[0]?.poem}/around?collection_id=${ids.mine}`);
    expect(answer.status).toBe(200);
    const { collection } = (await answer.json()) as { collection: { previous: unknown; next: unknown } };
    expect(collection.previous).not.toBeNull();
    expect(collection.next).not.toBeNull();
    expect(statements).toHaveLength(1);
    for (const statement of statements) {
      expect((await indexedPlanOf(statement)).rowsRead, statement.text).toBeLessThan(50);
    }
  });
});
