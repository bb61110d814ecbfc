import type { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/** Plain SQL (`?` placeholders) on the ORM's connection, for the writes of relation rows. */
export const relationSql = (orm: MikroORM) => (sql: string, params: unknown[]) =>
  (orm.em as EntityManager).getConnection().execute<unknown[]>(sql, params);
