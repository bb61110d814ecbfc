import { createPoetryClient, type PoetryClient } from '@poetry/sdk';
import type { AppLoadContext } from 'react-router';

export type BrowserApi = {
  client: PoetryClient;
  /** The API's `Set-Cookie`s so far (a login's session, a logout's clearing), for the page's answer. */
  setCookies(): Headers;
};

/**
 * An SDK client that calls the API for the browser behind `request`: with its cookie, its address
 * and scheme (`X-Forwarded-For`, `X-Forwarded-Proto`, believed because the call carries the pages'
 * proof), and the page request's id. Made per request, never shared: it carries one browser's session.
 */
export function browserApi(request: Request, context: AppLoadContext): BrowserApi {
  const { baseUrl, clientAddress, requestId, hopProof } = context.api;
  const browserCookie = request.headers.get('cookie');
  const forwarded = {
    ...hopProof,
    'x-forwarded-for': clientAddress,
    'x-forwarded-proto': new URL(request.url).protocol.replace(/:$/, ''),
    'x-request-id': requestId,
  };
  const setCookies: string[] = [];

  const forwardingFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(forwarded)) headers.set(name, value);
    // The SDK's own jar has a cookie only once the API has set one on this request (a login).
    if (browserCookie && !headers.has('cookie')) headers.set('cookie', browserCookie);
    const response = await fetch(input, { ...init, headers });
    setCookies.push(...response.headers.getSetCookie());
    return response;
  };

  return {
    client: createPoetryClient({ baseUrl, fetch: forwardingFetch }),
    setCookies: () => new Headers(setCookies.map((cookie): [string, string] => ['set-cookie', cookie])),
  };
}

/** Whether the browser sent any cookie: without one nobody is logged in, and no call is needed. */
export const hasCookie = (request: Request): boolean => request.headers.has('cookie');
