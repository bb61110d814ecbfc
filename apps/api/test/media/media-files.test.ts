import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { solidImage } from '@poetry/test-support/images';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_PHOTO } from '../../src/media/image-kinds.js';
import { createLocalDiskStorage } from '../../src/media/local-disk-storage.js';
import { createMediaFiles, type MediaFiles } from '../../src/media/media-files.js';
import { mediaKey } from '../../src/media/media-key.js';
import { type PreparedImage, prepareImage } from '../../src/media/prepare-image.js';

let dir: string;
let media: MediaFiles;
let image: PreparedImage;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'poetry-media-files-'));
  media = createMediaFiles(createLocalDiskStorage(dir), pino({ level: 'silent' }));
  image = await prepareImage({ field: 'photo', bytes: await solidImage('png') }, PROFILE_PHOTO);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const has = async (key: string) => {
  const file = await media.storage.get(key);
  file?.body.destroy();
  return file !== undefined;
};

describe('media.swap', () => {
  it('deletes the replaced file once the write succeeded', async () => {
    const owner = randomUUID();
    const old = `profile/${owner}-${'0'.repeat(64)}.webp`;
    await media.storage.put(old, Buffer.from('old'), 'image/webp');
    const key = await media.swap((files) => files.put(image, owner, old));
    expect(key).toBe(mediaKey(image, owner));
    expect(await has(key)).toBe(true);
    expect(await has(old)).toBe(false);
  });

  it('deletes the new file and keeps the current one when the write fails after storing', async () => {
    const owner = randomUUID();
    const current = `profile/${owner}-${'1'.repeat(64)}.webp`;
    await media.storage.put(current, Buffer.from('current'), 'image/webp');
    await expect(
      media.swap(async (files) => {
        await files.put(image, owner, current);
        throw new Error('the transaction failed');
      }),
    ).rejects.toThrow('the transaction failed');
    expect(await has(mediaKey(image, owner))).toBe(false);
    expect(await has(current)).toBe(true);
  });

  it('leaves the file alone when the record already names the same picture, whatever happens', async () => {
    const owner = randomUUID();
    const same = await media.swap((files) => files.put(image, owner, null));
    await media.swap((files) => files.put(image, owner, same));
    await expect(
      media.swap(async (files) => {
        await files.put(image, owner, same);
        throw new Error('the transaction failed');
      }),
    ).rejects.toThrow();
    expect(await has(same)).toBe(true);
  });

  it('deletes a cleared file once the write succeeded, and keeps it when the write fails', async () => {
    const kept = await media.swap((files) => files.put(image, randomUUID(), null));
    await expect(
      media.swap(async (files) => {
        expect(files.clear(kept)).toBeNull();
        throw new Error('the transaction failed');
      }),
    ).rejects.toThrow('the transaction failed');
    expect(await has(kept)).toBe(true);

    expect(await media.swap(async (files) => files.clear(kept))).toBeNull();
    expect(await has(kept)).toBe(false);
    // Nothing to clear: nothing happens.
    expect(await media.swap(async (files) => files.clear(null))).toBeNull();
  });
});
