import { bodyBytes } from '@poetry/contract-tests/hostile-bodies';
import { formWithFile } from '@poetry/contract-tests/images';
import { type Actor, PASSWORD, signUp, writePoem } from '@poetry/contract-tests/world';
import { costlyPng } from '@poetry/test-support/images';
import type { Step } from './run-load.js';
import type { LoadRequest } from './send.js';

/** 7000×7000: 49 megapixels, just under the API's 50. */
export const LARGE_IMAGE_SIDE = 7_000;

/** An author who uploads, and another whose poem is read and who logs in again and again. */
export type UploadCast = { uploader: Actor; reader: Actor; poemId: string };

export async function castForUploads(baseUrl: string): Promise<UploadCast> {
  const [uploader, reader] = await Promise.all([
    signUp('uploader', undefined, baseUrl),
    signUp('reader', undefined, baseUrl),
  ]);
  const poemId = await writePoem(reader, 'read beside the uploads', { baseUrl });
  return { uploader, reader, poemId };
}

/**
 * `POST /api/me/photo` of a 49-megapixel PNG as the profile photo, the costliest to decode that
 * passes the limits (see `costlyPng`), encoded once for every sender.
 */
export async function largePhotoUpload({ uploader }: UploadCast): Promise<LoadRequest> {
  const png = await costlyPng(LARGE_IMAGE_SIDE, LARGE_IMAGE_SIDE);
  const body = await bodyBytes({ form: formWithFile('profile_photo', png) });
  return {
    method: 'POST',
    path: '/api/me/photo',
    cookie: uploader.cookie,
    rawBody: body.bytes,
    headers: { 'content-type': body.contentType },
  };
}

/**
 * What the other clients keep asking while the uploads run, one kind per connection: a JSON read
 * (the event loop), a login (argon2, on libuv's thread pool, as sharp is), and a list (the database).
 */
export function otherRequests({ reader, poemId }: UploadCast): Step[] {
  return [
    { name: 'read poem', request: { method: 'GET', path: `/api/poem/${poemId}` } },
    {
      name: 'log in',
      request: { method: 'POST', path: '/api/auth/login', body: { email: reader.email, password: PASSWORD } },
    },
    {
      name: "read author's poems",
      request: { method: 'GET', path: `/api/author/${reader.id}/poem?limit=10` },
    },
  ];
}
