import { ApiError } from '@poetry/sdk';

/** The index of a list's item at the end of an error's path: `tags.3`. */
const ITEM = /\.\d+$/;

/**
 * The API's refusal with an item's message (`tags.3`: a tag too long) on its list's field
 * (`tags`), where a form shows it; anything else is passed on as it is.
 */
export function onFormFields(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.errors.some(({ path }) => ITEM.test(path))) return error;
  const { status, code, detail, errorCount, retryAfter } = error;
  return new ApiError(
    status,
    {
      code: code === 'unknown' ? undefined : code,
      detail,
      errors: error.errors.map(({ path, message }) => ({ path: path.replace(ITEM, ''), message })),
      error_count: errorCount,
    },
    new Headers(retryAfter ? { 'retry-after': String(retryAfter) } : {}),
  );
}
