import { fileURLToPath } from 'node:url';

/** The workspace's folder: the Dockerfile, scripts/, packages/. */
export const workspace = fileURLToPath(new URL('../../..', import.meta.url));
