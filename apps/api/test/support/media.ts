import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type FormPart, sendForm } from './multipart.js';
import type { TestServer } from './server.js';

/** `POST /api/me/photo` with these parts. */
export const uploadPhotos = (server: TestServer, cookie: string | undefined, parts: FormPart[]) =>
  sendForm(`${server.url}/api/me/photo`, 'POST', cookie, parts);

/** The files stored for one profile photo: itself, and its copies 48, 96 and 192 pixels wide. */
export const FILES_OF_A_PROFILE_PHOTO = 4;

/** The storage key in a record's media URL. */
export const keyOf = (mediaUrl: string) => new URL(mediaUrl).pathname.replace(/^\/media\//, '');

/** GETs a record's media URL from the test server (records name PUBLIC_URL, not the test port). */
export const fetchMedia = (server: TestServer, mediaUrl: string, init?: RequestInit) =>
  fetch(`${server.url}${new URL(mediaUrl).pathname}`, init);

/** The server's media folder (its local driver's). */
export function mediaDirOf(server: TestServer) {
  const { media } = server.config;
  if (media.driver !== 'local') throw new Error('this server keeps its media in S3');
  return media.dir;
}

/** The keys of every file in the server's media folder, sorted. */
export async function storedKeys(server: TestServer): Promise<string[]> {
  const dir = mediaDirOf(server);
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The bytes of a stored file, straight from the disk. */
export const storedBytes = (server: TestServer, key: string) => readFile(path.join(mediaDirOf(server), key));
