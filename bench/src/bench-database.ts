import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type SeedSize, seed } from '@poetry/seed';
import pg from 'pg';
import { root } from './paths.js';

const FINGERPRINT_FILE = 'bench-fingerprint';

/** What the seeded data depends on: the migrations, the seed and its size. */
async function fingerprint(size: SeedSize): Promise<string> {
  const hash = createHash('sha256').update(JSON.stringify(size));
  const migrations = path.join(root, 'apps/api/src/db/migrations');
  for (const file of (await readdir(migrations)).sort())
    hash.update(await readFile(path.join(migrations, file)));
  hash.update(await readFile(path.join(root, 'packages/seed/src/index.ts')));
  return hash.digest('hex');
}

/** Whether `dataDir` holds a database seeded for this fingerprint; if it holds another, it is emptied. */
export async function reusableData(dataDir: string, size: SeedSize): Promise<boolean> {
  const expected = await fingerprint(size);
  const found = await readFile(path.join(dataDir, FINGERPRINT_FILE), 'utf8').catch(() => null);
  if (found === expected) return true;
  await rm(dataDir, { recursive: true, force: true });
  return false;
}

/** Seeds the (migrated, empty) database and records the fingerprint; answers the time it took. */
export async function seedDatabase(databaseUrl: string, dataDir: string, size: SeedSize): Promise<number> {
  const started = performance.now();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await seed(pool, size);
  } finally {
    await pool.end();
  }
  await writeFile(path.join(dataDir, FINGERPRINT_FILE), await fingerprint(size));
  return performance.now() - started;
}
