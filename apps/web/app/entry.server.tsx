import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { settleCaching } from './lib/cache';

/** How long a page may take to render before it is cut off. */
export const streamTimeout = 5_000;

/**
 * Renders a page whole before sending it (its data is all loaded by then; nothing streams in
 * later), with the answer's CSP nonce on React Router's inline scripts. Reader pages choose their
 * caching (`lib/cache.ts`, through their `headers`); the others are private.
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
  const nonce = loadContext.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let statusCode = status;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough();
          headers.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(createReadableStreamFromReadable(body), { status: statusCode, headers }));
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          statusCode = 500;
          console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000).unref();
  });
}

/** The `.data` answers of client-side navigations follow the pages' caching rule too. */
export function handleDataRequest(response: Response) {
  settleCaching(response.headers);
  return response;
}
