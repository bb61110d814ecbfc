import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config.js';
import type { MediaStorage } from './storage.js';

type S3Config = Extract<Config['media'], { driver: 's3' }>;

const isMissing = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
};

/**
 * Objects in one bucket of AWS S3 or an S3-compatible service (MinIO, R2, ...: set the endpoint,
 * and usually path-style addressing), so that any number of API instances share the media.
 */
export function createS3Storage(config: Omit<S3Config, 'driver'>): MediaStorage {
  // The SDK (about 20 MB resident) is loaded on first use, so that a process with the local
  // driver, which imports this module too, never loads it.
  let connecting: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined;
  const connect = () => {
    connecting ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials: config.credentials,
      }),
    }));
    return connecting;
  };
  const Bucket = config.bucket;

  return {
    async put(key, bytes, contentType) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }),
      );
    },

    async get(key) {
      const { sdk, client } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!(object.Body instanceof Readable)) throw new Error('S3 answered a body that is not a stream');
        return {
          body: object.Body,
          contentType: object.ContentType ?? 'application/octet-stream',
          size: object.ContentLength,
        };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
