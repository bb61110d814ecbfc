import type { Request } from 'express';
import type pg from 'pg';
import type { Config } from '../config.js';
import type { ImageKind } from '../media/image-kinds.js';
import { type PreparedImage, prepareImage } from '../media/prepare-image.js';
import { uploadedFile } from './multipart-fields.js';
import { attemptThrottle } from './rate-limiter.js';

/**
 * Images sent to the upload routes. Decoding and re-encoding one costs far more than any other
 * request, so each image counts against its author's allowance (in PostgreSQL, shared by every
 * instance) before it is decoded; call it once the author is known to own what it is for.
 */
export function createImageUploads(pool: pg.Pool, limits: Config['uploadThrottle']) {
  const throttle = attemptThrottle(pool, 'upload', limits);
  return {
    /**
     * The file part `field` checked and re-encoded as an image of each of `kinds` (one upload,
     * counted once), if one was sent.
     */
    async take<const Kinds extends readonly ImageKind[]>(
      req: Request,
      authorId: string,
      field: string,
      kinds: Kinds,
    ): Promise<{ [K in keyof Kinds]: PreparedImage } | undefined> {
      const file = uploadedFile(req, field);
      if (!file) return undefined;
      await throttle.consume({ account: authorId });
      const images = await Promise.all(
        kinds.map((kind) => prepareImage({ field, bytes: file.buffer }, kind)),
      );
      return images as { [K in keyof Kinds]: PreparedImage };
    },
  };
}

export type ImageUploads = ReturnType<typeof createImageUploads>;
