import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const sdkDir = fileURLToPath(new URL('..', import.meta.url));

const CONSUMER = `
import { ApiError, charCount, contract, createPoetryClient, Poem, type PoemList } from '@poetry/sdk';

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

let project: string;
beforeAll(async () => {
  // Packs the build that turbo made before this test (`@poetry/sdk#test` depends on `build`). It
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
        "const s = await import('@poetry/sdk'); console.log(typeof s.createPoetryClient)",
      ],
      { cwd: project },
    );
    const cjs = await run('node', ['-e', "console.log(typeof require('@poetry/sdk').paginate)"], {
      cwd: project,
    });
    expect([esm.stdout.trim(), cjs.stdout.trim()]).toEqual(['function', 'function']);
  });

  it('keeps its declaration files within a size budget', async () => {
    const dist = path.join(project, 'node_modules', '@poetry', 'sdk', 'dist');
    const declarations = (await readdir(dist)).filter((file) => /\.d\.[cm]?ts$/.test(file));
    const sizes = await Promise.all(
      declarations.map(async (file) => (await stat(path.join(dist, file))).size),
    );
    // 1,582,548 bytes before issue 18: every schema's zod type spelled out in every route that uses
    // it, in a .d.ts and again in a .d.cts. 94,670 after: schemas named, one file for both formats.
    expect(sizes.reduce((total, size) => total + size, 0)).toBeLessThan(125_000);
  });
});
