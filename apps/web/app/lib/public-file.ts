import versions from 'virtual:public-file-versions';

/**
 * The URL of the file `path` of `public/` (`/count-read.js`) with its content's version
 * (`?v=<hash>`), which the server lets browsers and caches keep for a year: a new deploy's file
 * has a new URL, so no page ever runs a stale copy. Throws for a file `public/` does not have.
 */
export function publicFile(path: string): string {
  const version = versions[path];
  if (!version) throw new Error(`public/ has no file ${path}`);
  return `${path}?v=${version}`;
}

/** The versions themselves, for the server that serves the files (`apps/server/src/pages.ts`). */
export { versions as publicFileVersions };
