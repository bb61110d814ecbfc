import { z } from 'zod';
import { withOpenApi } from './openapi-meta.js';

/**
 * A file part of a multipart body; clients pass a `File`. The server's multipart parser takes
 * file parts out of the body before ts-rest validates it, so there this only ever meets a text
 * part of the same name, which is refused (400).
 */
export const FilePart = withOpenApi(
  z.custom<File>((value) => typeof File !== 'undefined' && value instanceof File, {
    message: 'Must be a file part',
  }),
  // `nullable: undefined` drops the `nullable: true` that anatine derives from the underlying z.any().
  { type: 'string', format: 'binary', nullable: undefined },
);

/**
 * A PNG image, the whole body of an answer: bytes as the server sends them, a `Blob` as the SDK
 * hands them over.
 */
export const PngImage = withOpenApi(
  z
    .custom<Uint8Array | Blob>(
      (value) => value instanceof Uint8Array || (typeof Blob !== 'undefined' && value instanceof Blob),
      { message: 'Must be an image' },
    )
    .transform(
      (image): Blob =>
        image instanceof Blob ? image : new Blob([new Uint8Array(image)], { type: 'image/png' }),
    ),
  { type: 'string', format: 'binary', nullable: undefined },
);
