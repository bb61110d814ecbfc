import type { ImageSize } from '@poetry/contract';
import type { ImageKind } from '../../media/image-kinds.js';
import { renditionKey } from '../../media/media-key.js';

const servedAt = (publicUrl: string, key: string) => `${publicUrl}/media/${key}`;

/** The absolute URL a stored file is served from, or null when there is none. */
export function mediaUrl(publicUrl: string, key: string | null | undefined): string | null {
  return key ? servedAt(publicUrl, key) : null;
}

/**
 * The URLs of the image of `kind` stored under `key` at each width it is served at (its smaller
 * copies, then itself), narrowest first; none when there is no image.
 */
export function imageSizes(publicUrl: string, key: string | null | undefined, kind: ImageKind): ImageSize[] {
  if (!key) return [];
  return [
    ...(kind.renditions ?? []).map((width) => ({
      width,
      url: servedAt(publicUrl, renditionKey(key, width)),
    })),
    { width: kind.width, url: servedAt(publicUrl, key) },
  ];
}
