import { IMAGE_KINDS, type ImageKind } from './image-kinds.js';
import { OUTPUT, type PreparedImage } from './prepare-image.js';

/**
 * `<kind>/<owner id>-<sha256 of the bytes>.webp`. The owner (the author for their photos, the
 * collection for its image) is part of the key, so no two records ever share a file and deleting
 * one record's file never breaks another's; the digest gives new content a new URL, which is what
 * lets `/media/...` be cached forever.
 */
export const mediaKey = (image: PreparedImage, ownerId: string) =>
  `${image.kind.name}/${ownerId}-${image.digest}.${OUTPUT.extension}`;

const EXTENSION = `.${OUTPUT.extension}`;

/**
 * `<image's key without its extension>-<width>.webp`: the copy `width` pixels wide of the image
 * stored under `key`. It names its image's content too, so it may be cached as long.
 */
export const renditionKey = (key: string, width: number) =>
  `${key.slice(0, -EXTENSION.length)}-${width}${EXTENSION}`;

const KEY = new RegExp(
  `^((${IMAGE_KINDS.map((kind) => kind.name).join('|')})/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[0-9a-f]{64})(?:-([1-9][0-9]{1,3}))?\\${EXTENSION}$`,
);

/** What a media key names: an image of `kind` stored under `image`, or its copy `width` wide. */
export type MediaKey = { kind: ImageKind; image: string; width?: number };

/**
 * What `key` names, if it has the shape `mediaKey` or `renditionKey` gives and names a copy its
 * kind keeps; nothing else (`..`, `/`, `%`) gets near storage.
 */
export function parseMediaKey(key: string): MediaKey | undefined {
  const match = KEY.exec(key);
  const kind = IMAGE_KINDS.find(({ name }) => name === match?.[2]);
  if (!match || !kind) return undefined;
  if (match[3] === undefined) return { kind, image: key };
  const width = Number(match[3]);
  if (!kind.renditions?.includes(width)) return undefined;
  return { kind, image: `${match[1]}${EXTENSION}`, width };
}

/** Every file kept for the image stored under `key`: its own and its copies'. */
export const filesOfImage = (key: string): string[] => [
  key,
  ...(parseMediaKey(key)?.kind.renditions ?? []).map((width) => renditionKey(key, width)),
];
