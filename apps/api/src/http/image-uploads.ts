import type { Request } from 'express';
import type pg from 'pg';
import type { Config } from '../config.js';
import { DomainError } from '../errors.js';
import type { DecodeGate } from '../media/decode-gate.js';
import type { ImageKind } from '../media/image-kinds.js';
import { type PreparedImage, prepareImage } from '../media/prepare-image.js';
import { uploadedFile } from './multipart-fields.js';
import { attemptThrottle } from './rate-limiter.js';

/**
 * Aborts once the client has closed the connection without its answer: a decode still waiting
 * for its turn is then not run for no one.
 */
function untilClientGone(req: Request): AbortSignal {
  const controller = new AbortController();
  const res = req.res;
  if (!res || res.closed) {
    controller.abort(clientGone());
  } else {
    res.once('close', () => {
      if (!res.writableFinished) controller.abort(clientGone());
    });
  }
  return controller.signal;
}

/** Never reaches the client, who has gone; says in the log why the upload was not decoded. */
const clientGone = () =>
  new DomainError('unavailable', 'The client closed the connection before its image was decoded');

/**
 * Images sent to the upload routes. Decoding and re-encoding one costs far more than any other
 * request, so each image counts against its author's allowance (in PostgreSQL, shared by every
 * instance) before it is decoded, and then waits for a turn of this instance's decode gate
 * (`media/decode-gate.ts`); call it once the author is known to own what it is for.
 */
export function createImageUploads(pool: pg.Pool, limits: Config['uploadThrottle'], gate: DecodeGate) {
  const throttle = attemptThrottle(pool, 'upload', limits);
  return {
    /**
     * The file part `field` checked and re-encoded as an image of each of `kinds` (one upload,
     * counted once, one turn of the gate), if one was sent.
     */
    async take<const Kinds extends readonly ImageKind[]>(
      req: Request,
      authorId: string,
      field: string,
      kinds: Kinds,
    ): Promise<{ [K in keyof Kinds]: PreparedImage } | undefined> {
      const file = uploadedFile(req, field);
      if (!file) return undefined;
      await throttle.consume({ account: authorId });
      const images = await gate.run(async () => {
        const prepared: PreparedImage[] = [];
        for (const kind of kinds) prepared.push(await prepareImage({ field, bytes: file.buffer }, kind));
        return prepared;
      }, untilClientGone(req));
      return images as { [K in keyof Kinds]: PreparedImage };
    },
  };
}

export type ImageUploads = ReturnType<typeof createImageUploads>;
