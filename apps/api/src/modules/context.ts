import type { initServer } from '@ts-rest/express';
import type pg from 'pg';
import type { Config } from '../config.js';
import type { MikroORM } from '../db/orm.js';
import type { ImageUploads } from '../http/image-uploads.js';
import type { MediaFiles } from '../media/media-files.js';

/**
 * What every module is built from. Writes go through the ORM (`orm.em` is the request's fork);
 * reads are SQL on `pool`, one query each, keyset-paginated: on this 2-core machine one poem with
 * its author served 1.1–1.3k req/s through MikroORM `findOne` + `populate` against 5.2–5.5k
 * through the same framework with a plain `pg` query (ARCHITECTURE.md).
 */
export type ModuleContext = {
  s: ReturnType<typeof initServer>;
  config: Config;
  orm: MikroORM;
  pool: pg.Pool;
  /** Uploaded images: stored with the record that names them, deleted with it. */
  media: MediaFiles;
  /** Images sent to the upload routes, counted per author before they are decoded. */
  uploads: ImageUploads;
};
