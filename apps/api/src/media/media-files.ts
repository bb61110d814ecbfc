import type { Logger } from 'pino';
import { filesOfImage, mediaKey, renditionKey } from './media-key.js';
import type { PreparedImage } from './prepare-image.js';
import type { MediaStorage } from './storage.js';

/** What a database write uses to store the new file of a record. */
export type FileSwap = {
  /**
   * Stores `image` as the file of the record `ownerId`, whose file so far is `current`, and
   * answers the key to save on the record. Call it with the record locked.
   */
  put(image: PreparedImage, ownerId: string, current: string | null | undefined): Promise<string>;
  /**
   * Lets the record name no file where it named `current`: answers the null to save on it. The
   * file is deleted once the write succeeded, and kept if it failed.
   */
  clear(current: string | null | undefined): null;
};

/**
 * Keeps files and the records pointing at them in step: a file is stored before the record that
 * names it is committed, and deleted only after the record that named it is gone or changed.
 */
export function createMediaFiles(storage: MediaStorage, logger: Logger) {
  /**
   * Deletes the images no record names any more, with their smaller copies. A failure is logged,
   * not thrown: the records are already committed, and a stray file costs only disk space.
   */
  async function remove(keys: readonly (string | null | undefined)[]) {
    const present = keys.filter((key): key is string => Boolean(key)).flatMap(filesOfImage);
    await Promise.all(
      present.map((key) =>
        storage
          .delete(key)
          .catch((err: unknown) => logger.warn({ err, key }, 'could not delete a media file')),
      ),
    );
  }

  return {
    storage,
    remove,

    /**
     * Runs `write` (a transaction that puts new files through the swap, or clears them, and saves
     * their keys). If it fails, the files it stored are deleted again; once it succeeded, the files
     * it replaced or cleared.
     */
    async swap<T>(write: (files: FileSwap) => Promise<T>): Promise<T> {
      const stored: string[] = [];
      const replaced: string[] = [];
      const files: FileSwap = {
        async put(image, ownerId, current) {
          const key = mediaKey(image, ownerId);
          if (key === current) return key; // the same picture again
          // Counted before it is stored: `remove` takes its copies too, should one of them fail.
          stored.push(key);
          for (const { width, bytes } of image.renditions) {
            await storage.put(renditionKey(key, width), bytes, image.contentType);
          }
          await storage.put(key, image.bytes, image.contentType);
          if (current) replaced.push(current);
          return key;
        },
        clear(current) {
          if (current) replaced.push(current);
          return null;
        },
      };
      let result: T;
      try {
        result = await write(files);
      } catch (error) {
        await remove(stored);
        throw error;
      }
      await remove(replaced);
      return result;
    },
  };
}

export type MediaFiles = ReturnType<typeof createMediaFiles>;
