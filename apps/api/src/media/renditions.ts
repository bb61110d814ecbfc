import type { ImageKind } from './image-kinds.js';
import { loadSharp } from './load-sharp.js';

/** A smaller copy of a stored image (see `ImageKind.renditions`): its width, and its bytes. */
export type Rendition = { width: number; bytes: Buffer };

/**
 * `image`, a stored image of `kind`, scaled down to `width` pixels wide at the kind's proportions,
 * as WebP. Made from the stored image rather than the upload, so that a copy made later, for an
 * image stored before its kind had copies, is the same as one made at upload.
 */
export async function scaledCopy(image: Buffer, kind: ImageKind, width: number): Promise<Buffer> {
  const sharp = await loadSharp();
  const height = Math.round((width * kind.height) / kind.width);
  return sharp(image).resize({ width, height, fit: 'cover' }).webp().toBuffer();
}

/** Every copy of `image` that its kind keeps. */
export async function renditionsOf(image: Buffer, kind: ImageKind): Promise<Rendition[]> {
  const renditions: Rendition[] = [];
  for (const width of kind.renditions ?? []) {
    renditions.push({ width, bytes: await scaledCopy(image, kind, width) });
  }
  return renditions;
}
