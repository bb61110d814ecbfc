import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { writeWholeFile } from '../write-whole-file.js';
import type { MediaStorage } from './storage.js';

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
};

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files under `root` (by default `$DATA_DIR/media`), one per key. The disk keeps no metadata, so a
 * file's content type is the one its key's extension names.
 */
export function createLocalDiskStorage(root: string): MediaStorage {
  const base = path.resolve(root);
  const pathOf = (key: string) => {
    const file = path.resolve(base, key);
    if (!file.startsWith(base + path.sep)) throw new Error(`Not a media key: ${key}`);
    return file;
  };

  return {
    async put(key, bytes) {
      await writeWholeFile(pathOf(key), bytes);
    },

    async get(key) {
      const handle = await open(pathOf(key), 'r').catch((error: unknown) => {
        if (isMissing(error)) return undefined;
        throw error;
      });
      if (!handle) return undefined;
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return undefined;
      }
      return {
        body: handle.createReadStream(),
        contentType: CONTENT_TYPES[path.extname(key)] ?? 'application/octet-stream',
        size: stats.size,
      };
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
