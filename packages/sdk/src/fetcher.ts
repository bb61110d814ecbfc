import { isSafeToRepeat, type Problem } from '@poetry/contract';
import { type ApiFetcher, validateResponse } from '@ts-rest/core';
import { ApiError, NetworkError } from './errors.js';
import { multipartBody } from './request-body.js';
import { type RetryOptions, withRetry } from './retry.js';
import type { ClientSession } from './session.js';

export type FetcherOptions = {
  baseUrl: string;
  fetch?: typeof fetch | undefined;
  retry?: RetryOptions | undefined;
  validateResponses?: boolean | undefined;
};

function isJson(response: Response): boolean {
  return /^application\/([\w.+-]*\+)?json/.test(response.headers.get('content-type') ?? '');
}

function isImage(response: Response): boolean {
  return /^image\//.test(response.headers.get('content-type') ?? '');
}

/** A body as the contract types it: JSON parsed, an image (a poem's card) as a Blob, anything else as text. */
async function bodyOf(response: Response): Promise<unknown> {
  if (isJson(response)) return response.json();
  return isImage(response) ? response.blob() : response.text();
}

function problemOf(body: unknown): Partial<Problem> | undefined {
  return typeof body === 'object' && body !== null ? (body as Partial<Problem>) : undefined;
}

/**
 * What ts-rest's client sends requests through: adds and keeps the session cookie, turns every
 * non-2xx into an `ApiError` and a failed connection into a `NetworkError`, retries if asked.
 */
export function createFetcher(options: FetcherOptions, session: ClientSession): ApiFetcher {
  const doFetch = options.fetch ?? globalThis.fetch;
  return (args) => {
    const { route, path, method, fetchOptions } = args;
    const { body, headers } =
      args.contentType === 'multipart/form-data'
        ? multipartBody(args)
        : { body: args.body as RequestInit['body'], headers: args.headers };

    return withRetry(isSafeToRepeat(route), options.retry, async () => {
      const cookie = await session.header(path);
      let response: Response;
      try {
        response = await doFetch(path, {
          ...fetchOptions,
          method,
          headers: cookie ? { ...headers, cookie } : headers,
          body,
        });
      } catch (error) {
        throw new NetworkError(`Could not reach ${options.baseUrl}`, { cause: error });
      }
      await session.store(path, response);
      const responseBody = await bodyOf(response);
      if (!response.ok) throw new ApiError(response.status, problemOf(responseBody), response.headers);
      const result = { status: response.status, body: responseBody, headers: response.headers };
      return options.validateResponses
        ? { ...result, ...validateResponse({ appRoute: route, response: result }) }
        : result;
    });
  };
}
