import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Makes `folder` once, whole: `fill` writes into a new folder beside it, which is renamed to
 * `folder` when complete, so that no run finds a part of it (one left by a run stopped midway, or
 * one that another run is still filling). Nothing is done while `folder/done` exists, a file
 * `fill` makes. A folder without it is replaced; one that another run put in place meanwhile is kept.
 */
export async function makeFolderWhole(
  folder: string,
  done: string,
  fill: (staging: string) => Promise<void>,
): Promise<void> {
  const finished = () => existsSync(path.join(folder, done));
  if (finished()) return;
  await mkdir(path.dirname(folder), { recursive: true });
  const staging = await mkdtemp(`${folder}.partial-`);
  try {
    await fill(staging);
    if (finished()) return;
    await rm(folder, { recursive: true, force: true });
    await rename(staging, folder);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
