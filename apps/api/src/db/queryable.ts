import type pg from 'pg';

/**
 * What a module's reads run through: the primary's pool, or the anonymous reads
 * (`replica-reads.ts`), which answer `query` as the pool does.
 */
export type Queryable = {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    textOrConfig: string | pg.QueryConfig,
    values?: unknown[],
  ): Promise<pg.QueryResult<R>>;
};
