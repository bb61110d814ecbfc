import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp } from '../support/authors.js';
import { startTestServer, type TestServer } from '../support/server.js';

const cliDir = fileURLToPath(new URL('../../../cli', import.meta.url));
const binary = path.join(cliDir, 'dist/main.js');

let server: TestServer;
const homes: string[] = [];

beforeAll(async () => {
  await promisify(execFile)('pnpm', ['build'], { cwd: cliDir });
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
  await Promise.all(homes.map((home) => rm(home, { recursive: true, force: true })));
});

type Run = { code: number | null; stdout: string; stderr: string };

/** A terminal of one person: the built `poetry` binary with a config folder of its own. */
async function terminal() {
  const home = await mkdtemp(path.join(os.tmpdir(), 'poetry-cli-'));
  homes.push(home);
  const poetry = (args: string[], stdin = ''): Promise<Run> =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [binary, '--server', server.url, ...args], {
        env: { PATH: process.env.PATH, POETRY_CONFIG_DIR: home, NO_COLOR: '1' },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
      });
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      child.on('close', (code) => resolve({ code, stdout, stderr }));
      child.stdin.end(stdin);
    });
  return { home, poetry };
}

const json = <T>(run: Run): T => {
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T;
};

describe('the poetry command', () => {
  it('logs in, writes a poem from stdin, publishes it, and counts reads and likes', async () => {
    const author = await signUp(server.client(), { firstname: 'Percy', lastname: 'Shelley' });
    const { home, poetry } = await terminal();
    const login = await poetry(['login', '--email', author.email], `${PASSWORD}\n`);
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout).toContain('Logged in as Percy Shelley');
    expect((await stat(path.join(home, 'sessions.json'))).mode & 0o777).toBe(0o600);

    const { poem } = json<{ poem: { id: string; is_published: boolean } }>(
      await poetry(
        ['--json', 'poem', 'new', '--title', 'Ozymandias', '--tags', 'sonnet'],
        'I met a traveller\nfrom an antique land\n',
      ),
    );
    expect(poem.is_published).toBe(false);
    expect((await poetry(['poem', 'publish', poem.id])).code).toBe(0);
    const { poems } = json<{ poems: { id: string; title: string; is_published: boolean }[] }>(
      await poetry(['poem', 'list', '--json']),
    );
    expect(poems).toEqual([
      expect.objectContaining({ id: poem.id, title: 'Ozymandias', is_published: true }),
    ]);

    const reader = await terminal();
    await signUp(server.client());
    const fan = await signUp(server.client());
    expect((await reader.poetry(['login', '--email', fan.email], `${PASSWORD}\n`)).code).toBe(0);
    expect((await reader.poetry(['like', poem.id])).stdout).toContain('1 likes');
    const read = await reader.poetry(['read', poem.id]);
    expect(read.code).toBe(0);
    expect(read.stdout).toContain('I met a traveller');
    expect(read.stdout).toContain('1 reads');
    expect((await server.client().poem.get({ params: { poemId: poem.id } })).poem).toMatchObject({
      like_count: 1,
      metrics: { read: 1 },
    });
  });

  it("exits 1 with the server's message on a wrong password, and 2 on bad usage", async () => {
    const author = await signUp(server.client());
    const { poetry } = await terminal();
    const wrong = await poetry(['login', '--email', author.email], 'not the password\n');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('The email or the password is wrong');
    expect(wrong.stderr).not.toMatch(/\bat .+\.js:\d+/);

    for (const usage of [['poem', 'publish'], ['nonsense'], ['login'], ['authors', 'best']]) {
      expect((await poetry(usage)).code, usage.join(' ')).toBe(2);
    }
    expect((await poetry(['--help'])).code).toBe(0);
  });

  it('prints JSON that parses for every listing command', async () => {
    const author = await signUp(server.client(), { firstname: 'Listing', lastname: 'Poet' });
    const { poetry } = await terminal();
    await poetry(['login', '--email', author.email], `${PASSWORD}\n`);
    await poetry(['poem', 'new', '--title', 'Listed', '--tags', 'lists'], 'a line\n');
    const listings = [
      ['poem', 'list'],
      ['feed'],
      ['search', 'line'],
      ['authors', 'top'],
      ['authors', 'featured'],
      ['authors', 'new'],
      ['authors', 'genre', 'lists'],
      ['whoami'],
    ];
    for (const listing of listings) {
      const run = await poetry(['--json', ...listing]);
      expect(run.code, `${listing.join(' ')}: ${run.stderr}`).toBe(0);
      expect(() => JSON.parse(run.stdout), listing.join(' ')).not.toThrow();
    }
  });

  it('logs out, ending the session on the server', async () => {
    const author = await signUp(server.client());
    const { poetry } = await terminal();
    await poetry(['login', '--email', author.email], `${PASSWORD}\n`);
    expect((await poetry(['whoami'])).stdout).toContain(author.username);
    expect((await poetry(['logout'])).code).toBe(0);
    const after = await poetry(['whoami']);
    expect(after.code).toBe(1);
    expect(after.stderr).toContain('Log in to do this');
  });
});
