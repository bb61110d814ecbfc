/** A JSON request outside the SDK, for what the SDK cannot send: raw cookies, bad bodies, headers. */
export function send(
  url: string,
  method: string,
  options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  return fetch(url, { method, headers, body });
}

/** `name=value` of the session cookie a response set. */
export function sessionCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.includes('poetry.sid='));
  if (!cookie) throw new Error('no session cookie was set');
  return cookie.split(';')[0] as string;
}
