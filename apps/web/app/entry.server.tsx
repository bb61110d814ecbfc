import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { settleCaching } from './lib/cache';
import { compressedPage } from './lib/compressed-page.server';
import { actionJson, asksForJson } from './lib/json-answer.server';

/** For the server, which serves the files of `public/` (`apps/server/src/pages.ts`). */
export { publicFileVersions } from './lib/public-file';

/** How long a page may take to render before it is cut off. */
export const streamTimeout = 5_000;

/**
 * Renders a page whole before sending it, as one buffer, compressed (its data is all loaded by
 * then; nothing streams in later). The pages write no inline script (their scripts are files in
 * `public/`); the answer's CSP nonce is passed on all the same, so that one React or React Router
 * writes would run. Reader pages choose their caching (`lib/cache.ts`, through their `headers`);
 * the others are private. A post that asks for JSON (a page's script) gets its action's data, unrendered.
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  settleCaching(headers);
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });
  if (asksForJson(request)) return actionJson(status, headers, routerContext);
  const nonce = loadContext.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let statusCode = status;
    // One buffer, compressed in one go and written in one, not chunk by chunk as React writes.
    const chunks: Buffer[] = [];
    const html = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(cutOff);
        const { body, encoding } = compressedPage(
          Buffer.concat(chunks),
          request.headers.get('accept-encoding'),
        );
        if (encoding) headers.set('Content-Encoding', encoding);
        headers.append('Vary', 'Accept-Encoding');
        resolve(new Response(body, { status: statusCode, headers }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        onAllReady() {
          headers.set('Content-Type', 'text/html; charset=utf-8');
          pipe(html);
        },
        onShellError(error: unknown) {
          clearTimeout(cutOff);
          reject(error);
        },
        onError(error: unknown) {
          statusCode = 500;
          console.error(error);
        },
      },
    );
    // Cleared once the page is rendered: the timer holds the whole render (React's and the
    // router's state, the request) for as long as it runs. Left to run, 6 s of pages stayed in
    // memory: under load the heap grew past 300 MB.
    const cutOff = setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * The `.data` answers (React Router's client's URLs, which no page ships, but its server
 * answers) follow the pages' caching rule too.
 */
export function handleDataRequest(response: Response) {
  settleCaching(response.headers);
  return response;
}
