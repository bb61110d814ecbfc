import { writePoem } from '@poetry/test-support/poems';
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/authors.js';
import { collectPages } from '../support/pagination.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();

describe('keyset pagination', () => {
  it('neither skips nor repeats a poem while new ones are published between pages', async () => {
    const client = server.client();
    const author = await signUp(client);
    const before = [];
    for (let i = 0; i < 9; i += 1) before.push(await writePoem(client, { title: `Before ${i}` }));

    const seen = await collectPages(
      async (query) => {
        const { poems, next_cursor } = await server.client().author.poems.list({
          params: { authorId: author.username },
          query,
        });
        return { items: poems, next_cursor };
      },
      2,
      () => writePoem(client, { title: 'Inserted meanwhile' }),
    );
    expect(seen.map((poem) => poem.id)).toEqual(before.map((poem) => poem.id).reverse());
  });
});
