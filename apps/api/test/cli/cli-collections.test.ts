import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Author, Collection, Poem } from '@poetry/sdk';
import { solidImage } from '@poetry/test-support/images';
import { writePoem } from '@poetry/test-support/poems';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/authors.js';
import { useTestServer } from '../support/server.js';
import { loggedInCli, noStackTrace } from './logged-in-cli.js';
import { removeConfigDirs } from './run-cli.js';

const server = useTestServer();
afterAll(removeConfigDirs);

type Shown = { collection: Collection };

/** A logged-in CLI with a new collection of its own. */
async function withCollection(...options: string[]) {
  const { cli, author } = await loggedInCli(server);
  const { collection } = await cli.json<Shown>(['collection', 'new', '--title', 'Sea', ...options]);
  return { cli, author, collection };
}

describe('poet: the author manages collections', () => {
  it('edits only the fields given; nothing given is a usage error; another author gets exit 1', async () => {
    const { cli, collection } = await withCollection('--tags', 'sea,salt', '--public');
    const edited = await cli.json<Shown>([
      'collection',
      'edit',
      collection.id,
      '--title',
      'Salt',
      '--tags',
      'brine',
    ]);
    expect(edited.collection).toMatchObject({
      title: 'Salt',
      tags: ['brine'],
      is_public: true,
      description: '',
    });
    const described = await cli.run([
      'collection',
      'edit',
      collection.id,
      '--description',
      'Waves',
      '--tags',
      '',
    ]);
    expect(described.code).toBe(0);
    expect(described.stdout).toMatch(
      new RegExp(`^Salt\n${collection.id} · by .* · public · 0 poems · 0 followers\n\nWaves$`, 'm'),
    );

    const nothing = await cli.run(['collection', 'edit', collection.id]);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toMatch(/error: nothing to change/);

    const stranger = await loggedInCli(server);
    const refused = await stranger.cli.run(['collection', 'edit', collection.id, '--title', 'Mine']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/\(404 not_found\)/);
    noStackTrace(refused.stderr);
  });

  it('sets and removes the image', async () => {
    const { cli, collection } = await withCollection();
    const file = path.join(cli.configDir, 'sea.png');
    await writeFile(file, await solidImage('png', 1200, 630));
    const set = await cli.json<Shown>(['collection', 'image', 'set', collection.id, file]);
    expect(set.collection.image_url).toMatch(/^http/);
    expect((await cli.run(['collection', 'show', collection.id])).stdout).toContain(
      `image: ${set.collection.image_url}`,
    );
    const removed = await cli.json<Shown>(['collection', 'image', 'rm', collection.id]);
    expect(removed.collection.image_url).toBeNull();
    const missing = await cli.run([
      'collection',
      'image',
      'set',
      collection.id,
      path.join(cli.configDir, 'no.png'),
    ]);
    expect(missing.code).toBe(1);
  });

  it("lists the owner's view with hidden poems; hides and shows a poem in the public view", async () => {
    const { cli, collection } = await withCollection('--public');
    const other = server.client();
    await signUp(other);
    const theirs = await writePoem(other, { title: 'Theirs' });
    const { poem: mine } = await cli.json<{ poem: Poem }>(['poem', 'new', '--title', 'Mine'], 'my words');
    await cli.json(['poem', 'publish', mine.id]);
    await cli.json(['collection', 'add', collection.id, theirs.id]);
    await cli.json(['collection', 'add', collection.id, mine.id]);

    const hidden = await cli.run(['collection', 'hide-poem', collection.id, theirs.id]);
    expect(hidden).toMatchObject({ code: 0, stdout: 'Hidden from the public view of "Sea".\n' });
    const owners = await cli.json<{ poems: Poem[] }>(['collection', 'poems', collection.id]);
    expect(owners.poems.map((poem) => [poem.id, poem.is_hidden])).toEqual([
      [mine.id, false],
      [theirs.id, true],
    ]);
    const table = await cli.run(['collection', 'poems', collection.id]);
    expect(table.stdout).toMatch(/^ID\s+TITLE\s+AUTHOR\s+STATE\s+LIKES\s+READS\s+HIDDEN$/m);
    expect(table.stdout).toMatch(new RegExp(`^${theirs.id}\\s+Theirs\\s+.*\\s+yes$`, 'm'));

    const reader = await loggedInCli(server);
    const publicIds = async () =>
      (await reader.cli.json<{ poems: Poem[] }>(['collection', 'show', collection.id])).poems.map(
        (p) => p.id,
      );
    expect(await publicIds()).toEqual([mine.id]);
    await cli.json(['collection', 'show-poem', collection.id, theirs.id]);
    expect(await publicIds()).toContain(theirs.id);

    expect((await reader.cli.run(['collection', 'poems', collection.id])).code).toBe(1);
  });

  it('lists the followers of a collection', async () => {
    const { cli, collection } = await withCollection('--public');
    const follower = await loggedInCli(server);
    await follower.cli.json(['follow', '--collection', collection.id]);
    const page = await cli.json<{ authors: Author[]; next_cursor: string | null }>([
      'collection',
      'followers',
      collection.id,
    ]);
    expect(page).toEqual({
      authors: [expect.objectContaining({ id: follower.author.id })],
      next_cursor: null,
      prev_cursor: null,
    });
    const human = await cli.run(['collection', 'followers', collection.id]);
    expect(human.stdout).toMatch(/^USERNAME\s+NAME\s+POEMS\s+FOLLOWERS$/m);
    expect(human.stdout).toContain(follower.author.username);
  });

  it('lists public collections by name: featured, new, genre', async () => {
    const { cli, collection } = await withCollection('--public', '--tags', 'tidal');
    for (const list of [['featured'], ['new'], ['genre', 'tidal']]) {
      const page = await cli.json<{ collections: Collection[] }>(['collections', ...list]);
      expect(
        page.collections.map((c) => c.id),
        list.join(' '),
      ).toContain(collection.id);
    }
    const human = await cli.run(['collections', 'genre', 'tidal', '--limit', '1']);
    expect(human.stdout).toMatch(new RegExp(`^${collection.id}\\s+Sea\\s+\\S+\\s+public\\s+0\\s+0$`, 'm'));
    for (const args of [
      ['collections', 'top'],
      ['collections', 'genre'],
      ['collection', 'poems'],
    ]) {
      const usage = await cli.run(args);
      expect(usage.code, args.join(' ')).toBe(2);
    }
  });

  it('says what it deleted, as `poem rm` does', async () => {
    const { cli, collection } = await withCollection();
    expect(await cli.run(['collection', 'delete', collection.id])).toMatchObject({
      code: 0,
      stdout: 'Deleted "Sea".\n',
    });
    expect((await cli.run(['collection', 'delete', collection.id])).code).toBe(1);
  });
});
