import type { MikroORM } from '@mikro-orm/core';
import type { initServer } from '@ts-rest/express';
import type pg from 'pg';
import type { Config } from '../config.js';
import type { MediaFiles } from '../media/media-files.js';
import type { SessionRegistry } from './auth/session-registry.js';

/**
 * What every module is built from. Writes go through the ORM (`orm.em` is the request's fork);
 * list and hot reads are SQL on `pool`, one query each, keyset-paginated.
 */
export type ModuleContext = {
  s: ReturnType<typeof initServer>;
  config: Config;
  orm: MikroORM;
  pool: pg.Pool;
  sessions: SessionRegistry;
  /** Uploaded images: stored with the record that names them, deleted with it. */
  media: MediaFiles;
};
