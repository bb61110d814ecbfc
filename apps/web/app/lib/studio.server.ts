import { ApiError } from '@poetry/sdk';
import { redirect } from 'react-router';
import { notFound } from './not-found';
import { loginPath } from './paths';

/**
 * A studio page's SDK call, for the author logged in on the browser: logged out (the API's 401)
 * sends the browser to log in and come back; not theirs or gone (404) is the 404 page, and so is
 * a page's address the API refuses (a 400 to a GET: a malformed `?cursor=`). The studio needs no
 * call of its own to check the session: its pages' calls say it.
 */
export async function asAuthor<T>(request: Request, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect(loginPath(request));
    if (
      error instanceof ApiError &&
      (error.status === 404 || (error.status === 400 && request.method === 'GET'))
    )
      throw notFound();
    throw error;
  }
}
