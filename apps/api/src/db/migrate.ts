import pg from 'pg';
import type { MikroORM } from './orm.js';

/**
 * Key of the PostgreSQL advisory lock that serialises migrations across instances
 * (an arbitrary constant of this project; passed as text so no precision is lost).
 */
export const MIGRATION_LOCK_KEY = '7426118102261122001';

/**
 * Applies every pending migration and returns the names applied (empty when up to date).
 *
 * Safe when several instances start at once: each one first takes
 * `pg_advisory_lock(MIGRATION_LOCK_KEY)` on a dedicated connection (outside the ORM pool, so a
 * small pool cannot starve it) and holds it until the migrator is done, so one instance migrates
 * while the others wait and then find nothing pending. The lock is released in `finally`, and by
 * PostgreSQL itself if this process dies (the session ends).
 */
export async function migrate(orm: MikroORM): Promise<string[]> {
  const client = new pg.Client(lockConnectionConfig(orm));
  // an 'error' event without a listener would crash the process; the awaited calls reject anyway
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    try {
      const applied = await orm.getMigrator().up();
      return applied.map((m) => m.name);
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end().catch(() => {});
  }
}

function lockConnectionConfig(orm: MikroORM): pg.ClientConfig {
  const url = orm.config.get('clientUrl');
  if (url) return { connectionString: url, application_name: 'poetry-migrate' };
  const { host, port, user, password, database } = orm.em.getConnection().getConnectionOptions();
  return {
    host,
    port,
    user,
    password: password as string | undefined,
    database,
    application_name: 'poetry-migrate',
  };
}
