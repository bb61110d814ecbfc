import { createHash } from 'node:crypto';
import type { ImageKind } from './image-kinds.js';
import { inspectImage, MAX_PIXELS, notAnImage } from './inspect-image.js';
import { loadSharp } from './load-sharp.js';
import { type Rendition, renditionsOf } from './renditions.js';

/**
 * An upload checked and re-encoded, ready to store, with the smaller copies its kind keeps;
 * `digest` (sha256 of `bytes`) names it.
 */
export type PreparedImage = {
  kind: ImageKind;
  bytes: Buffer;
  contentType: string;
  digest: string;
  renditions: Rendition[];
};

/** Every stored image is WebP: small, and it keeps a PNG's or GIF's transparency. */
export const OUTPUT = { extension: 'webp', contentType: 'image/webp' } as const;

/**
 * Checks the upload `field` (415 not an image, 413 too many pixels), then re-encodes it: turned
 * upright by its EXIF orientation, cropped and scaled to exactly the kind's size, written as WebP
 * (and scaled down again to each of the kind's smaller copies).
 * sharp copies no metadata (EXIF with GPS, XMP, ICC, comments) unless asked to, and no one asks.
 * An animated GIF or WebP keeps its first frame. Uploads run it through the decode gate
 * (`http/image-uploads.ts`): a decode holds a core and a thread of libuv's pool while it runs.
 */
export async function prepareImage(
  upload: { field: string; bytes: Buffer },
  kind: ImageKind,
): Promise<PreparedImage> {
  await inspectImage(upload.field, upload.bytes);
  const sharp = await loadSharp();
  let bytes: Buffer;
  try {
    bytes = await sharp(upload.bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width: kind.width, height: kind.height, fit: 'cover' })
      .webp()
      .toBuffer();
  } catch {
    // A valid header over pixel data that does not decode (truncated, corrupt).
    throw notAnImage(upload.field);
  }
  const digest = createHash('sha256').update(bytes).digest('hex');
  return {
    kind,
    bytes,
    contentType: OUTPUT.contentType,
    digest,
    renditions: await renditionsOf(bytes, kind),
  };
}
