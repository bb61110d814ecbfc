import { ApiError, type PrivateAuthor } from '@poetry/sdk';
import type { AppLoadContext } from 'react-router';
import { browserApi, hasCookie } from './api.server';

/**
 * Who is logged in on the browser behind `request`, if anyone, and the API's renewal of the
 * session's cookie, which the page passes on. A browser without cookies costs no call.
 */
export async function loggedInAuthor(
  request: Request,
  context: AppLoadContext,
): Promise<{ author: PrivateAuthor | null; headers: Headers }> {
  if (!hasCookie(request)) return { author: null, headers: new Headers() };
  const api = browserApi(request, context);
  try {
    const { author } = await api.client.me.get();
    return { author, headers: api.setCookies() };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { author: null, headers: api.setCookies() };
    throw error;
  }
}
