import type { ApiFetcherArgs } from '@ts-rest/core';

const isFile = (value: unknown): value is Blob => typeof Blob !== 'undefined' && value instanceof Blob;

/**
 * The body to send for a multipart route. ts-rest's own form builder JSON-encodes every text
 * value (a title arrives as `"Ode"`, quotes included), so the form is built here: text as is,
 * booleans as `true`/`false`, arrays as one part per item, files as files. Without a file the
 * body goes as JSON, which the service accepts on these routes too.
 */
export function multipartBody(args: ApiFetcherArgs): {
  body: RequestInit['body'];
  headers: Record<string, string>;
} {
  const raw = args.rawBody;
  if (raw instanceof FormData || typeof raw !== 'object' || raw === null) {
    return { body: args.body as RequestInit['body'], headers: args.headers };
  }
  const entries = Object.entries(raw).filter(([, value]) => value !== undefined);
  const { 'content-type': _contentType, ...headers } = args.headers;
  if (!entries.some(([, value]) => isFile(value))) {
    return { body: JSON.stringify(raw), headers: { ...headers, 'content-type': 'application/json' } };
  }
  const form = new FormData();
  for (const [name, value] of entries) {
    for (const item of Array.isArray(value) ? value : [value]) {
      form.append(name, isFile(item) ? item : String(item));
    }
  }
  // fetch sets the multipart content type with its boundary.
  return { body: form, headers };
}
