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
  'Actual Loops'?: number;
  Plans?: PlanNode[];
};

// A list page reads about `limit` rows; a plan that reads and throws away more than this many
// rows of a big table walks an index that does not fit the query.
const MAX_ROWS_FILTERED_OUT = 500;

// The tables that grow with use much faster than the number of authors or collections.
const BIG_TABLES = ['poem', 'poem_like', 'author_follow', 'collection_poem', 'collection_follow'];

const server = useTestServer();
let statements: { text: string; values: unknown[] }[] = [];
let cookie: string;
const ids = { collection: '', poem: '' };

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
  const { rows } = await server.pool.query(
    `SELECT (SELECT id FROM collection WHERE is_public ORDER BY followers_count DESC LIMIT 1) AS collection,
            (SELECT id FROM poem WHERE is_published ORDER BY like_count DESC LIMIT 1) AS poem`,
  );
  Object.assign(ids, rows[0]);
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
    return {
      seqScans: nodes
        .filter((node) => node['Node Type'] === 'Seq Scan')
        .map((node) => node['Relation Name'] ?? ''),
      filteredOut: nodes
        .filter((node) => BIG_TABLES.includes(node['Relation Name'] ?? ''))
        .reduce((sum, node) => sum + (node['Rows Removed by Filter'] ?? 0) * (node['Actual Loops'] ?? 1), 0),
    };
  } finally {
    await client.query('RESET enable_seqscan');
    client.release();
  }
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
    '/api/poem/:poem/like',
    '/api/me/feed',
    '/api/me/poem',
    '/api/me/collection',
  ];

  it.each(lists)('GET %s uses indexes on the first and the next page', async (route) => {
    const path = route.replace(':collection', ids.collection).replace(':poem', ids.poem);
    statements = [];
    const first = await fetch(`${server.url}${path}`, { headers: { cookie } });
    expect(first.status).toBe(200);
    const { next_cursor } = (await first.json()) as { next_cursor: string | null };
    if (next_cursor) {
      const next = await fetch(`${server.url}${path}${path.includes('?') ? '&' : '?'}cursor=${next_cursor}`, {
        headers: { cookie },
      });
      expect(next.status).toBe(200);
    }
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      const chosen = await planOf(statement);
      expect(
        chosen.seqScans.filter((table) => BIG_TABLES.includes(table)),
        statement.text,
      ).toEqual([]);
      expect(chosen.filteredOut, statement.text).toBeLessThan(MAX_ROWS_FILTERED_OUT);
      expect((await planOf(statement, { indexesOnly: true })).seqScans, statement.text).toEqual([]);
    }
  });
});
