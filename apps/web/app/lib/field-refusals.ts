import { ApiError, type FieldError } from '@poetry/sdk';
import { redirect } from 'react-router';
import { type FieldLabels, refused } from './form-problem';
import { loginPath } from './paths';

/**
 * The API's refusal with its message said beside `errors`' fields: for the few answers that name
 * no field though the form knows which one they are about.
 */
function besideFields(error: ApiError, errors: FieldError[]): ApiError {
  const { status, code, detail } = error;
  return new ApiError(status, { code: code === 'unknown' ? undefined : code, detail, errors }, new Headers());
}

/**
 * A file over the API's size limit (`payload_too_large`, which names no part: the API stops
 * reading the body there), beside the fields of `files` whose file is over `maxBytes`.
 */
export function oversizedFiles(error: unknown, files: Record<string, File>, maxBytes: number): unknown {
  if (!(error instanceof ApiError) || error.code !== 'payload_too_large' || error.errors.length > 0)
    return error;
  const over = Object.keys(files).filter((path) => (files[path]?.size ?? 0) > maxBytes);
  if (over.length === 0) return error;
  const message = `Must be at most ${maxBytes / (1024 * 1024)} MB`;
  return besideFields(
    error,
    over.map((path) => ({ path, message })),
  );
}

/**
 * The refusal of a form that changes the email or the password with the current password: a
 * logged-out browser (`unauthenticated`) goes to log in and come back; a wrong current password,
 * a 401 too (`invalid_credentials`, which names no field), is said beside its field.
 */
export function credentialsRefused(
  request: Request,
  error: unknown,
  labels: FieldLabels,
  values: Record<string, string>,
  headers: Headers,
) {
  if (error instanceof ApiError && error.code === 'unauthenticated')
    throw redirect(loginPath(request), { headers });
  const wrongPassword =
    error instanceof ApiError && error.code === 'invalid_credentials'
      ? besideFields(error, [{ path: 'current_password', message: 'This is not your current password' }])
      : error;
  return refused(wrongPassword, labels, values, headers);
}
