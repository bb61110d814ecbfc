import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000_initial } from './Migration20261122000000_initial.js';

/**
 * Every migration, in order, listed explicitly so that a bundled app needs no file-system
 * discovery. Add new migrations at the end; the name is what is stored in `mikro_orm_migrations`,
 * so never rename one that has shipped.
 */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122000000_initial', class: Migration20261122000000_initial },
];
