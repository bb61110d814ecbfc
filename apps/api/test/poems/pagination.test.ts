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
        const { poems, ...cursors } = await server.client().author.poems.list({
          params: { authorId: author.username },
          query,
        });
        return { items: poems, ...cursors };
      },
      2,
      () => writePoem(client, { title: 'Inserted meanwhile' }),
    );
    expect(seen.map((poem) => poem.id)).toEqual(before.map((poem) => poem.id).reverse());
  });

  it('goes back a page to the poems it showed, and past the first to those published since', async () => {
    const client = server.client();
    const author = await signUp(client);
    const titles = (poems: { title: string }[]) => poems.map((poem) => poem.title);
    for (let i = 0; i < 5; i += 1) await writePoem(client, { title: `Poem ${i}` });
    const list = (cursor?: string) =>
      server.client().author.poems.list({ params: { authorId: author.id }, query: { limit: 2, cursor } });

    const first = await list();
    expect(first.prev_cursor).toBeNull();
    const second = await list(first.next_cursor ?? undefined);
    await writePoem(client, { title: 'Published since' });

    const back = await list(second.prev_cursor ?? undefined);
    expect(titles(back.poems)).toEqual(['Poem 4', 'Poem 3']);
    expect(back.next_cursor, 'forwards again from the page reached backwards').not.toBeNull();
    expect(titles((await list(back.next_cursor ?? undefined)).poems)).toEqual(titles(second.poems));
    const since = await list(back.prev_cursor ?? undefined);
    expect(titles(since.poems)).toEqual(['Published since']);
    expect(since.prev_cursor).toBeNull();
  });
});
