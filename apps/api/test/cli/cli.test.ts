import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ApiError, createPoetryClient, type Poem } from '@poetry/sdk';
import { freePort } from '@poetry/test-support/free-ports';
import { solidImage } from '@poetry/test-support/images';
import { writePoem } from '@poetry/test-support/poems';
import { afterAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp } from '../support/authors.js';
import { useTestServer } from '../support/server.js';
import { loggedInCli as loggedInAs, noStackTrace } from './logged-in-cli.js';
import { cliUser, removeConfigDirs } from './run-cli.js';

const server = useTestServer();
afterAll(removeConfigDirs);

const loggedInCli = () => loggedInAs(server, { firstname: 'Emily', lastname: 'Dickinson' });

describe('poet, the command-line tool, against the real server', () => {
  it('logs in, writes a poem from stdin, publishes it, lists it; another author likes it; read counts', async () => {
    const { cli } = await loggedInCli();
    const created = await cli.json<{ poem: Poem }>(
      ['poem', 'new', '--title', 'Hope', '--tags', 'hope,birds'],
      'Hope is the thing with feathers\n',
    );
    expect(created.poem).toMatchObject({
      title: 'Hope',
      body: 'Hope is the thing with feathers\n',
      tags: ['hope', 'birds'],
      is_published: false,
    });
    const poemId = created.poem.id;

    expect((await cli.run(['poem', 'publish', poemId])).code).toBe(0);
    const { poems } = await cli.json<{ poems: Poem[] }>(['poem', 'list']);
    expect(poems.find((poem) => poem.id === poemId)).toMatchObject({ is_published: true });

    const reader = server.client();
    await signUp(reader);
    await reader.poem.likes.like({ params: { poemId } });

    const read = await cli.json<{ poem: Poem }>(['read', poemId]);
    expect(read.poem).toMatchObject({ id: poemId, like_count: 1, metrics: { read: 1 } });
    const human = await cli.run(['read', poemId]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('Hope is the thing with feathers');
    expect((await reader.poem.get({ params: { poemId } })).poem.metrics.read).toBe(2);
  });

  it('never blanks a body from an empty stdin, nor leaves a draft behind when a field is refused', async () => {
    const { author, cli } = await loggedInCli();
    const mine = server.client();
    await mine.auth.login({ body: { email: author.email, password: PASSWORD } });
    const count = async () => (await mine.me.poems.list()).poems.length;
    const { poem } = await cli.json<{ poem: Poem }>(['poem', 'new', '--title', 'Kept'], 'these words stay');
    const before = await count();

    const blanking = await cli.run(['poem', 'edit', poem.id], '');
    expect(blanking.code).toBe(2);
    expect(blanking.stderr).toMatch(/the body is empty/);
    expect((await mine.me.poems.get({ params: { poemId: poem.id } })).poem.body).toBe('these words stay');

    expect((await cli.run(['poem', 'new', '--title', 'Nothing'], '')).code).toBe(2);
    const tooLong = await cli.run(['poem', 'new', '--title', 'x'.repeat(300)], 'a body');
    expect(tooLong.code).toBe(2);
    expect(tooLong.stderr).toMatch(/title/);
    noStackTrace(tooLong.stderr);
    expect(await count()).toBe(before);

    const empty = await cli.json<{ poem: Poem }>(['poem', 'new', '--title', 'Blank', '--allow-empty'], '');
    expect(empty.poem.body).toBe('');
  });

  it('edits, unpublishes and deletes a poem; shows it in a table', async () => {
    const { cli } = await loggedInCli();
    const bodyFile = path.join(cli.configDir, 'poem.txt');
    await writeFile(bodyFile, 'Because I could not stop for Death');
    const { poem } = await cli.json<{ poem: Poem }>(['poem', 'new', '--title', 'Death', '--file', bodyFile]);
    expect(poem.body).toBe('Because I could not stop for Death');

    const edited = await cli.json<{ poem: Poem }>(['poem', 'edit', poem.id, '--title', 'Carriage']);
    expect(edited.poem).toMatchObject({ title: 'Carriage', body: 'Because I could not stop for Death' });
    const rebodied = await cli.json<{ poem: Poem }>(
      ['poem', 'edit', poem.id, '--file', '-'],
      'He kindly stopped for me',
    );
    expect(rebodied.poem.body).toBe('He kindly stopped for me');

    const table = await cli.run(['poem', 'list']);
    expect(table.stdout).toMatch(/^ID\s+TITLE\s+AUTHOR\s+STATE\s+LIKES\s+READS$/m);
    expect(table.stdout).toMatch(new RegExp(`^${poem.id}\\s+Carriage\\s+\\S+\\s+draft\\s+0\\s+0$`, 'm'));

    const show = await cli.run(['poem', 'show', poem.id]);
    expect(show.stdout).toContain('He kindly stopped for me');
    expect((await cli.run(['poem', 'rm', poem.id])).code).toBe(0);
    const gone = await cli.run(['poem', 'show', poem.id]);
    expect(gone.code).toBe(1);
  });

  it('exits 1 with the server message on a wrong password, and stores no session', async () => {
    const author = await signUp(server.client());
    const refusal = await server
      .client()
      .auth.login({ body: { email: author.email, password: 'not the password' } })
      .catch((error: ApiError) => error);
    expect(refusal).toBeInstanceOf(ApiError);

    const cli = await cliUser(server.url);
    const result = await cli.run(['login', '--email', author.email], 'not the password\n');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain((refusal as ApiError).detail);
    noStackTrace(result.stderr);
    expect((await cli.run(['whoami'])).code).toBe(1);
  });

  it('shows field errors of a refused signup', async () => {
    const cli = await cliUser(server.url);
    const result = await cli.run(
      ['signup', '--email', 'not-an-email', '--firstname', 'A', '--lastname', 'B'],
      'short\n',
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^\s+email: /m);
    expect(result.stderr).toMatch(/^\s+password: /m);
  });

  it('exits 2 on bad usage, without a stack trace', async () => {
    const cli = await cliUser(server.url);
    for (const args of [
      ['poem', 'frobnicate'],
      ['poem', 'publish'],
      ['authors', 'best'],
      ['login'],
      ['poem', 'list', '--limit', '0'],
      ['follow'],
      ['follow', 'someone', '--collection', 'x'],
      ['authors', 'genre'],
      ['--no-such-option'],
    ]) {
      const result = await cli.run(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(/error:/);
      noStackTrace(result.stderr);
    }
    expect((await cli.run(['poem', 'new', '--help'])).stdout).toMatch(/Examples:\n\s+\$ poet poem new/);
  });

  it('says the server cannot be reached, exit 1', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const result = await (await cliUser(url)).run(['whoami']);
    expect(result).toMatchObject({ code: 1, stderr: `cannot reach ${url}: connection refused\n` });
  });

  it('prints parseable JSON for every listing command', async () => {
    const { cli, author } = await loggedInCli();
    const other = server.client();
    const poet = await signUp(other);
    const poem = await writePoem(other, { title: 'Sea', body: 'salt and foam', tags: ['sea'] });
    expect((await cli.run(['follow', poet.username])).code).toBe(0);
    const { collection } = await cli.json<{ collection: { id: string } }>([
      'collection',
      'new',
      '--title',
      'Sea',
      '--public',
    ]);
    await cli.json(['collection', 'add', collection.id, poem.id]);

    const listings: [string[], string][] = [
      [['poem', 'list'], 'poems'],
      [['collection', 'list'], 'collections'],
      [['collection', 'show', collection.id], 'poems'],
      [['feed'], 'poems'],
      [['search', 'salt', 'foam'], 'poems'],
      [['authors', 'top'], 'authors'],
      [['authors', 'featured'], 'authors'],
      [['authors', 'new'], 'authors'],
      [['authors', 'genre', 'sea'], 'authors'],
    ];
    for (const [args, key] of listings) {
      const body = await cli.json<Record<string, unknown>>(args);
      expect(Array.isArray(body[key]), args.join(' ')).toBe(true);
      expect(body, args.join(' ')).toHaveProperty('next_cursor');
    }
    expect((await cli.json<{ poems: Poem[] }>(['feed'])).poems.map((p) => p.id)).toContain(poem.id);
    expect((await cli.json<{ poems: Poem[] }>(['search', 'salt'])).poems.map((p) => p.id)).toContain(poem.id);
    expect(
      (await cli.json<{ authors: { id: string }[] }>(['authors', 'genre', 'sea'])).authors.map((a) => a.id),
    ).toContain(poet.id);
    expect((await cli.json<{ author: { id: string } }>(['whoami'])).author.id).toBe(author.id);
  });

  it('manages collections: add, remove, publish, hide, follow, delete', async () => {
    const { cli } = await loggedInCli();
    const { poem } = await cli.json<{ poem: Poem }>(['poem', 'new', '--title', 'Mine'], 'my own words');
    const { collection } = await cli.json<{ collection: { id: string; is_public: boolean } }>([
      'collection',
      'new',
      '--title',
      'Drafts',
      '--tags',
      'a,b',
    ]);
    expect(collection.is_public).toBe(false);
    expect((await cli.json(['collection', 'add', collection.id, poem.id])).collection).toMatchObject({
      poems_count: 1,
    });
    expect((await cli.json(['collection', 'publish', collection.id])).collection).toMatchObject({
      is_public: true,
    });

    const follower = await cliUser(server.url);
    const someone = await signUp(server.client());
    await follower.run(['login', '--email', someone.email], PASSWORD);
    expect((await follower.json(['follow', '--collection', collection.id])).collection).toMatchObject({
      followers_count: 1,
    });
    expect((await follower.json(['unfollow', '--collection', collection.id])).collection).toMatchObject({
      followers_count: 0,
    });

    expect((await cli.json(['collection', 'hide', collection.id])).collection).toMatchObject({
      is_public: false,
    });
    expect((await follower.run(['collection', 'show', collection.id])).code).toBe(1);
    expect((await cli.json(['collection', 'rm', collection.id, poem.id])).collection).toMatchObject({
      poems_count: 0,
    });
    expect((await cli.run(['collection', 'delete', collection.id])).code).toBe(0);
    expect((await cli.json<{ collections: unknown[] }>(['collection', 'list'])).collections).toEqual([]);
  });

  it('likes and unlikes, follows and unfollows an author', async () => {
    const { cli } = await loggedInCli();
    const other = server.client();
    const poet = await signUp(other);
    const poem = await writePoem(other);
    expect((await cli.json<{ poem: Poem }>(['like', poem.id])).poem.like_count).toBe(1);
    expect((await cli.json<{ poem: Poem }>(['unlike', poem.id])).poem.like_count).toBe(0);
    expect((await cli.json(['follow', poet.id])).author).toMatchObject({
      followers_count: 1,
      followed_by_me: true,
    });
    expect((await cli.json(['unfollow', poet.username])).author).toMatchObject({ followers_count: 0 });
  });

  it('uploads a profile photo and a banner', async () => {
    const { cli } = await loggedInCli();
    const file = path.join(cli.configDir, 'me.png');
    await writeFile(file, await solidImage('png', 600, 600));
    const photo = await cli.json<{ author: { profile_photo_url: string | null } }>(['photo', 'set', file]);
    expect(photo.author.profile_photo_url).toMatch(/^http/);
    const banner = await cli.json<{ author: { profile_banner_photo_url: string | null } }>([
      'photo',
      'set',
      '--banner',
      file,
    ]);
    expect(banner.author.profile_banner_photo_url).toMatch(/^http/);
    const nope = path.join(cli.configDir, 'nope.png');
    const missing = await cli.run(['photo', 'set', nope]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(`cannot read ${nope}: there is no such file\n`);
    noStackTrace(missing.stderr);
  });

  it('asks for password resets and email links; refuses bad tokens with the server message', async () => {
    const { cli } = await loggedInCli();
    expect((await cli.run(['password', 'forgot', 'nobody@example.com'])).code).toBe(0);
    expect((await cli.run(['email', 'confirm'])).code).toBe(0);
    const reset = await cli.run(['password', 'reset'], 'not-a-real-token\nanother good password\n');
    expect(reset.code).toBe(1);
    expect(reset.stderr).toMatch(/\(4\d\d \w+\)/);
    expect((await cli.run(['email', 'verify', 'not-a-real-token'])).code).toBe(1);
  });

  it('keeps the session in a 0600 file in a 0700 folder, and logout ends it on the server', async () => {
    const { cli, author } = await loggedInCli();
    const file = path.join(cli.configDir, 'sessions.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(cli.configDir)).mode & 0o777).toBe(0o700);
    const saved = (JSON.parse(await readFile(file, 'utf8')) as Record<string, string>)[server.url];
    expect(saved).toBeDefined();
    const client = createPoetryClient({ baseUrl: server.url, session: saved });
    expect((await client.me.get()).author.id).toBe(author.id);

    const logout = await cli.run(['logout']);
    expect(logout).toMatchObject({ code: 0, stdout: 'Logged out.\n' });
    const after = await cli.run(['whoami']);
    expect(after.code).toBe(1);
    expect(after.stderr).toContain('(401 ');
    // The old cookie is dead on the server too, not just forgotten here.
    await expect(createPoetryClient({ baseUrl: server.url, session: saved }).me.get()).rejects.toMatchObject({
      status: 401,
    });
  });
});
