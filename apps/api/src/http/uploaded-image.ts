import type { Request } from 'express';
import type { ImageKind } from '../media/image-kinds.js';
import { type PreparedImage, prepareImage } from '../media/prepare-image.js';
import { uploadedFile } from './multipart-fields.js';

/** The file part `field` checked and re-encoded as a `kind` image, if one was sent. */
export async function uploadedImage(
  req: Request,
  field: string,
  kind: ImageKind,
): Promise<PreparedImage | undefined> {
  const file = uploadedFile(req, field);
  return file && prepareImage({ field, bytes: file.buffer }, kind);
}
