import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const PROGRAM = new URL('../fixtures/openapi-fetch-program.ts', import.meta.url);

/** Where a package this one depends on is installed. */
const installed = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    skipLibCheck: false,
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    types: ['node'],
    outDir: 'out',
  },
  include: ['*.ts'],
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'poetry-openapi-client-'));
  await mkdir(path.join(dir, 'node_modules/@types'), { recursive: true });
  await symlink(installed('openapi-fetch'), path.join(dir, 'node_modules/openapi-fetch'));
  await symlink(installed('@types/node'), path.join(dir, 'node_modules/@types/node'));
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
  await copyFile(PROGRAM, path.join(dir, 'program.ts'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('a client that openapi-typescript generates from /api/openapi.json', () => {
  it('type-checks a strict program with openapi-fetch, which then works against the server', async () => {
    const { baseUrl } = inject('target');
    const types = await openapiTS(new URL(`${baseUrl}/api/openapi.json`));
    await writeFile(path.join(dir, 'schema.d.ts'), astToString(types));

    // tsc fails on a type error, and on the program's `@ts-expect-error` if the body it marks compiled.
    const tsc = await run(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', dir]).catch(
      (error: { stdout: string }) => ({ stdout: error.stdout }),
    );
    expect(tsc.stdout).toBe('');

    const email = `openapi-client-${randomUUID()}@example.com`;
    const program = await run(process.execPath, [path.join(dir, 'out/program.js'), baseUrl, email]);
    expect(JSON.parse(program.stdout)).toEqual({
      author: 'Ada Lovelace',
      poem: {
        title: 'Ozymandias',
        body: 'I met a traveller from an antique land',
        is_published: true,
        by: true,
      },
      listed: [true],
    });
  }, 60_000);
});
