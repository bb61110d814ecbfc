import { ApiError } from '@poetry/sdk';
import { data } from 'react-router';

/**
 * The API's answer, or the site's 404 page when the API says 404 (an unknown id or username) or
 * 400 (a malformed `?cursor=` in the address: no such page either); or what `answer` makes, where
 * the site's page is not the answer (a feed).
 */
export async function orNotFound<T>(call: Promise<T>, answer: () => unknown = notFound): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw answer();
    throw error;
  }
}

/** Thrown by a loader: the root's error page with status 404. */
export const notFound = () => data(null, { status: 404 });
