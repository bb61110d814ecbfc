/**
 * The production bundle as the Dockerfile makes and runs it: built by scripts/build-bundle.sh
 * into a folder outside the workspace, started there with the image's CMD and ENV
 * (NODE_ENV=production) on a PostgreSQL of this test's own (not the API's embedded one), media on
 * S3 (s3rver), mail by SMTP to a catcher, behind a reverse proxy that sends
 * `X-Forwarded-Proto: https`. On each Node LTS line the project supports (22, and 24 of the image's
 * base), the contract suite runs against it through the proxy; on this process's Node, the same
 * checks but the suite.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createDatabase, type EmbeddedPostgres, startEmbeddedPostgres } from '@poetry/api/embedded-postgres';
import { RAISED_LIMITS } from '@poetry/contract-tests/api-server';
import { call } from '@poetry/contract-tests/http';
import { formWithFile, TINY_PNG } from '@poetry/contract-tests/images';
import { mailedToken } from '@poetry/contract-tests/mailbox';
import { newEmail, signUp } from '@poetry/contract-tests/world';
import { freePorts } from '@poetry/test-support/free-ports';
import { startS3 } from '@poetry/test-support/s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBundle, installedPackages, sizeOf } from '../src/bundle.js';
import { type BundleProcess, startBundle } from '../src/bundle-process.js';
import { runContractSuite } from '../src/contract-suite.js';
import { envOf, execForm, lastOf, readDockerfile, runCommand } from '../src/dockerfile.js';
import { startHttpsProxy } from '../src/https-proxy.js';
import { startMailCatcher } from '../src/mail-catcher.js';
import { nodeOfLine } from '../src/node-binary.js';
import { workspace } from '../src/workspace.js';

const run = promisify(execFile);

const stages = await readDockerfile(path.join(workspace, 'Dockerfile'));
const image = stages.at(-1) ?? expect.fail('the Dockerfile has no FROM');
const command = execForm(lastOf(image, 'CMD') ?? expect.fail('the image has no CMD'));
const healthCheck = execForm(lastOf(image, 'HEALTHCHECK') ?? expect.fail('the image has no HEALTHCHECK'));
const imageNodeLine = Number(/^node:(\d+)/.exec(image.from)?.[1]);
const processNodeLine = Number(process.versions.node.split('.')[0]);
/** The current LTS lines `engines` accepts, the image's (24) among them: the contract suite runs on each. */
const ltsLines = new Set([22, imageNodeLine]);
/** This process's line, then the LTS lines (run by the `node` of the npm registry's `node@<line>`). */
const nodeLines = [...new Set([processNodeLine, ...ltsLines])];

/**
 * Packages a production bundle must not hold: the embedded PostgreSQL, test and build tools,
 * browsers. (typescript comes in as an optional peer of @react-router/node and /express, resolved
 * to the workspace's; nothing loads it.)
 */
const DEVELOPMENT_ONLY =
  /^(@embedded-postgres\+|embedded-postgres@|vitest@|@vitest\+|playwright|@sparticuz\+|lighthouse@|axe-core@|s3rver@|smtp-server@|mailparser@|tsx@|tsup@|vite@|@react-router\+dev@|fast-check@)/;

let folder: string;
let bundleDir: string;
let postgres: EmbeddedPostgres;
let s3: Awaited<ReturnType<typeof startS3>>;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
/** The `node` binary of each line: this process's, or one from the registry. */
const nodeBinaries = new Map([[processNodeLine, process.execPath]]);

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'poetry-bundle-'));
  // mkdtemp makes it 0700; started by root, PostgreSQL runs as its own user and must reach inside.
  await chmod(folder, 0o755);
  bundleDir = path.join(folder, 'app');
  const [postgresPort] = (await freePorts(1)) as [number];
  // Each kept as soon as it runs, so that afterAll stops it even when another failed to start.
  await Promise.all([
    buildBundle(bundleDir),
    ...nodeLines.slice(1).map((line) =>
      nodeOfLine(line).then((binary) => {
        nodeBinaries.set(line, binary);
      }),
    ),
    startEmbeddedPostgres({ dataDir: path.join(folder, 'postgres'), port: postgresPort }).then((server) => {
      postgres = server;
    }),
    startS3().then((store) => {
      s3 = store;
    }),
    startMailCatcher().then((catcher) => {
      mail = catcher;
    }),
  ]);
  console.info(`the bundle: ${await sizeOf(bundleDir)} (du -sh)`);
});

