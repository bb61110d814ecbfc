import { pipeline, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { type Request, type RequestHandler, Router } from 'express';
import { notFound } from '../errors.js';
import type { DecodeGate } from '../media/decode-gate.js';
import { type MediaKey, parseMediaKey } from '../media/media-key.js';
import { OUTPUT } from '../media/prepare-image.js';
import { scaledCopy } from '../media/renditions.js';
import type { MediaStorage, StoredFile } from '../media/storage.js';
import { onPaths } from './in-sequence.js';

/**
 * The copy `width` wide of an image stored before its kind kept copies (or whose copies were
 * lost): made from the image on the first ask, through the decode `gate` like an upload, and
 * stored for the next. Undefined when the image itself is not there.
 */
async function madeCopy(
  storage: MediaStorage,
  gate: DecodeGate,
  key: string,
  { kind, image }: MediaKey,
  width: number,
): Promise<StoredFile | undefined> {
  const stored = await storage.get(image);
  if (!stored) return undefined;
  const original = await buffer(stored.body);
  const bytes = await gate.run(() => scaledCopy(original, kind, width));
  await storage.put(key, bytes, OUTPUT.contentType);
  return { body: Readable.from([bytes]), contentType: OUTPUT.contentType, size: bytes.length };
}

/**
 * `GET /media/<key>`: a stored file. A key names its content (see `mediaKey`, `renditionKey`), so
 * the answer never changes and may be cached for a year; `nosniff` keeps browsers to the declared
 * type.
 */
export function mediaRoutes(storage: MediaStorage, gate: DecodeGate): RequestHandler {
  async function fileOf(key: string) {
    const named = parseMediaKey(key);
    if (!named) return undefined;
    const file = await storage.get(key);
    if (file || named.width === undefined) return file;
    return madeCopy(storage, gate, key, named, named.width);
  }

  const router = Router();
  router.get('/media/*', async (req: Request<{ 0: string }>, res, next) => {
    try {
      const key = req.params[0];
      const file = await fileOf(key);
      if (!file) throw notFound('File');
      res.set({
        'Content-Type': file.contentType,
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      });
      if (file.size !== undefined) res.set('Content-Length', String(file.size));
      if (req.method === 'HEAD') {
        file.body.destroy();
        res.end();
        return;
      }
      pipeline(file.body, res, (error) => {
        // A client that hangs up early is no news; storage failing half-way is.
        if (error && (error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
          req.log.warn({ err: error, key }, 'a media file was not sent whole');
        }
      });
    } catch (error) {
      next(error);
    }
  });
  return onPaths((path) => path.startsWith('/media/'), router);
}
