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

/** A form's inputs: the API's body field names, each with the label the page shows for it. */
export type FieldLabels = Readonly<Record<string, string>>;

/**
 * `message` in the page's words: an API field name in it (`Does not match new_password`) becomes
 * that field's label. Only snake_case names: a plain word (email, password) already reads as one.
 */
function inPageWords(message: string, labels: FieldLabels): string {
  return message.replace(/\b[a-z]+(?:_[a-z]+)+\b/g, (name) => (labels[name] ? `“${labels[name]}”` : name));
}

/**
 * The problem of `error` for a form whose inputs are `labels`' fields: each message beside its
 * field, the rest on top; the API's summary only when some message has no field to stand by.
 */
function formProblem(error: ApiError, labels: FieldLabels): FormProblem {
  const byField: Record<string, string> = {};
  const elsewhere: string[] = [];
  for (const { path, message } of error.errors) {
    const text = inPageWords(message, labels);
    if (Object.hasOwn(labels, path)) byField[path] = byField[path] ? `${byField[path]} ${text}` : text;
    else elsewhere.push(path ? `${path}: ${text}` : text);
  }
  const allBesideFields = error.errors.length > 0 && elsewhere.length === 0;
  const detail = error.detail ?? error.message;
  const wait = error.retryAfter ? ` Try again in ${error.retryAfter} seconds.` : '';
  return {
    code: error.code,
    summary: allBesideFields ? [] : [`${detail}${wait}`, ...elsewhere],
    fields: byField,
  };
}

/**
 * An action's answer to a refusal of the API: the page again, with the API's status, its
 * messages and what was typed. Anything but an `ApiError` (the API unreachable) is thrown on to
 * the error page.
 */
export function refused(
  error: unknown,
  labels: FieldLabels,
  values: Record<string, string>,
  headers: Headers,
) {
  if (!(error instanceof ApiError)) throw error;
  return data<FormFailure>(
    { problem: formProblem(error, labels), values },
    { status: error.status, headers },
  );
}

/** The text fields of a posted form that `labels` names; a field that is missing or a file is empty. */
export function textFields<N extends string>(
  form: FormData,
  labels: Readonly<Record<N, string>>,
): Record<N, string> {
  return Object.fromEntries(
    Object.keys(labels).map((name) => {
      const value = form.get(name);
      return [name, typeof value === 'string' ? value : ''];
    }),
  ) as Record<N, string>;
}
