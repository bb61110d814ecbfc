import type { Command } from 'commander';
import { namedListCommands } from '../lib/named-lists.js';
import { authorTable } from '../lib/render.js';

export function authorsCommands(program: Command) {
  namedListCommands(program, {
    group: 'authors',
    description: 'lists of authors (one author: poet author)',
    lists: [
      ['top', 'authors with the most likes on their published poems'],
      ['featured', 'authors with the most followers'],
      ['new', 'the newest authors'],
    ],
    genre: 'authors of published poems with this tag, most liked first',
    get: (client, listId, query) => client.author.lists.get({ params: { listId }, query }),
    table: ({ authors }) => authorTable(authors),
  });
}
