import type { PoetryClient } from '@poetry/sdk';
import { signUp } from './authors.js';
import { cookieOf } from './collections.js';
import type { TestServer } from './server.js';

export type LoggedInAuthor = Awaited<ReturnType<typeof signUp>> & { client: PoetryClient };

/** A new author, logged in through a client of their own. */
export async function loggedInAuthor(
  server: TestServer,
  names?: Parameters<typeof signUp>[1],
): Promise<LoggedInAuthor> {
  const client = server.client();
  return { ...(await signUp(client, names)), client };
}

/**
 * New authors under these (test-only) names, signed up one after the other, so their ids
 * (UUID v7) ascend in the order of `names`.
 */
export async function loggedInAuthors<const Name extends string>(
  server: TestServer,
  names: readonly Name[],
): Promise<Record<Name, LoggedInAuthor>> {
  const authors = {} as Record<Name, LoggedInAuthor>;
  for (const name of names) authors[name] = await loggedInAuthor(server);
  return authors;
}

/**
 * A new author logged in through a client of their own, with the `Cookie` header of that
 * session for raw requests (multipart forms, bad bodies) on their behalf.
 */
export async function authorWithCookie(server: TestServer) {
  const { client, ...me } = await loggedInAuthor(server);
  return { client, me, cookie: await cookieOf(client, server.url) };
}
