import { pipeline, Readable } from 'node:stream';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import type { Queryable } from '../../db/queryable.js';
import { methodNotAllowed, notFound } from '../../errors.js';
import { SHARED } from '../../http/http-caching.js';
import { onPaths } from '../../http/in-sequence.js';
import { createSitemapQueries, type SitemapKind, type SitemapRow } from './queries.js';
import { robotsTxt } from './robots.js';
import { SITEMAP_URLS_MAX, sitemapIndex, URLSET_END, URLSET_START, urlEntries } from './view.js';

const XML = 'application/xml; charset=utf-8';
const READ = ['GET', 'HEAD'];
/** `/sitemap/<kind>-<page>.xml`; a page of more than six digits is past any site's end. */
const SITEMAP = /^\/sitemap\/(poems|authors|collections)-([1-9]\d{0,5})\.xml$/;

const isServed = (path: string) =>
  path === '/robots.txt' || path === '/sitemap.xml' || path.startsWith('/sitemap/');

/** Read answers shared caches may keep as long as the reader pages. */
const shared = (res: Response, type: string) => res.set('Cache-Control', SHARED).type(type);

/**
 * `/robots.txt`, the sitemap index `/sitemap.xml` and its sitemaps (`/sitemap/poems-1.xml`...),
 * outside `/api`: SQL reads over many rows, not the contract's pages of full poems. A sitemap is
 * streamed a batch of rows at a time, as fast as the client reads it. Any other name under
 * `/sitemap/`, or a page past the last, is 404; a method but GET and HEAD is 405.
 */
export function sitemapRoutes(db: Queryable, publicUrl: string): RequestHandler {
  const queries = createSitemapQueries(db);
  const robots = robotsTxt(publicUrl);
  const router = Router({ caseSensitive: true, strict: true });

  router.all('*', (req, res, next) => {
    if (READ.includes(req.method)) return next();
    res.setHeader('Allow', READ.join(', '));
    next(methodNotAllowed(req.method, READ));
  });

  router.get('/robots.txt', (_req, res) => {
    shared(res, 'text/plain; charset=utf-8').send(robots);
  });

  router.get('/sitemap.xml', async (_req, res, next) => {
    try {
      // `send` gives it an ETag and answers a matching If-None-Match with 304.
      shared(res, XML).send(sitemapIndex(publicUrl, await queries.counts()));
    } catch (error) {
      next(error);
    }
  });

  router.get(SITEMAP, async (req: Request<{ 0: SitemapKind; 1: string }>, res, next) => {
    try {
      const page = Number(req.params[1]);
      const batches = queries.rows(req.params[0], (page - 1) * SITEMAP_URLS_MAX, SITEMAP_URLS_MAX);
      const first = await batches.next();
      // The first sitemap of a kind exists while it has no page; the others only as the pages fill them.
      if (first.done && page > 1) throw notFound('Sitemap');
      shared(res, XML);
      if (req.method === 'HEAD') {
        await batches.return(undefined);
        res.end();
        return;
      }
      const rows = first.done ? undefined : first.value;
      pipeline(Readable.from(sitemapText(publicUrl, rows, batches)), res, (error) => {
        // A client that hangs up early is no news; the database failing half-way is.
        if (error && (error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
          req.log.warn({ err: error, path: req.path }, 'a sitemap was not sent whole');
        }
      });
    } catch (error) {
      next(error);
    }
  });

  router.get('/sitemap/*', (_req, _res, next) => next(notFound('Sitemap')));

  return onPaths(isServed, router);
}

/** The sitemap's text, a batch of rows at a time: only one batch is held at once. */
async function* sitemapText(
  publicUrl: string,
  firstRows: SitemapRow[] | undefined,
  moreRows: AsyncGenerator<SitemapRow[]>,
): AsyncGenerator<string> {
  yield URLSET_START;
  if (firstRows) yield urlEntries(publicUrl, firstRows);
  for await (const rows of moreRows) yield urlEntries(publicUrl, rows);
  yield URLSET_END;
}
