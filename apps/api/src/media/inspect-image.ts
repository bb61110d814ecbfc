import { PHOTO_UPLOAD } from '@poetry/contract';
import { DomainError } from '../errors.js';
import { loadSharp } from './load-sharp.js';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';

/** Bounds on what an upload may decode to, whatever its size in bytes (the contract's). */
export const { maxSide: MAX_SIDE, maxPixels: MAX_PIXELS } = PHOTO_UPLOAD;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const SIGNATURES: Record<ImageFormat, (bytes: Buffer) => boolean> = {
  jpeg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  png: (b) => b.subarray(0, 8).equals(PNG_SIGNATURE),
  gif: (b) => /^GIF8[79]a$/.test(b.toString('latin1', 0, 6)),
  webp: (b) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
};

const formatOf = (bytes: Buffer) =>
  (Object.keys(SIGNATURES) as ImageFormat[]).find((format) => SIGNATURES[format](bytes));

export const notAnImage = (field: string) =>
  new DomainError('unsupported_media_type', `The part "${field}" is not a JPEG, PNG, WebP or GIF image`, [
    { path: field, code: 'not_an_image', message: 'Must be a JPEG, PNG, WebP or GIF image' },
  ]);

const tooManyPixels = (field: string, width: number, height: number) =>
  new DomainError(
    'payload_too_large',
    `The image "${field}" is ${width}×${height} pixels; at most ${MAX_SIDE} pixels a side and ` +
      `${MAX_PIXELS / 1_000_000} megapixels`,
    [{ path: field, code: 'too_many_pixels', message: 'Has too many pixels' }],
  );

/**
 * Judges an upload by its bytes alone, never by its declared type or name: the magic number of one
 * of the four formats, confirmed by sharp reading the header as that format, and dimensions within
 * bounds. Only the header is read, so checking a bomb costs nothing; and no other decoder (SVG,
 * PDF, TIFF, HEIF, ...) ever sees the bytes.
 */
export async function inspectImage(field: string, bytes: Buffer) {
  const format = formatOf(bytes);
  const sharp = await loadSharp();
  // No pixel limit while reading the header: the limit below answers with the dimensions.
  const metadata = format
    ? await sharp(bytes, { limitInputPixels: false })
        .metadata()
        .catch(() => undefined)
    : undefined;
  if (!format || metadata?.format !== format || !metadata.width || !metadata.height) {
    throw notAnImage(field);
  }
  const { width, height } = metadata;
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) {
    throw tooManyPixels(field, width, height);
  }
  return { format, width, height };
}
