import type { initServer } from '@ts-rest/express';
import type pg from 'pg';
import type { Config } from '../config.js';
import type { MikroORM } from '../db/orm.js';
import type { Queryable } from '../db/queryable.js';
import type { ImageUploads } from '../http/image-uploads.js';
import type { Passport } from '../http/passport.js';
import type { MediaFiles } from '../media/media-files.js';
import type { PoemCards } from '../media/poem-cards.js';

/**
 * What every module is built from. `orm` writes the rows with rules (`orm.em` is the request's
 * fork); `pool` runs every read and every atomic write (the data rule: apps/api/README.md).
 */
export type ModuleContext = {
  s: ReturnType<typeof initServer>;
  config: Config;
  orm: MikroORM;
  pool: pg.Pool;
  /**
   * The reads of anonymous requests: the read replica while it is fresh (`db/replica-reads.ts`),
   * else `pool`; `pool` itself without DATABASE_READ_URL. Picked per request by `perViewer`.
   */
  reads: Queryable;
  /** Uploaded images: stored with the record that names them, deleted with it. */
  media: MediaFiles;
  /** Images sent to the upload routes, counted per author before they are decoded. */
  uploads: ImageUploads;
  /** Poems' link-preview cards, drawn on demand and the recent ones kept. */
  cards: PoemCards;
  /** The session's login; the account module adds the strategy that checks passwords. */
  passport: Passport;
};
