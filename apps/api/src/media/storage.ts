import type { Readable } from 'node:stream';
import type { Config } from '../config.js';
import { createLocalDiskStorage } from './local-disk-storage.js';
import { createS3Storage } from './s3-storage.js';

export type StoredFile = { body: Readable; contentType: string; size: number | undefined };

/** Where media files live. Keys are relative paths such as `profile/<id>-<digest>.webp`. */
export interface MediaStorage {
  /** Stores the file whole or not at all; a reader never sees part of it. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file, or undefined when there is none under `key`. */
  get(key: string): Promise<StoredFile | undefined>;
  /** Removes the file; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

export function createMediaStorage(config: Config['media']): MediaStorage {
  return config.driver === 's3' ? createS3Storage(config) : createLocalDiskStorage(config.dir);
}