afterAll(async () => {
  await Promise.all([postgres?.stop(), s3?.close(), mail?.close()]);
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('the Dockerfile', () => {
  it('copies into its WORKDIR the bundle scripts/build-bundle.sh made', () => {
    const made = stages
      .flatMap((stage) => stage.instructions.map((instruction) => ({ stage, ...instruction })))
      .map((instruction) => ({ ...instruction, command: runCommand(instruction.args) }))
      .find(({ keyword, command }) => keyword === 'RUN' && command.startsWith('scripts/build-bundle.sh '));
    expect(made, 'a RUN scripts/build-bundle.sh <dir>').toBeDefined();
    const copy = lastOf(image, 'COPY')?.split(/\s+/);
    expect(copy).toEqual([
      `--from=${made?.stage.name}`,
      made?.command.split(/\s+/)[1],
      lastOf(image, 'WORKDIR'),
    ]);
  });

  it('starts every stage from a base pinned by digest', () => {
    for (const stage of stages) expect(stage.from).toMatch(/^[\w./-]+:[\w.-]+@sha256:[0-9a-f]{64}$/);
  });

  it('installs the packages by the lockfile before it copies the sources, so an edit reinstalls nothing', () => {
    const build = stages[0]?.instructions ?? [];
    const fetched = build.findIndex(({ keyword, args }) => keyword === 'RUN' && /\bpnpm fetch\b/.test(args));
    const sources = build.findIndex(({ keyword, args }) => keyword === 'COPY' && /^\.\s/.test(args));
    expect(fetched, 'a RUN pnpm fetch').toBeGreaterThan(-1);
    expect(
      build
        .slice(0, fetched)
        .filter(({ keyword }) => keyword === 'COPY')
        .map(({ args }) => args),
    ).toEqual(['pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./']);
    expect(sources).toBeGreaterThan(fetched);
  });

  it('keeps its data folder in a volume, and no secrets or local data in the build context', async () => {
    expect(lastOf(image, 'VOLUME')).toBe(envOf(image).DATA_DIR);
    const ignored = (await readFile(path.join(workspace, '.dockerignore'), 'utf8')).split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['**/.env*', '**/.data', '**/node_modules', '.git']));
  });

  it('runs as a user other than root, in production, node itself as PID 1 (exec form)', () => {
    expect(lastOf(image, 'USER')).toMatch(/^(?!root$|0$)\S+$/);
    expect(envOf(image).NODE_ENV).toBe('production');
    expect(command[0]).toBe('node');
  });

  it('checks health on /readyz, with node', () => {
    expect(healthCheck[0]).toBe('node');
    expect(healthCheck.join(' ')).toContain('/readyz');
  });
});

describe('the bundle', () => {
  it('holds no embedded PostgreSQL, test runner, browser or build tool', async () => {
    const packages = await installedPackages(bundleDir);
    expect(packages.length).toBeGreaterThan(50);
    expect(packages.filter((name) => DEVELOPMENT_ONLY.test(name))).toEqual([]);
  });

  it("holds the workspace packages' builds, not their sources or tests", async () => {
    const api = await realpath(path.join(bundleDir, 'node_modules/@poetry/api'));
    const web = await realpath(path.join(bundleDir, 'node_modules/@poetry/web'));
    expect(api.startsWith(bundleDir) && web.startsWith(bundleDir), 'copied into the bundle').toBe(true);
    expect(existsSync(path.join(bundleDir, 'dist/main.js'))).toBe(true);
    expect(existsSync(path.join(api, 'dist/run-service.js'))).toBe(true);
    expect(existsSync(path.join(web, 'build/server/index.js'))).toBe(true);
    for (const source of [path.join(bundleDir, 'src'), path.join(api, 'src'), path.join(api, 'test')]) {
      expect(existsSync(source), source).toBe(false);
    }
  });

  it('refuses to start without DATABASE_URL, saying that it needs one', async () => {
    const started = run(process.execPath, command.slice(1), {
      cwd: bundleDir,
      env: {
        PATH: process.env.PATH,
        ...envOf(image),
        ...productionSettings('http://127.0.0.1:1'),
        DATA_DIR: path.join(folder, 'data-refused'),
      },
    });
    await expect(started).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(
        /DATABASE_URL: is required: this installation has no embedded PostgreSQL/,
      ),
    });
  });
});

