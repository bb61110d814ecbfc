import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { constants } from 'node:zlib';
import { type Config, cspNonceOf, type Pages, pagesHopProofOf } from '@poetry/api/run-service';
import type { WebLoadContext } from '@poetry/web/load-context';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express from 'express';
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
 * Brotli's window: 256 KB, more than any page. With its default (4 MB), a page (which React
 * writes in several chunks) took twice the CPU under load (`pnpm bench`, scenario 1p), most of
 * the difference in V8's garbage collector, not in brotli.
 */
const BROTLI = { params: { [constants.BROTLI_PARAM_LGWIN]: 18 } };

/**
 * The web's pages for the API's app: one request handler, compressed, for its hashed assets and
 * public files, then React Router rendering every other path. Loaders and actions reach the API through the SDK
 * over loopback, on the port this request came in on, for the browser that sent it (proving that
 * they are this process's pages): the service must listen on 127.0.0.1 too (HOST 0.0.0.0, the
 * default, or 127.0.0.1). With it, which pages take a posted form (`form-routes.ts`).
 */
export async function createPages(config: Config): Promise<Pages> {
  const build = (await import(pathToFileURL(path.join(webBuild, 'server/index.js')).href)) as ServerBuild;
  const pages = express.Router();
  pages.use(compression({ brotli: BROTLI }));
  pages.use('/assets', express.static(path.join(webBuild, 'client/assets'), IMMUTABLE));
  pages.use(express.static(path.join(webBuild, 'client'), { index: false }));
  pages.all(
    '*',
    createRequestHandler({
      build,
      // Never 'development', which sends error details and stacks to the browser.
      mode: 'production',
      getLoadContext: (req, res): WebLoadContext => ({
        api: {
          // A browser that has gone already has taken its socket's port with it: the configured one.
          baseUrl: `http://127.0.0.1:${req.socket.localPort ?? config.port}`,
          clientAddress: req.ip ?? req.socket.remoteAddress ?? '',
          requestId: req.id,
          hopProof: pagesHopProofOf(res),
        },
        publicUrl: config.publicUrl,
        cspNonce: cspNonceOf(res),
      }),
    }),
  );
  return { handler: pages, takesForms: formRoutes(build) };
}
