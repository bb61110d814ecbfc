import { Writable } from 'node:stream';
import type { Express, Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { expressObjectClasses } from './express-objects.js';
import { pastTheLastLayer } from './problem.js';

/** Who a call is made for: the browser a page is rendered for, as the app saw it. */
export type Caller = {
  /** The browser's address: the per-IP limits count the call against it. */
  address: string;
  /** Whether the browser came over HTTPS: the session cookie is Secure only then. */
  secure: boolean;
  /** The page request's id, so that the call's log line carries it. */
  requestId: string;
};

const HEADER_END = Buffer.from('\r\n\r\n');

/** Headers that name another hop: a call made in the process has none; the caller is its connection. */
const HOP_HEADERS = new Set(['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'forwarded']);

/**
 * The connection an in-process call comes over: from the browser's address, encrypted when the
 * browser's was, keeping what the response writes. Express reads the caller's address and scheme
 * from it as from any connection, with no forwarded header to believe.
 */
class CallConnection extends Writable {
  readonly chunks: Buffer[] = [];
  constructor(
    readonly remoteAddress: string,
    readonly encrypted: boolean,
  ) {
    super();
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    this.chunks.push(chunk);
    done();
  }
}

/** `init`'s headers as Node's request has them: lowercase names, no hop headers. */
function requestHeaders(init: RequestInit | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of new Headers(init?.headers)) if (!HOP_HEADERS.has(name)) headers[name] = value;
  return headers;
}

/** The body's bytes, and the content type a FormData or URLSearchParams body brings. */
async function requestBody(body: RequestInit['body']): Promise<{ bytes: Buffer; type: string | null }> {
  if (body === undefined || body === null) return { bytes: Buffer.alloc(0), type: null };
  if (typeof body === 'string') return { bytes: Buffer.from(body), type: null };
  const encoded = new Response(body);
  return { bytes: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type') };
}

/** The answer `res` wrote on `connection`: its head parsed, its body after it. */
function answerOf(res: ExpressResponse, connection: CallConnection): Response {
  const written = Buffer.concat(connection.chunks);
  const headEnd = written.indexOf(HEADER_END);
  const headers = new Headers();
  for (const line of written.toString('latin1', 0, headEnd).split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    headers.append(line.slice(0, colon), line.slice(colon + 1).trim());
  }
  const body = written.subarray(headEnd + HEADER_END.length);
  return new Response(body.length > 0 ? body : null, { status: res.statusCode, headers });
}

/**
 * A `fetch` that calls `app` in this process for `caller`, with no socket and no HTTP parsing:
 * the request and response are Node's own (the app's classes), over a stand-in connection.
 * The URL's origin is ignored: every call goes to `app`. Asked over HTTP/1.0, the answer comes
 * unchunked, so its body is the bytes after its head.
 */
export function inProcessFetch(app: Express, caller: Caller): typeof fetch {
  const { Request: CallRequest, Response: CallResponse } = expressObjectClasses(app);
  return async (input, init) => {
    init?.signal?.throwIfAborted();
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = requestHeaders(init);
    const { bytes, type } = await requestBody(init?.body);
    if (type && !headers['content-type']) headers['content-type'] = type;
    if (bytes.length > 0) headers['content-length'] = String(bytes.length);
    headers['x-request-id'] = caller.requestId;

    const connection = new CallConnection(caller.address, caller.secure);
    // Node's request reads its socket as a `net.Socket`; this one has what it reads.
    const req = new CallRequest(connection as never) as ExpressRequest;
    req.method = init?.method?.toUpperCase() ?? 'GET';
    req.url = url.pathname + url.search;
    req.httpVersionMajor = 1;
    req.httpVersionMinor = 0;
    req.httpVersion = '1.0';
    req.headers = headers;
    req.rawHeaders = Object.entries(headers).flat();
    if (bytes.length > 0) req.push(bytes);
    req.push(null);
    req.complete = true;

    const res = new CallResponse(req) as ExpressResponse;
    res.assignSocket(connection as never);
    return new Promise((resolve, reject) => {
      const abort = () => {
        connection.destroy();
        reject(init?.signal?.reason);
      };
      init?.signal?.addEventListener('abort', abort, { once: true });
      res.once('finish', () => {
        init?.signal?.removeEventListener('abort', abort);
        resolve(answerOf(res, connection));
        // As the server does after an answer: the request's unread body is let go, and the
        // response closes (its 'close' is what the request log and metrics wait for).
        req.resume();
        connection.destroy();
      });
      app(req, res, pastTheLastLayer(req, res));
    });
  };
}
