import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { makeFolderWhole } from '@poetry/test-support/folder-made-whole';

const run = promisify(execFile);

/** Where PgBouncer and its libraries are unpacked once and reused by later runs; git-ignored. */
export const PGBOUNCER_DIR = fileURLToPath(new URL('../.pgbouncer', import.meta.url));

/** Written last, once the unpacked program has run: the folder is whole. */
const VERSION_FILE = 'version';

/**
 * Debian 13 (trixie): its PgBouncer, 1.24, prepares named statements on each server connection
 * (`max_prepared_statements`, 1.21+); Debian 12's 1.18 cannot. It needs trixie's glibc (2.41), so
 * it runs on trixie's own loader and libraries, none of them installed on the machine.
 */
const SOURCE = 'deb http://deb.debian.org/debian trixie main';
/** PgBouncer and every library it loads, their own needs included (checked with `ld.so --list`). */
const PACKAGES = [
  'pgbouncer',
  'libc6',
  'libcares2',
  'libevent-2.1-7t64',
  'libssl3t64',
  'zlib1g',
  'libzstd1',
  'libpam0g',
  'libaudit1',
  'libcap-ng0',
  'libsystemd0',
  'libcap2',
];

/** The command that runs PgBouncer unpacked in `folder`: trixie's loader, its libraries, the program. */
function commandIn(folder: string) {
  const libraries = path.join(folder, 'usr/lib/x86_64-linux-gnu');
  return {
    file: path.join(libraries, 'ld-linux-x86-64.so.2'),
    args: ['--library-path', libraries, path.join(folder, 'usr/sbin/pgbouncer')],
  };
}

export const pgbouncerCommand = commandIn(PGBOUNCER_DIR);

/**
 * Vitest's global setup: fetches PgBouncer 1.24 and its libraries from Debian 13 with a private
 * apt state (no root, nothing installed) and unpacks them into `PGBOUNCER_DIR`, once.
 */
export default async function installPgBouncer(): Promise<void> {
  if (os.platform() !== 'linux' || os.arch() !== 'x64') {
    throw new Error(
      `the PgBouncer tests run on x86-64 Linux only (Debian's packages), not ${os.platform()}-${os.arch()}`,
    );
  }
  if (!hasProgram('apt-get') || !hasProgram('dpkg-deb')) {
    throw new Error(
      'the PgBouncer tests fetch PgBouncer from Debian with apt-get and dpkg-deb, which this machine lacks: ' +
        'run them on Debian or Ubuntu (packages apt and dpkg)',
    );
  }
  await makeFolderWhole(PGBOUNCER_DIR, VERSION_FILE, async (staging) => {
    const state = path.join(staging, '.apt');
    const debs = path.join(state, 'debs');
    await Promise.all(
      ['lists/partial', 'cache/archives/partial', 'debs'].map((dir) =>
        mkdir(path.join(state, dir), { recursive: true }),
      ),
    );
    const sources = path.join(state, 'sources.list');
    await writeFile(sources, `${SOURCE}\n`);
    const options = [
      `Dir::Etc::SourceList=${sources}`,
      'Dir::Etc::SourceParts=/dev/null',
      `Dir::State::Lists=${path.join(state, 'lists')}`,
      `Dir::Cache=${path.join(state, 'cache')}`,
      'Dir::State::status=/dev/null',
      'APT::Architecture=amd64',
      // as root apt would download as user _apt, who cannot write into this folder
      'APT::Sandbox::User=root',
    ].flatMap((option) => ['-o', option]);
    await run('apt-get', [...options, 'update']);
    await run('apt-get', [...options, 'download', ...PACKAGES], { cwd: debs });
    for (const deb of await readdir(debs)) await run('dpkg-deb', ['-x', path.join(debs, deb), staging]);
    await rm(state, { recursive: true });

    const unpacked = commandIn(staging);
    const { stdout } = await run(unpacked.file, [...unpacked.args, '--version']);
    // mkdtemp made it 0700; run by root, PgBouncer drops to user postgres, who must reach its files
    await chmod(staging, 0o755);
    await writeFile(path.join(staging, VERSION_FILE), stdout);
  });
}

const hasProgram = (name: string) =>
  (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, name)));
