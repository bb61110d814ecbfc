import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Negotiator from 'negotiator';

/**
 * Brotli at quality 5, its window 256 KB, more than any page. With its default window (4 MB), a
 * page took twice the CPU under load (`pnpm bench`), most of it in V8's garbage collector.
 * Quality 5 rather than 4: a poem page (3.6 KB) came out 7% smaller (1,296 bytes, not 1,398),
 * a home page (12 KB) 7% too, for the same CPU (41 and 82 µs); 6 and up gain nothing more.
 */
const BROTLI = { params: { [constants.BROTLI_PARAM_LGWIN]: 18, [constants.BROTLI_PARAM_QUALITY]: 5 } };

/** Brotli first, then gzip, among those the browser likes best, whatever order it lists them in. */
const ENCODINGS = ['br', 'gzip', 'identity'];

/** Negotiator since 0.6.4 breaks ties by a preference its types do not name yet. */
type EncodingNegotiation = { encoding(available: string[], preferred: string[]): string | undefined };

/**
 * A rendered page, compressed as `acceptEncoding` allows, in one call on this thread. Compressing
 * through a zlib stream, on the thread pool, cost ten times the CPU: 405 µs for a poem page where
 * this takes 41 (brotli; gzip 163 against 19). The largest page (a poem at its length limit,
 * about 250 KB) holds the event loop about 3 ms.
 */
export function compressedPage(html: Buffer<ArrayBuffer>, acceptEncoding: string | null) {
  const negotiation = new Negotiator({ headers: { 'accept-encoding': acceptEncoding ?? '' } });
  const encoding = (negotiation as unknown as EncodingNegotiation).encoding(ENCODINGS, ENCODINGS);
  if (encoding === 'br') return { body: brotliCompressSync(html, BROTLI), encoding };
  if (encoding === 'gzip') return { body: gzipSync(html), encoding };
  return { body: html, encoding: null };
}
