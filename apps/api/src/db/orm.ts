import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, MikroORM } from '@mikro-orm/postgresql';
import { entities } from './entities/index.js';
import { migrationsList } from './migrations/index.js';
import { DATABASE_TIMEOUTS, statementLimits } from './timeouts.js';

export type { EntityManager, MikroORM } from '@mikro-orm/postgresql';

export interface CreateOrmOptions {
  /** Log every query (MikroORM's own logger). Default false. */
  debug?: boolean;
  /** Upper bound of the connection pool. Default 10. */
  poolMax?: number;
  /**
   * Bound each statement (`db/timeouts.ts`), as serving requests needs. Default true; false for
   * the ORM that runs the migrations, which may take as long as they need.
   */
  boundStatements?: boolean;
}

/**
 * Builds the ORM for one PostgreSQL database and connects it. Nothing is discovered from the
 * file system (entities and migrations are explicit lists), so this works from a bundle.
 *
 * The schema comes only from the committed migrations (run `migrate(orm)`); never call
 * `orm.schema.createSchema()/updateSchema()` on a real database. `orm.schema` skips the tables
 * that are deliberately unmapped (`session`, `rate_limit`, `new_poem_fanout`, `new_poem_digest`),
 * so `orm.schema.getUpdateSchemaSQL()` is empty when entities and migrations agree.
 */
export async function createOrm(databaseUrl: string, options: CreateOrmOptions = {}): Promise<MikroORM> {
  const config = defineConfig({
    clientUrl: databaseUrl,
    entities,
    extensions: [Migrator],
    migrations: {
      migrationsList,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      // `true` would run migrations with session_replication_role = replica: no triggers (so no
      // counters) and superuser only.
      disableForeignKeys: false,
      // migrate() returns the applied names; the app logs them.
      silent: true,
    },
    discovery: {
      warnWhenNoEntities: false,
      // no folder discovery, no ts-morph, no metadata cache on disk
      disableDynamicFileAccess: true,
    },
    metadataCache: { enabled: false },
    // the database is created by us (embedded) or by the operator; do not poke `postgres`
    ensureDatabase: false,
    // ids (UUID v7) and timestamps are set in `em.create()`, not only at flush
    processOnCreateHooksEarly: true,
    forceUtcTimezone: true,
    pool: {
      min: 0,
      max: options.poolMax ?? 10,
      idleTimeoutMillis: 30_000,
      // a request waiting this long for a connection fails (503) instead of hanging
      acquireTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
    },
    // Given to each `pg` client. A connection that breaks is marked by knex and never handed out
    // again, so the ORM recovers by itself once PostgreSQL is back.
    driverOptions: {
      connection: {
        connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
        ...(options.boundStatements === false ? {} : statementLimits),
      },
    },
    schemaGenerator: {
      // in the migration but deliberately not mapped (see entities/index.ts)
      skipTables: ['session', 'rate_limit', 'new_poem_fanout', 'new_poem_digest'],
    },
    debug: options.debug ?? false,
  });
  return MikroORM.init(config);
}
