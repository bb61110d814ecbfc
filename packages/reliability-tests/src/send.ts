import http from 'node:http';

export type LoadRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path and query, e.g. `/api/poem/<id>`. */
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, with `headers` saying what it is (a multipart body, a compressed one). */
  rawBody?: Uint8Array;
  headers?: Record<string, string>;
  cookie?: string;
};

export type Outcome = {
  /** performance.now() when the request was sent, and when it was answered or dropped. */
  startedAt: number;
  endedAt: number;
  /** The answer's status; null when the connection was dropped before a whole answer came. */
  status: number | null;
  /** Why it was dropped: the socket error's code (ECONNREFUSED, ECONNRESET, TIMEOUT, ...). */
  error: string | null;
  /** Whether it went over a keep-alive socket that had served an earlier request. */
  reusedSocket: boolean;
  headers: http.IncomingHttpHeaders;
  body: string;
};

/** Past this without a byte, a request counts as dropped (TIMEOUT): no request may hang a check. */
const SILENCE_LIMIT_MS = 30_000;

/**
 * Sends one request over `agent` (a keep-alive agent reuses its sockets) and reports what came
 * back; never rejects, a failure is part of the outcome. `onWritten` runs once the whole request
 * has been handed to the operating system.
 */
export function send(
  agent: http.Agent,
  baseUrl: string,
  request: LoadRequest,
  onWritten?: () => void,
): Promise<Outcome> {
  const base = new URL(baseUrl);
  const body = request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  return new Promise((resolve) => {
    const startedAt = performance.now();
    let settled = false;
    const settle = (result: Pick<Outcome, 'status' | 'error' | 'headers' | 'body'>) => {
      if (settled) return;
      settled = true;
      resolve({ startedAt, endedAt: performance.now(), reusedSocket: req.reusedSocket, ...result });
    };
    const dropped = (error: NodeJS.ErrnoException) =>
      settle({ status: null, error: error.code ?? error.message, headers: {}, body: '' });

    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: request.method,
        path: request.path,
        headers: {
          accept: 'application/json',
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
          ...(request.cookie ? { cookie: request.cookie } : {}),
          ...request.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          settle({
            status: res.statusCode ?? null,
            error: null,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', dropped);
        res.on('close', () => {
          if (!res.complete) dropped(Object.assign(new Error('answer cut short'), { code: 'ABORTED' }));
        });
      },
    );
    req.on('error', dropped);
    if (onWritten) req.once('finish', onWritten);
    req.setTimeout(SILENCE_LIMIT_MS, () =>
      req.destroy(Object.assign(new Error('no answer in time'), { code: 'TIMEOUT' })),
    );
    req.end(body);
  });
}

/** A keep-alive agent with room for `connections` sockets at once. */
export const keepAliveAgent = (connections: number) =>
  new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });

/** One request on a connection of its own. */
export async function sendOnce(baseUrl: string, request: LoadRequest): Promise<Outcome> {
  const agent = new http.Agent({ keepAlive: false });
  try {
    return await send(agent, baseUrl, request);
  } finally {
    agent.destroy();
  }
}
