import { execFileSync } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { checkPostgresUserCanReach } from '../../src/db/postgres-user-reach.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

const idOf = (flag: '-u' | '-g', user: string) =>
  Number(execFileSync('id', [flag, user], { encoding: 'utf8' }));

// Root only: it takes root to hand a folder to another user, and only root runs PostgreSQL as postgres.
it.runIf(process.getuid?.() === 0).each([
  ['root', 'root', 0o700, false],
  ['root', 'root', 0o701, true],
  ['postgres', 'root', 0o700, true],
  // the owner's bits apply to the owner, whatever the others may do
  ['postgres', 'root', 0o601, false],
  ['root', 'postgres', 0o750, true],
  ['root', 'postgres', 0o701, false],
] as const)(
  'a folder above the programs owned by %s:%s, mode %o: reachable %s',
  async (owner, group, mode, reachable) => {
    const base = await mkdtemp(path.join(os.tmpdir(), 'poetry-reach-'));
    dirs.push(base);
    await chmod(base, 0o755);
    const guarded = path.join(base, 'guarded');
    const programs = path.join(guarded, 'bin');
    await mkdir(programs, { recursive: true });
    await chown(guarded, idOf('-u', owner), idOf('-g', group));
    await chmod(guarded, mode);
    // The data folder is fine: what is refused is the way to the programs.
    const checked = checkPostgresUserCanReach({ programs, dataDir: path.join(base, 'postgres') });
    if (reachable) return expect(checked).resolves.toBeUndefined();
    await expect(checked).rejects.toHaveProperty(
      'message',
      `The embedded PostgreSQL runs as user postgres when root starts the API, and postgres cannot enter ${guarded} ` +
        `on the way to its programs (${programs}): move the clone to a folder every user can reach, or set ` +
        'DATABASE_URL to a PostgreSQL of your own',
    );
  },
);
