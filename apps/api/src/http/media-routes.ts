import { pipeline } from 'node:stream';
import { type Request, type RequestHandler, Router } from 'express';
import { notFound } from '../errors.js';
import { isMediaKey } from '../media/media-key.js';
import type { MediaStorage } from '../media/storage.js';
import { onPaths } from './in-sequence.js';

/**
 * `GET /media/<key>`: a stored file. A key names its content (see `mediaKey`), so the answer
 * never changes and may be cached for a year; `nosniff` keeps browsers to the declared type.
 */
export function mediaRoutes(storage: MediaStorage): RequestHandler {
  const router = Router();
  router.get('/media/*', async (req: Request<{ 0: string }>, res, next) => {
    try {
      const key = req.params[0];
      const file = isMediaKey(key) ? await storage.get(key) : undefined;
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
