import pg from 'pg';
import { AUTHOR_SQL } from './author-sql.js';
import { COLLECTION_SQL } from './collection-sql.js';
import { FEED_SQL } from './feed-sql.js';
import { SQL } from './sql.js';

const { DATABASE_URL, POOL_MAX } = process.env;
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: Number(POOL_MAX ?? 5) });

const STATEMENTS = { ...SQL, ...AUTHOR_SQL, ...COLLECTION_SQL, ...FEED_SQL };

/** A row as the floor's SQL selects it, in the API's column names. */
export type Row = Record<string, unknown>;

export type Statement = keyof typeof STATEMENTS;

/** The search, whose best plan depends on its words, the API plans at every call (`plannedPerCall`). */
const PLANNED_PER_CALL: ReadonlySet<Statement> = new Set(['search']);

/** Every other query as a named prepared statement: planned once per connection, as the API does. */
export const run = (statement: Statement, values: unknown[]) =>
  pool.query<Row>({
    ...(PLANNED_PER_CALL.has(statement) ? {} : { name: statement }),
    text: STATEMENTS[statement],
    values,
  });
