import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Where the CLI keeps its sessions: `$POETRY_CONFIG_DIR`, else the platform's config folder. */
export function configDir(env = process.env): string {
  if (env.POETRY_CONFIG_DIR) return env.POETRY_CONFIG_DIR;
  if (process.platform === 'win32' && env.APPDATA) return path.join(env.APPDATA, 'poetry');
  return path.join(env.XDG_CONFIG_HOME ?? path.join(os.homedir(), '.config'), 'poetry');
}

const sessionsFile = () => path.join(configDir(), 'sessions.json');

type Sessions = Record<string, string>;

async function readSessions(): Promise<Sessions> {
  try {
    return JSON.parse(await readFile(sessionsFile(), 'utf8')) as Sessions;
  } catch {
    return {};
  }
}

/** The saved session for `server`, if any. */
export async function loadSession(server: string): Promise<string | undefined> {
  return (await readSessions())[server];
}

/**
 * Saves (or, with undefined, forgets) the session for `server`. The file holds login cookies, so
 * only its owner may read it (0600, in a 0700 folder), and it is replaced atomically.
 */
export async function saveSession(server: string, session: string | undefined): Promise<void> {
  const sessions = await readSessions();
  if (session === undefined) delete sessions[server];
  else sessions[server] = session;
  await mkdir(configDir(), { recursive: true, mode: 0o700 });
  const temporary = `${sessionsFile()}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(sessions, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, sessionsFile());
}
