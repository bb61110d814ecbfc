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

/**
 * The files at the top of the client build (`public/`: the icon, the standalone scripts), served
 * as they are; any other path is passed on without a look at the disk, which every page paid for
 * in a `stat` that found nothing.
 */
async function publicFiles(folder: string): Promise<RequestHandler> {
  const entries = await readdir(folder, { withFileTypes: true });
  const files = new Set(entries.filter((entry) => entry.isFile()).map((entry) => `/${entry.name}`));
  const serve = express.static(folder, { index: false });
  return (req, res, next) => (files.has(req.path) ? serve(req, res, next) : next());
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
  pages.use(await publicFiles(path.join(webBuild, 'client')));
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
