import { ApiError, type PrivateAuthor } from '@poetry/sdk';
import { type AppLoadContext, redirect } from 'react-router';
import { browserApi, hasCookie } from './api.server';
import { loginPath } from './paths';

type LoggedIn = { author: PrivateAuthor | null; headers: Headers };

/**
 * `call`, made for the author logged in on the browser behind `request`; null when nobody is: no
 * cookie (then no call is made) or a session the API no longer knows (its 401).
 */
export async function ifLoggedIn<T>(request: Request, call: () => Promise<T>): Promise<T | null> {
  if (!hasCookie(request)) return null;
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

async function askWhoIsLoggedIn(request: Request, context: AppLoadContext): Promise<LoggedIn> {
  if (!hasCookie(request)) return { author: null, headers: new Headers() };
  const api = browserApi(request, context);
  const answer = await ifLoggedIn(request, () => api.client.me.get());
  return { author: answer?.author ?? null, headers: api.setCookies() };
}

/**
 * Each page request's answer, asked once for all its loaders (the root's, a studio page's): keyed
 * by the request's load context, which the server makes once per request (React Router hands
 * each loader a request of its own).
 */
const answers = new WeakMap<AppLoadContext, Promise<LoggedIn>>();

/**
 * Who is logged in on the browser behind `request`, if anyone, and the API's renewal of the
 * session's cookie, which the page passes on. A browser without cookies costs no call.
 */
export function loggedInAuthor(request: Request, context: AppLoadContext): Promise<LoggedIn> {
  let answer = answers.get(context);
  if (!answer) {
    answer = askWhoIsLoggedIn(request, context);
    answers.set(context, answer);
  }
  return answer;
}

/** The author logged in on the browser, for a studio page; nobody: to log in, and back. */
export async function requireAuthor(request: Request, context: AppLoadContext): Promise<PrivateAuthor> {
  const { author } = await loggedInAuthor(request, context);
  if (!author) throw redirect(loginPath(request));
  return author;
}