/** What production demands (apps/api/src/config.ts), behind the proxy at `proxyUrl`. */
function productionSettings(proxyUrl: string) {
  return {
    SESSION_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: proxyUrl.replace(/^http:/, 'https:'),
    TRUST_PROXY: 'loopback',
  };
}

describe.each(
  nodeLines.map((line) => ({
    line,
    node: () => nodeBinaries.get(line) as string,
    contractSuite: ltsLines.has(line),
  })),
)('the bundle on Node $line', ({ line, node, contractSuite }) => {
  let port: number;
  let proxy: Awaited<ReturnType<typeof startHttpsProxy>>;
  let databaseUrl: string;
  let bundle: BundleProcess;

  beforeAll(async () => {
    [port] = (await freePorts(1)) as [number];
    proxy = await startHttpsProxy(`http://127.0.0.1:${port}`);
    const database = `poetry_node${line}`;
    await createDatabase(postgres.url, database);
    databaseUrl = postgres.url.replace(/[^/]+$/, database);
    bundle = await startBundle({
      node: node(),
      command,
      dir: bundleDir,
      readyUrl: proxy.url,
      env: {
        PATH: process.env.PATH ?? '',
        ...envOf(image),
        ...productionSettings(proxy.url),
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: path.join(folder, `data-node${line}`),
        DATABASE_URL: databaseUrl,
        SMTP_URL: mail.url,
        ...s3.env,
        LOG_LEVEL: 'error',
        MAIL_POLL_INTERVAL_MS: '50',
        ...RAISED_LIMITS,
      },
    });
    console.info(
      `Node ${line}: from spawn to /readyz 200 through the proxy in ${Math.round(bundle.startupMs)} ms`,
    );
  });

  afterAll(async () => {
    await bundle?.stop();
    await proxy?.close();
  });

  it(`runs on Node ${line}`, async () => {
    const { stdout } = await run(node(), ['--version']);
    expect(stdout).toMatch(new RegExp(`^v${line}\\.`));
  });

  it("passes the image's HEALTHCHECK", async () => {
    await expect(run(node(), healthCheck.slice(1), { env: { PORT: String(port) } })).resolves.toBeDefined();
  });

  it('trusts the proxy for its Secure session cookie, and mails through SMTP', async () => {
    const email = newEmail('bundle');
    let cookie = '';
    const token = await mailedToken(
      email,
      'verify-email',
      async () => {
        // Without X-Forwarded-Proto: https trusted, no Secure cookie is sent at all.
        ({ cookie } = await signUp('bundle', email, proxy.url));
      },
      mail.dir,
    );
    expect(cookie).toMatch(/^__Host-poetry\.sid=/);
    expect(token).toMatch(/^[\w-]{20,}$/);
  });

  it('stores an uploaded photo on S3 and serves it', async () => {
    const { cookie } = await signUp('photo', undefined, proxy.url);
    const upload = await call('me.uploadPhoto', {
      cookie,
      form: formWithFile('profile_photo', TINY_PNG),
      baseUrl: proxy.url,
    });
    expect(upload.status).toBe(200);
    const { pathname } = new URL(
      (upload.body as { author: { profile_photo_url: string } }).author.profile_photo_url,
    );
    const photo = await fetch(`${proxy.url}${pathname}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toMatch(/^image\//);
    const key = pathname.replace(/^\/media\//, '');
    const stored = await fetch(`${s3.env.S3_ENDPOINT}/${s3.env.S3_BUCKET}/${key}`);
    expect(stored.status, 'the object, in the bucket').toBe(200);
  });

  // On the LTS lines only: the suite takes a minute, and this process's Node runs every other test.
  if (contractSuite)
    it('keeps the contract (the contract suite, through the proxy)', async () => {
      const exitCode = await runContractSuite({ baseUrl: proxy.url, databaseUrl, outboxDir: mail.dir });
      expect(exitCode).toBe(0);
    });

  it("stops on SIGTERM with exit code 0, after which the image's HEALTHCHECK fails", async () => {
    expect(await bundle.stop()).toEqual({ code: 0, signal: null });
    await expect(run(node(), healthCheck.slice(1), { env: { PORT: String(port) } })).rejects.toMatchObject({
      code: 1,
    });
  });
});
