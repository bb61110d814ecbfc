import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

describe('media configuration', () => {
  it('keeps media in $DATA_DIR/media by default', () => {
    expect(loadConfig({ DATA_DIR: '/srv/poetry' }).media).toEqual({
      driver: 'local',
      dir: path.join('/srv/poetry', 'media'),
    });
  });

  it('takes the S3_* variables for MEDIA_DRIVER=s3', () => {
    expect(
      loadConfig({
        MEDIA_DRIVER: 's3',
        S3_BUCKET: 'media',
        S3_ENDPOINT: 'http://minio:9000',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).media,
    ).toEqual({
      driver: 's3',
      bucket: 'media',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    expect(loadConfig({ MEDIA_DRIVER: 's3', S3_BUCKET: 'media', S3_REGION: 'eu-west-3' }).media).toEqual({
      driver: 's3',
      bucket: 'media',
      region: 'eu-west-3',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it.each([
    [{ MEDIA_DRIVER: 'ftp' }, 'MEDIA_DRIVER:'],
    [{ MEDIA_DRIVER: 's3' }, 'S3_BUCKET: is required when MEDIA_DRIVER is s3'],
    [{ MEDIA_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' }, 'S3_SECRET_ACCESS_KEY:'],
    [{ MEDIA_DRIVER: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'not a url' }, 'S3_ENDPOINT:'],
  ])('refuses %o, naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("decodes one image a core but one at once, leaving two of libuv's threads to logins, files and connections", () => {
    const cores = availableParallelism();
    const atOnce = Math.max(1, Math.min(cores - 1, 2));
    expect(loadConfig({}).imageDecoding).toEqual({ atOnce, queueLength: 2 * atOnce });
    expect(loadConfig({ UV_THREADPOOL_SIZE: '64' }).imageDecoding.atOnce).toBe(Math.max(1, cores - 1));
    expect(loadConfig({ UV_THREADPOOL_SIZE: '1' }).imageDecoding.atOnce).toBe(1);
    expect(loadConfig({ IMAGE_DECODES_AT_ONCE: '3', IMAGE_DECODE_QUEUE_LENGTH: '0' }).imageDecoding).toEqual({
      atOnce: 3,
      queueLength: 0,
    });
  });
});
