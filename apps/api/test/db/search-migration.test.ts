import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../src/db/embedded.js';
import { migrate } from '../../src/db/migrate.js';
import { createOrm, type MikroORM } from '../../src/db/orm.js';

/*
 * The migration to English search fills the search vector of the poems that were there before it:
 * a database migrated to the migration before, given a poem, then migrated to the end.
 */

let orm: MikroORM;

beforeAll(async () => {
  const name = `search_${randomBytes(6).toString('hex')}`;
  await createDatabase(`${inject('postgresServerUrl')}postgres`, name);
  orm = await createOrm(inject('postgresServerUrl') + name, { poolMax: 2 });
  await orm.getMigrator().up({ to: 'Migration20261123000000_poem_fillfactor' });
});
afterAll(() => orm?.close());

describe('the english_search migration', () => {
  it("gives existing poems a search vector of their words, stemmed, their tags and their author's name", async () => {
    const connection = orm.em.getConnection();
    const [author] = await connection.execute(
      `insert into author (id, email, password_hash, username, firstname, lastname, created_at, updated_at)
       values (gen_random_uuid(), 'old@example.com', 'x', 'old-author', 'Ada', 'Lovelace', now(), now())
       returning id`,
    );
    await connection.execute(
      `insert into poem (id, author_id, title, body, tags, is_published, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Rooks', 'the birds at dusk', '{elegy}', true, now(), now())`,
      [author?.id],
    );

    expect(await migrate(orm)).toContain('Migration20261124030000_english_search');

    const matches = async (q: string) => {
      const [row] = await connection.execute(
        `select count(*)::int as n from poem where search @@ websearch_to_tsquery('english', ?)`,
        [q],
      );
      return row?.n;
    };
    expect(await matches('bird')).toBe(1);
    expect(await matches('rook')).toBe(1);
    expect(await matches('elegy')).toBe(1);
    expect(await matches('lovelace')).toBe(1);
    expect(await matches('sparrow')).toBe(0);
  });
});
