import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build, type Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const sdkDir = fileURLToPath(new URL('..', import.meta.url));

const CONSUMER = `
import { ApiError, charCount, contract, createPoetryClient, Poem, type PoemList } from '@poetryhq/sdk';

const client = createPoetryClient({ baseUrl: 'http://localhost:3000', retry: { attempts: 3 } });

export async function titles(authorId: string): Promise<string[]> {
  const { poem } = await client.poem.get({ params: { poemId: 'some-id' } });
  await client.me.poems.update({ params: { poemId: poem.id }, body: { title: poem.title, is_published: true } });
  const all: string[] = [];
  for await (const mine of client.author.poems.iterate({ params: { authorId } })) all.push(mine.title);
  return all;
}

export const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : undefined);
export const first = (poems: Poem[]) => poems[0]?.metrics.read;
// @ts-expect-error: the contract types the body, so a wrong field type does not compile
export const wrong = () => client.me.poems.update({ params: { poemId: 'x' }, body: { title: 42 } });
export const empty: PoemList = { poems: [], next_cursor: null, prev_cursor: null };

// Values of the contract, used at run time: they must be exported by the JavaScript, not only typed.
console.log(contract.poem.get.path, charCount('été'), Poem.safeParse({}).success);
`;

// What an app does with the client: two calls through a network that sets a session cookie on
// the first answer. It answers what the second request carried.
const APP = `
import { createPoetryClient } from '@poetryhq/sdk';

export async function secondRequest() {
  const sent = [];
  const fetch = async (_url, init) => {
    sent.push(init);
    return new Response('{}', {
      headers: { 'content-type': 'application/json', 'set-cookie': 'poetry.sid=s1; Path=/; HttpOnly' },
    });
  };
  const client = createPoetryClient({ baseUrl: 'http://localhost:3000', fetch });
  await client.me.get();
  await client.me.get();
  return { cookie: new Headers(sent[1].headers).get('cookie'), credentials: sent[1].credentials };
}
`;

let project: string;
beforeAll(async () => {
  // Packs the build that turbo made before this test (`@poetryhq/sdk#test` depends on `build`). It
  // does not build again: tsup empties dist/ first, while other suites read or copy it.
  if (!existsSync(path.join(sdkDir, 'dist/index.js')))
    throw new Error(`${sdkDir}dist is missing: run pnpm build (turbo builds it before these tests)`);
  project = await mkdtemp(path.join(os.tmpdir(), 'poetry-sdk-consumer-'));
  await run('pnpm', ['pack', '--pack-destination', project], { cwd: sdkDir });
  const [tarball] = (await readdir(project)).filter((file) => file.endsWith('.tgz'));
  await writeFile(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  await writeFile(path.join(project, 'index.ts'), CONSUMER);
  await writeFile(path.join(project, 'app.js'), APP);
  await writeFile(
    path.join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        target: 'ES2022',
        // On by default in `tsc --init`: imports are kept as written, so a type the JavaScript
        // does not export would fail at run time.
        verbatimModuleSyntax: true,
        outDir: 'out',
      },
      files: ['index.ts'],
    }),
  );
  await run('npm', ['install', '--no-audit', '--no-fund', `./${tarball}`, 'typescript@5.9'], {
    cwd: project,
  });
}, 240_000);
afterAll(() => rm(project, { recursive: true, force: true }));

describe('the packed SDK, installed from its tarball outside the workspace', () => {
  it('type-checks a program that uses it, with the contract types inlined, and runs it', async () => {
    const { stdout } = await run('npx', ['tsc', '-p', 'tsconfig.json'], { cwd: project }).catch(
      (error: { stdout: string }) => ({ stdout: error.stdout }),
    );
    expect(stdout).toBe('');
    const ran = await run('node', ['out/index.js'], { cwd: project });
    expect(ran.stdout.trim()).toBe('/api/poem/:poemId 3 false');
  });

  it('loads as ESM and as CommonJS', async () => {
    const esm = await run(
      'node',
      [
        '--input-type=module',
        '-e',
        "const s = await import('@poetryhq/sdk'); console.log(typeof s.createPoetryClient)",
      ],
      { cwd: project },
    );
    const cjs = await run('node', ['-e', "console.log(typeof require('@poetryhq/sdk').paginate)"], {
      cwd: project,
    });
    expect([esm.stdout.trim(), cjs.stdout.trim()]).toEqual(['function', 'function']);
  });

  it('keeps its declaration files within a size budget', async () => {
    const dist = path.join(project, 'node_modules', '@poetryhq', 'sdk', 'dist');
    const declarations = (await readdir(dist)).filter((file) => /\.d\.[cm]?ts$/.test(file));
    const sizes = await Promise.all(
      declarations.map(async (file) => (await stat(path.join(dist, file))).size),
    );
    // 1,582,548 bytes before issue 18: every schema's zod type spelled out in every route that uses
    // it, in a .d.ts and again in a .d.cts. 94,670 after: schemas named, one file for both formats.
    expect(sizes.reduce((total, size) => total + size, 0)).toBeLessThan(125_000);
  });
});

/** The packages whose code is in a bundle, by name. */
const packagesIn = (metafile: Metafile) =>
  new Set(
    Object.keys(metafile.inputs).map((input) => /node_modules\/((@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? 'app'),
  );

/** app.js and the SDK bundled by esbuild for `platform`, minified, written next to it. */
async function bundleFor(platform: 'browser' | 'node') {
  const outfile = path.join(project, `app.${platform}.mjs`);
  const { metafile } = await build({
    absWorkingDir: project,
    entryPoints: ['app.js'],
    outfile,
    bundle: true,
    platform,
    format: 'esm',
    minify: true,
    metafile: true,
    logLevel: 'silent',
  });
  return { file: outfile, bytes: (await stat(outfile)).size, packages: packagesIn(metafile) };
}

/** What app.js's second request carried, `module` (app.js or a bundle of it) run by Node. */
async function secondRequestOf(module: string) {
  const script = `const { secondRequest } = await import(${JSON.stringify(module)}); console.log(JSON.stringify(await secondRequest()));`;
  const { stdout } = await run('node', ['--input-type=module', '-e', script], { cwd: project });
  return JSON.parse(stdout) as { cookie: string | null; credentials: string };
}

describe('the packed SDK in a browser bundle (esbuild, platform browser)', () => {
  it('leaves the cookie jar out: no tough-cookie, no tldts, under 120 KB (272 KB with it)', async () => {
    const [browser, node] = await Promise.all([bundleFor('browser'), bundleFor('node')]);
    console.info(`app.js bundled, minified: ${browser.bytes} bytes for a browser, ${node.bytes} for Node`);
    expect(node.packages).toContain('tough-cookie');
    expect([...browser.packages].filter((name) => /^(tough-cookie|tldts)/.test(name))).toEqual([]);
    expect(browser.bytes).toBeLessThan(120_000);
  });

  it('leaves the session cookie to the browser, sending credentials; in Node the client keeps it', async () => {
    const browser = await bundleFor('browser');
    expect(await secondRequestOf(pathToFileURL(browser.file).href)).toEqual({
      cookie: null,
      credentials: 'include',
    });
    expect(await secondRequestOf('./app.js')).toEqual({ cookie: 'poetry.sid=s1', credentials: 'include' });
  });
});
