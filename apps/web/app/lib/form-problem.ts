import { ApiError, type ProblemCode } from '@poetry/sdk';
import { data } from 'react-router';

/** The API's problem details as a form shows them: each field's message beside it, the rest on top. */
export type FormProblem = {
  code: ProblemCode | 'unknown';
  summary: string[];
  fields: Record<string, string>;
};

/** What an action answers when the API refused the form: the problem and what was typed (no password). */
export type FormFailure = { problem: FormProblem; values: Record<string, string> };

/** The problem of `error` for a form whose inputs are `fields` (named as the API's body fields). */
function formProblem(error: ApiError, fields: readonly string[]): FormProblem {
  const known = new Set(fields);
  const byField: Record<string, string> = {};
  const elsewhere: string[] = [];
  for (const { path, message } of error.errors) {
    if (known.has(path)) byField[path] = byField[path] ? `${byField[path]} ${message}` : message;
    else elsewhere.push(path ? `${path}: ${message}` : message);
  }
  const detail = error.detail ?? error.message;
  const wait = error.retryAfter ? ` Try again in ${error.retryAfter} seconds.` : '';
  return { code: error.code, summary: [`${detail}${wait}`, ...elsewhere], fields: byField };
}

/**
 * An action's answer to a refusal of the API: the page again, with the API's status, its
 * messages and what was typed. Anything but an `ApiError` (the API unreachable) is thrown on to
 * the error page.
 */
export function refused(
  error: unknown,
  fields: readonly string[],
  values: Record<string, string>,
  headers: Headers,
) {
  if (!(error instanceof ApiError)) throw error;
  return data<FormFailure>(
    { problem: formProblem(error, fields), values },
    { status: error.status, headers },
  );
}

/** The named text fields of a posted form; a field that is missing or a file is empty. */
export function textFields<const N extends string>(form: FormData, names: readonly N[]): Record<N, string> {
  return Object.fromEntries(
    names.map((name) => {
      const value = form.get(name);
      return [name, typeof value === 'string' ? value : ''];
    }),
  ) as Record<N, string>;
}
