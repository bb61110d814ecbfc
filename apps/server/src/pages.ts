import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Config, cspNonceOf, type Pages, pagesApiOf } from '@poetry/api/run-service';
import type { WebLoadContext } from '@poetry/web/load-context';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express, { type RequestHandler } from 'express';
import type { ServerBuild } from 'react-router';
import { formRoutes } from './form-routes.js';

/** The web's production build (`pnpm --filter @poetry/web build`): `server/` renders, `client/` is served. */
const webBuild = path.join(
  path.dirname(fileURLToPath(import.meta.resolve('@poetry/web/package.json'))),
  'build',
);

/** A year: the files under `assets/` have their content's hash in their names. */
const IMMUTABLE = { immutable: true, maxAge: '1y', index: false } as const;

/** How long a public file may be kept, by the version its URL asks for (`?v=`). */
const PUBLIC_FILE_CACHING = {
  /** The version served: the URL changes with the content, so it never goes stale. */
  current: 'public, max-age=31536000, immutable',
  /** No version: what others link to (`/favicon.ico`, the manifest's icons); kept an hour. */
  unversioned: 'public, max-age=3600',
  /**
   * Another version (a page cached before a deploy, or one from an instance that has the
   * other): this content is not what the URL names, so it is checked again every time.
   */
  other: 'no-cache',
} as const;

function publicFileCaching(asked: unknown, served: string | undefined) {
  if (asked === undefined) return PUBLIC_FILE_CACHING.unversioned;
  return asked === served ? PUBLIC_FILE_CACHING.current : PUBLIC_FILE_CACHING.other;
}

/**
 * The files at the top of the client build (`public/`: the icons, the manifest, the standalone
 * scripts), served as they are, kept by caches as long as the version their URL asks for allows
 * (`versions`, the build's: the pages ask for the files with them). Any other path is passed on
 * without a look at the disk, which every page paid for in a `stat` that found nothing.
 */
async function publicFiles(
  folder: string,
  versions: Readonly<Record<string, string>>,
): Promise<RequestHandler> {
  const entries = await readdir(folder, { withFileTypes: true });
  const files = new Set(entries.filter((entry) => entry.isFile()).map((entry) => `/${entry.name}`));
  const serve = express.static(folder, { index: false, cacheControl: false });
  return (req, res, next) => {
    if (!files.has(req.path)) return next();
    res.set('Cache-Control', publicFileCaching(req.query.v, versions[req.path]));
    serve(req, res, next);
  };
}

/** What the web's build says of the files of `public/` beside its render (`app/entry.server.tsx`). */
function publicFileVersionsOf(build: ServerBuild): Readonly<Record<string, string>> {
  const { publicFileVersions } = build.entry.module as { publicFileVersions?: Record<string, string> };
  if (!publicFileVersions) throw new Error('The web build names no versions of its public files');
  return publicFileVersions;
}

/**
 * The web's pages for the API's app: one request handler, compressed, for its hashed assets and
 * public files, then React Router rendering every other path. Loaders and actions reach the API through the SDK,
 * in this process, for the browser that sent the request. With it, which pages take a posted form
 * (`form-routes.ts`).
 */
export async function createPages(config: Config): Promise<Pages> {
  const build = (await import(pathToFileURL(path.join(webBuild, 'server/index.js')).href)) as ServerBuild;
  const pages = express.Router();
  // For the files; a page comes compressed already (the web's `entry.server.tsx`).
  pages.use(compression());
  pages.use('/assets', express.static(path.join(webBuild, 'client/assets'), IMMUTABLE));
  pages.use(await publicFiles(path.join(webBuild, 'client'), publicFileVersionsOf(build)));
  pages.all(
    '*',
    createRequestHandler({
      build,
      // Never 'development', which sends error details and stacks to the browser.
      mode: 'production',
      getLoadContext: (_req, res): WebLoadContext => ({
        api: { fetch: pagesApiOf(res) },
        publicUrl: config.publicUrl,
        cspNonce: cspNonceOf(res),
      }),
    }),
  );
  return { handler: pages, takesForms: formRoutes(build) };
}
