import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
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
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
  });
  const Bucket = config.bucket;

  return {
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }));
    },

    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
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
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
