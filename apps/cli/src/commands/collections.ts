import type { Command } from 'commander';
import { namedListCommands } from '../lib/named-lists.js';
import { collectionTable } from '../lib/render.js';

export function collectionsCommands(program: Command) {
  namedListCommands(program, {
    group: 'collections',
    description: 'lists of public collections (yours: poet collection list)',
    lists: [
      ['featured', 'public collections with the most followers'],
      ['new', 'the newest public collections'],
    ],
    genre: 'public collections with this tag, most followed first',
    get: (client, listId, query) => client.collection.lists.get({ params: { listId }, query }),
    table: ({ collections }) => collectionTable(collections),
  });
}
