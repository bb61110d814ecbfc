import { IMAGE_KIND_NAMES } from './image-kinds.js';
import { OUTPUT, type PreparedImage } from './prepare-image.js';

/**
 * `<kind>/<owner id>-<sha256 of the bytes>.webp`. The owner (the author for their photos, the
 * collection for its image) is part of the key, so no two records ever share a file and deleting
 * one record's file never breaks another's; the digest gives new content a new URL, which is what
 * lets `/media/...` be cached forever.
 */
export const mediaKey = (image: PreparedImage, ownerId: string) =>
  `${image.kind.name}/${ownerId}-${image.digest}.${OUTPUT.extension}`;

const KEY = new RegExp(
  `^(${IMAGE_KIND_NAMES.join('|')})/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[0-9a-f]{64}\\.${OUTPUT.extension}$`,
);

/** Whether `key` has the shape `mediaKey` gives: nothing else (`..`, `/`, `%`) gets near storage. */
export const isMediaKey = (key: string) => KEY.test(key);
