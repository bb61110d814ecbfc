import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { startS3 } from '@poetry/test-support/s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from '../../src/media/local-disk-storage.js';
import { createS3Storage } from '../../src/media/s3-storage.js';
import type { MediaStorage } from '../../src/media/storage.js';

type Driver = { storage: MediaStorage; close: () => Promise<void> };

async function localDisk(): Promise<Driver> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'poetry-media-'));
  return { storage: createLocalDiskStorage(dir), close: () => rm(dir, { recursive: true, force: true }) };
}

async function s3(): Promise<Driver> {
  const server = await startS3();
  return { storage: createS3Storage(server.config), close: server.close };
}

const newKey = () => `profile/${randomUUID()}-${randomBytes(32).toString('hex')}.webp`;

async function contentOf(storage: MediaStorage, key: string) {
  const file = await storage.get(key);
  if (!file) throw new Error(`no file under ${key}`);
  return text(file.body);
}

describe.each([
  ['local disk', localDisk],
  ['S3 (against s3rver)', s3],
])('the %s storage driver', (_name, start) => {
  let driver: Driver;
  beforeAll(async () => {
    driver = await start();
  });
  afterAll(() => driver?.close());

  it('gives back what was put, with its content type and size', async () => {
    const key = newKey();
    await driver.storage.put(key, Buffer.from('RIFF....WEBP bytes'), 'image/webp');
    const file = await driver.storage.get(key);
    expect(file).toMatchObject({ contentType: 'image/webp', size: 18 });
    expect(await text(file?.body ?? Readable.from([]))).toBe('RIFF....WEBP bytes');
  });

  it('answers undefined for a key it does not hold', async () => {
    expect(await driver.storage.get(newKey())).toBeUndefined();
  });

  it('deletes a file, and deleting a missing one is no error', async () => {
    const key = newKey();
    await driver.storage.put(key, Buffer.from('doomed'), 'image/webp');
    await driver.storage.delete(key);
    expect(await driver.storage.get(key)).toBeUndefined();
    await expect(driver.storage.delete(key)).resolves.toBeUndefined();
  });

  it('replaces the file under a key put again, leaving other keys alone', async () => {
    const [key, other] = [newKey(), newKey()];
    await driver.storage.put(key, Buffer.from('first'), 'image/webp');
    await driver.storage.put(other, Buffer.from('other'), 'image/webp');
    await driver.storage.put(key, Buffer.from('second'), 'image/webp');
    expect(await contentOf(driver.storage, key)).toBe('second');
    expect(await contentOf(driver.storage, other)).toBe('other');
  });
});

describe('the local disk storage driver', () => {
  it('refuses a key that leads out of its folder', async () => {
    const { storage, close } = await localDisk();
    try {
      await expect(storage.put('../escaped.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
        /Not a media key/,
      );
      await expect(storage.get('../../etc/passwd')).rejects.toThrow(/Not a media key/);
    } finally {
      await close();
    }
  });
});
