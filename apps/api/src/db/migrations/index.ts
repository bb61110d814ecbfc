import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000_initial } from './Migration20261122000000_initial.js';
import { Migration20261122010000_mail_outbox } from './Migration20261122010000_mail_outbox.js';
import { Migration20261123000000_poem_fillfactor } from './Migration20261123000000_poem_fillfactor.js';
import { Migration20261124010000_follows_and_likes_of_an_author } from './Migration20261124010000_follows_and_likes_of_an_author.js';
import { Migration20261124020000_publication_order_and_share_keys } from './Migration20261124020000_publication_order_and_share_keys.js';
import { Migration20261124030000_english_search } from './Migration20261124030000_english_search.js';
import { Migration20261124040000_author_share_image } from './Migration20261124040000_author_share_image.js';
import { Migration20261125000000_title_search } from './Migration20261125000000_title_search.js';
import { Migration20261128000000_new_poem_mail } from './Migration20261128000000_new_poem_mail.js';
import { Migration20261128010000_new_poem_fanout } from './Migration20261128010000_new_poem_fanout.js';
import { Migration20261128020000_unsubscribe_tokens } from './Migration20261128020000_unsubscribe_tokens.js';
import { Migration20261128030000_daily_digest } from './Migration20261128030000_daily_digest.js';
import { Migration20261128040000_retention } from './Migration20261128040000_retention.js';

/**
 * Every migration, in order, listed explicitly so that a bundled app needs no file-system
 * discovery. Add new migrations at the end; the name is what is stored in `mikro_orm_migrations`,
 * so never rename one that has shipped.
 */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122000000_initial', class: Migration20261122000000_initial },
  { name: 'Migration20261122010000_mail_outbox', class: Migration20261122010000_mail_outbox },
  { name: 'Migration20261123000000_poem_fillfactor', class: Migration20261123000000_poem_fillfactor },
  {
    name: 'Migration20261124010000_follows_and_likes_of_an_author',
    class: Migration20261124010000_follows_and_likes_of_an_author,
  },
  {
    name: 'Migration20261124020000_publication_order_and_share_keys',
    class: Migration20261124020000_publication_order_and_share_keys,
  },
  { name: 'Migration20261124030000_english_search', class: Migration20261124030000_english_search },
  { name: 'Migration20261124040000_author_share_image', class: Migration20261124040000_author_share_image },
  { name: 'Migration20261125000000_title_search', class: Migration20261125000000_title_search },
  { name: 'Migration20261128000000_new_poem_mail', class: Migration20261128000000_new_poem_mail },
  { name: 'Migration20261128010000_new_poem_fanout', class: Migration20261128010000_new_poem_fanout },
  { name: 'Migration20261128020000_unsubscribe_tokens', class: Migration20261128020000_unsubscribe_tokens },
  { name: 'Migration20261128030000_daily_digest', class: Migration20261128030000_daily_digest },
  { name: 'Migration20261128040000_retention', class: Migration20261128040000_retention },
];
