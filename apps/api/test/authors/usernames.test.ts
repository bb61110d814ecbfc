import { describe, expect, it } from 'vitest';
import { signUp } from '../support/authors.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();

describe('generated usernames', () => {
  it('never take a reserved word: `list` would make /api/author/list/... ambiguous', async () => {
    const author = await signUp(server.client(), { firstname: 'List', lastname: '王' });
    expect(author.username).toBe('list-2');
    const { author: byName } = await server.client().author.get({ params: { authorId: 'list-2' } });
    expect(byName.id).toBe(author.id);
  });
});
