#!/usr/bin/env node
// `pnpm check:packages`: every package of the workspace that is not private (the SDK and the CLI),
// packed as `pnpm release` would publish it. Its package.json must name no private workspace
// package (none is on the registry) and carry what the registry shows (repository, homepage, bugs, licence,
// engines, files); publint (--strict) and attw (are the types wrong) must find nothing in the
// tarball; `pnpm publish --dry-run` must go through. Exits 1 saying what failed.
// Needs the packages built: turbo runs it as `//#check:packages`, after their builds.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const tool = (name) => path.join(root, 'node_modules/.bin', name);

const REQUIRED_FIELDS = ['repository', 'homepage', 'bugs', 'license', 'engines', 'files'];
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

/** The packages of the workspace, from pnpm: `{ name, path, private }`. */
async function workspacePackages() {
  const { stdout } = await run('pnpm', ['ls', '--recursive', '--depth', '-1', '--json'], { cwd: root });
  return JSON.parse(stdout);
}

/** The package a dependency installs: its name, or the name it aliases (`npm:name@range`). */
const installed = (name, range) => /^npm:(@?[^@]+)@/.exec(range)?.[1] ?? name;

/** What is wrong with a packed package.json: missing fields, dependencies on private packages. */
function manifestProblems(manifest, privateNames) {
  const problems = REQUIRED_FIELDS.filter((field) => manifest[field] === undefined).map(
    (field) => `package.json has no "${field}"`,
  );
  for (const field of DEPENDENCY_FIELDS) {
    for (const [name, range] of Object.entries(manifest[field] ?? {})) {
      if (privateNames.has(installed(name, range)) || range.startsWith('workspace:')) {
        problems.push(`${field} names ${name}@${range}, a workspace package not on the registry`);
      }
    }
  }
  return problems;
}

/** Runs a command; on failure answers what it printed, under `title`. */
async function step(title, command, args, cwd) {
  try {
    await run(command, args, { cwd, env: { ...process.env, FORCE_COLOR: '0' } });
    return [];
  } catch (error) {
    return [`${title} failed:\n${`${error.stdout ?? ''}${error.stderr ?? error.message}`.trim()}`];
  }
}

/** Packs `pkg` into `folder` and checks the tarball; answers a report line and the problems. */
async function checkPackage(pkg, privateNames, folder) {
  const started = performance.now();
  const { stdout } = await run('pnpm', ['pack', '--json', '--pack-destination', folder], { cwd: pkg.path });
  const { filename: tarball, files } = JSON.parse(stdout);
  const manifest = JSON.parse((await run('tar', ['-xzOf', tarball, 'package/package.json'])).stdout);
  const problems = [
    ...manifestProblems(manifest, privateNames),
    ...(await step('publint', tool('publint'), ['--strict', tarball], root)),
    ...(await step('attw', tool('attw'), [tarball], root)),
    ...(await step('pnpm publish --dry-run', 'pnpm', ['publish', '--dry-run', '--no-git-checks'], pkg.path)),
  ];
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const report = `${manifest.name}@${manifest.version}: ${files.length} files; ${problems.length === 0 ? 'publint, attw and publish --dry-run find nothing' : 'FAILED'} (${seconds} s)`;
  return { report, problems: problems.map((problem) => `${manifest.name}: ${problem}`) };
}

const folder = await mkdtemp(path.join(tmpdir(), 'check-packages-'));
try {
  const packages = await workspacePackages();
  const privateNames = new Set(packages.filter((pkg) => pkg.private).map((pkg) => pkg.name));
  const published = packages.filter((pkg) => !pkg.private);
  const results = await Promise.all(published.map((pkg) => checkPackage(pkg, privateNames, folder)));
  for (const { report } of results) console.log(report);
  const problems = results.flatMap((result) => result.problems);
  if (problems.length > 0) {
    console.error(`\n${problems.join('\n\n')}`);
    process.exitCode = 1;
  }
} finally {
  await rm(folder, { recursive: true, force: true });
}
