/// <reference path="./s3rver.d.ts" />
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed credentials. */
const KEY = 'S3RVER';

/**
 * An S3-compatible server in this process on a random loopback port, storing into a temporary
 * folder, with one empty bucket; `env` configures the API to use it.
 */
export async function startS3() {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'poetry-s3-'));
  const bucket = 'poetry-media';
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await s3rver.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    config: {
      bucket,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: KEY, secretAccessKey: KEY },
    },
    env: {
      MEDIA_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
    },
    async close() {
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
