/** Why the service gave no answer of its own, in one line that names the address configured. */
export class NoServiceAnswer extends Error {
  override name = 'NoServiceAnswer';
  constructor(
    readonly code: 'unreachable' | 'timeout' | 'not_a_poetry_server' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

/** The words for the failures to connect that say more than their message. */
const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the connection was reset',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'the host name could not be looked up',
  EHOSTUNREACH: 'no route to the host',
  ENETUNREACH: 'the network is unreachable',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  ERR_SSL_WRONG_VERSION_NUMBER: 'TLS failed: nothing speaks TLS there (is it http://?)',
};

/** Why fetch failed: its `cause` says (fetch's own message is "fetch failed"). */
function reason(error: unknown): string {
  const { code, message } = ((error as { cause?: unknown }).cause ?? error) as NodeJS.ErrnoException;
  if (code !== undefined && REASONS[code]) return REASONS[code];
  if (code !== undefined && /CERT|^ERR_(SSL|TLS)_/.test(code)) return `TLS failed: ${message}`;
  return message;
}

/** The service answers JSON, and refuses in problem+json with a `code` (apps/api/src/http/problem.ts). */
function isServiceAnswer(ok: boolean, type: string, text: string): boolean {
  if (!(ok ? /^application\/json\b/ : /^application\/problem\+json\b/).test(type)) return false;
  try {
    const body: unknown = JSON.parse(text);
    return ok || typeof (body as { code?: unknown } | null)?.code === 'string';
  } catch {
    return false;
  }
}

/**
 * What an answer that is not the service's means. A 5xx is most likely a proxy in front of a
 * service that is down; anything else, another server at that address.
 */
function notTheService(server: string, request: string, status: number, type: string): NoServiceAnswer {
  const answer = `${request} answered ${status} with ${type.split(';')[0]?.trim() || 'no content type'}`;
  return status >= 500
    ? new NoServiceAnswer(
        'unavailable',
        `${server} is unavailable: ${answer} (a proxy whose service is down?)`,
      )
    : new NoServiceAnswer('not_a_poetry_server', `${server} does not look like a Poetry server: ${answer}`);
}

/**
 * The fetch of poet's client: each exchange bounded by `timeoutSeconds`, and anything that is not
 * an answer of the service (an HTML page, another API's 404, a broken connection) turned into a
 * `NoServiceAnswer` before the SDK reads it. The SDK passes it on as the `cause` of a NetworkError.
 */
export function serviceFetch(server: string, timeoutSeconds: number): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    const request = `${init?.method ?? 'GET'} ${url.pathname}`;
    const timeout = AbortSignal.timeout(timeoutSeconds * 1000);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    let response: Response;
    let text: string;
    try {
      response = await fetch(input, { ...init, signal });
      text = await response.text();
    } catch (error) {
      if (timeout.aborted) {
        throw new NoServiceAnswer(
          'timeout',
          `${server} did not answer ${request} within ${timeoutSeconds} s`,
        );
      }
      if (init?.signal?.aborted) throw error;
      throw new NoServiceAnswer('unreachable', `cannot reach ${server}: ${reason(error)}`);
    }
    const type = response.headers.get('content-type') ?? '';
    if (!isServiceAnswer(response.ok, type, text))
      throw notTheService(server, request, response.status, type);
    // The body read here is read again by the SDK.
    const { status, statusText, headers } = response;
    return new Response(text, { status, statusText, headers });
  };
}
