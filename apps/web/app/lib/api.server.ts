import { createPoetryClient, type PoetryClient } from '@poetry/sdk';
import type { AppLoadContext } from 'react-router';

export type BrowserApi = {
  client: PoetryClient;
  /** The API's `Set-Cookie`s so far (a login's session, a logout's clearing), for the page's answer. */
  setCookies(): Headers;
};

/**
 * An SDK client that calls the API for the browser behind `request`, with its cookie. Made per
 * request, never shared: it carries one browser's session.
 */
export function browserApi(request: Request, context: AppLoadContext): BrowserApi {
  const browserCookie = request.headers.get('cookie');
  const setCookies: string[] = [];

  const withBrowserCookie: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    // The SDK's own jar has a cookie only once the API has set one on this request (a login).
    if (browserCookie && !headers.has('cookie')) headers.set('cookie', browserCookie);
    const response = await context.api.fetch(input, { ...init, headers });
    setCookies.push(...response.headers.getSetCookie());
    return response;
  };

  return {
    client: createPoetryClient({ baseUrl: context.publicUrl, fetch: withBrowserCookie }),
    setCookies: () => new Headers(setCookies.map((cookie): [string, string] => ['set-cookie', cookie])),
  };
}

/** Whether the browser sent any cookie: without one nobody is logged in, and no call is needed. */
export const hasCookie = (request: Request): boolean => request.headers.has('cookie');
