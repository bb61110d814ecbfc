import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Poem } from '@poetry/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/authors.js';
import { useTestServer } from '../support/server.js';
import { cliUser, removeConfigDirs } from './run-cli.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');
const cliDir = path.join(root, 'apps/cli');

const server = useTestServer();
let folder: string;
let poet: string;
let tarball: string;

/** Packs the CLI as `npm publish` would, and installs the tarball with plain npm, globally, into a prefix of its own. */
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'poet-installed-'));
  await run('pnpm', ['pack', '--pack-destination', folder], { cwd: cliDir });
  const [packed] = (await readdir(folder)).filter((file) => file.endsWith('.tgz'));
  tarball = path.join(folder, packed ?? '');
  const prefix = path.join(folder, 'prefix');
  await run('npm', ['install', '--global', '--prefix', prefix, '--no-audit', '--no-fund', tarball], {
    cwd: folder,
  });
  poet = path.join(prefix, 'bin', 'poet');
}, 240_000);
afterAll(async () => {
  await removeConfigDirs();
  await rm(folder, { recursive: true, force: true });
});

describe('poet installed from its npm tarball, outside the workspace', () => {
  it('ships only the bundle, its README and licence, and declares what the bundle imports', async () => {
    const { stdout } = await run('tar', ['-tzf', tarball]);
    expect(stdout.trim().split('\n').sort()).toEqual([
      'package/LICENSE',
      'package/README.md',
      'package/dist/main.js',
      'package/package.json',
    ]);
    const { stdout: manifest } = await run('tar', ['-xzOf', tarball, 'package/package.json']);
    const shipped = JSON.parse(manifest) as {
      dependencies: Record<string, string>;
      devDependencies?: object;
    };
    const sdk = JSON.parse(await readFile(path.join(root, 'packages/sdk/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    // The SDK is bundled in; what it imports from npm must be the CLI's own dependency.
    expect(shipped.dependencies).toMatchObject(sdk.dependencies);
    expect(JSON.stringify(shipped.dependencies)).not.toMatch(/@poetry\/|workspace:/);
  });

  it('runs as `poet`: help and version', async () => {
    const help = await run(poet, ['--help']);
    expect(help.stdout).toMatch(/^Usage: poet \[options\] \[command\]/);
    expect(help.stdout).toMatch(/Examples?:/);
    const { version } = JSON.parse(await readFile(path.join(cliDir, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect((await run(poet, ['--version'])).stdout.trim()).toBe(version);
  });

  it('logs in, writes a poem and publishes it on the test server', async () => {
    const author = await signUp(server.client());
    const cli = await cliUser(server.url, [poet]);
    expect((await cli.run(['login', '--email', author.email], `${author.password}\n`)).code).toBe(0);
    const { poem } = await cli.json<{ poem: Poem }>(['poem', 'new', '--title', 'Installed'], 'From npm.\n');
    expect((await cli.run(['poem', 'publish', poem.id])).code).toBe(0);
    const published = await server.client().poem.get({ params: { poemId: poem.id } });
    expect(published.poem).toMatchObject({ title: 'Installed', body: 'From npm.\n', is_published: true });
  });
});
