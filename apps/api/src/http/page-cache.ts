import type { OutgoingHttpHeaders } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { pageCacheAnswers } from '../metrics/page-cache-answers.js';
import { SAFE_METHODS } from './safe-methods.js';
import { isUnseenWrite } from './unseen-write.js';

type Entry = {
  /** What it holds, counted against the cache's bytes: its body, key and headers. */
  size: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  storedAt: number;
  expiresAt: number;
};

/** Headers Node writes for each answer itself. */
const HOP_HEADERS = ['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'];

/** The one header set before the page that its body depends on: the nonce its tags carry. */
const CSP = 'content-security-policy';

/**
 * What the page set or changed of `res`'s headers, since the layers before it had set `before`
 * (the request's id, its rate limit, the security headers: a hit gets its own).
 */
function pageHeaders(res: Response, before: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const headers = res.getHeaders();
  for (const name of HOP_HEADERS) delete headers[name];
  for (const [name, value] of Object.entries(before))
    if (name !== CSP && String(headers[name]) === String(value)) delete headers[name];
  return headers;
}

const S_MAXAGE = /(?:^|,)\s*s-maxage=(\d+)/i;

/** A request that will have no stored answer (`no-cache`: fetch sends it with `If-None-Match`). */
const asksToRevalidate = (req: Request) =>
  /\bno-cache\b/i.test(req.headers['cache-control'] ?? '') || req.headers.pragma === 'no-cache';

/** How long a shared cache may serve `res`'s answer, in seconds: 0 when it may not keep it. */
function sharedLifetime(res: Response): number {
  const cacheControl = String(res.getHeader('cache-control') ?? '');
  if (res.statusCode !== 200 || res.hasHeader('set-cookie') || !/(?:^|,)\s*public\b/i.test(cacheControl))
    return 0;
  return Number(S_MAXAGE.exec(cacheControl)?.[1] ?? 0);
}

/** About what `headers` take in memory: their names' and values' length. */
const headersLength = (headers: OutgoingHttpHeaders) =>
  Object.entries(headers).reduce((sum, [name, value]) => sum + name.length + String(value).length, 0);

/** Keeps a copy of what `res` writes, up to `limit` bytes, for `done` once it has finished. */
function record(res: Response, limit: number, done: (body: Buffer) => void) {
  const chunks: Buffer[] = [];
  let size = 0;
  const keep = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function' || size > limit) return;
    const bytes = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    chunks.push(bytes);
    size += bytes.length;
  };
  const { write, end } = res;
  res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as Response['write'];
  res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
  } as Response['end'];
  res.once('finish', () => {
    if (size <= limit) done(Buffer.concat(chunks, size));
  });
}

/**
 * A microcache: the pages a shared cache may keep (`public, s-maxage`, no cookie set), kept in
 * this process for as long as `s-maxage` allows (`maxSeconds` at most) and served again to the requests a shared cache
 * would serve them to: a GET with no cookie and no credentials, keyed on its URL and
 * `Accept-Encoding` (the answer is kept as compressed for it). What a CDN in front gives, for an
 * instance with none. At most `maxBytes` of answers, the least recently served dropped first; a
 * hit says how old it is (`Age`) and carries the headers the page set (and the CSP, whose nonce
 * its body's tags carry). Mounted ahead of the pages' compression, it keeps the
 * compressed bytes.
 */
export function pageCache({ maxBytes, maxSeconds }: { maxBytes: number; maxSeconds: number }) {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  /** Counts the times the cache was emptied: a page rendered across one is not kept. */
  let generation = 0;
  const drop = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.size;
  };
  const store = (key: string, entry: Entry) => {
    for (const [oldest, old] of entries) {
      if (bytes + entry.size <= maxBytes) break;
      drop(oldest, old);
    }
    entries.set(key, entry);
    bytes += entry.size;
  };

  const serve: RequestHandler = (req, res, next) => {
    if (
      maxBytes === 0 ||
      req.method !== 'GET' ||
      req.headers.cookie !== undefined ||
      req.headers.authorization
    )
      return next();
    const key = `${req.headers['accept-encoding'] ?? ''} ${req.originalUrl}`;
    const now = Date.now();
    const entry = entries.get(key);
    if (entry && entry.expiresAt > now && !asksToRevalidate(req)) {
      pageCacheAnswers.inc({ result: 'hit' });
      // Served last, dropped last.
      entries.delete(key);
      entries.set(key, entry);
      for (const [name, value] of Object.entries(entry.headers))
        if (value !== undefined) res.setHeader(name, value);
      res.setHeader('Age', Math.floor((now - entry.storedAt) / 1000));
      if (req.fresh) {
        res.statusCode = 304;
        res.end();
      } else {
        res.end(entry.body);
      }
      return;
    }
    if (entry) drop(key, entry);
    pageCacheAnswers.inc({ result: 'miss' });
    const renderedIn = generation;
    const before = res.getHeaders();
    record(res, maxBytes, (body) => {
      if (generation !== renderedIn) return;
      const lifetime = Math.min(sharedLifetime(res), maxSeconds);
      if (lifetime === 0) return;
      const headers = pageHeaders(res, before);
      const size = body.length + key.length + headersLength(headers);
      if (size > maxBytes) return;
      const storedAt = Date.now();
      store(key, { size, headers, body, storedAt, expiresAt: storedAt + lifetime * 1000 });
    });
    next();
  };

  /**
   * Empties the cache once a write (any method but GET, HEAD and OPTIONS) that `mayChangePages`
   * succeeds, unless its route marked it unseen (`markUnseenWrite`: a draft's): whoever changed something through this instance sees it on every page at once.
   * Another instance's copies live out their time. A page being rendered meanwhile, which may
   * have read what was there before, is not kept.
   */
  const forgetAfterWrites =
    (mayChangePages: (req: Request) => boolean): RequestHandler =>
    (req, res, next) => {
      if (!SAFE_METHODS.has(req.method) && mayChangePages(req))
        res.once('finish', () => {
          if (res.statusCode < 400 && !isUnseenWrite(res)) {
            entries.clear();
            bytes = 0;
            generation++;
          }
        });
      next();
    };
  return { serve, forgetAfterWrites };
}
