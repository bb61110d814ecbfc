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
