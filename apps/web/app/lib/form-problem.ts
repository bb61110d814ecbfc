import { ApiError, type ProblemCode } from '@poetry/sdk';
import { data } from 'react-router';

/** The API's problem details as a form shows them: each field's message beside it, the rest on top. */
export type FormProblem = {
  code: ProblemCode | 'unknown';
  summary: string[];
  fields: Record<string, string>;
};

/** What an action answers when the API refused the form: the problem and what was typed (no password). */
export type FormFailure<Values extends Record<string, string> = Record<string, string>> = {
  problem: FormProblem;
  values: Values;
};

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
 * A refusal the API gives for no field whose field a form knows: a wrong current password is the
 * login's `invalid_credentials`.
 */
export type UnfieldedRefusal = { code: ProblemCode; path: string; message: string };

/** The form's field an API error path is about: itself, or the list an item belongs to (`tags.3`). */
function fieldOf(path: string, labels: FieldLabels): string | undefined {
  const field = path.replace(/\.\d+$/, '');
  return Object.hasOwn(labels, field) ? field : undefined;
}

/**
 * The problem of `error` for a form whose inputs are `labels`' fields: each message beside its
 * field, the rest on top; the API's summary only when some message has no field to stand by.
 */
function formProblem(error: ApiError, labels: FieldLabels, unfielded?: UnfieldedRefusal): FormProblem {
  const byField: Record<string, string> = {};
  const elsewhere: string[] = [];
  const errors = error.errors.length === 0 && unfielded?.code === error.code ? [unfielded] : error.errors;
  for (const { path, message } of errors) {
    const text = inPageWords(message, labels);
    const field = fieldOf(path, labels);
    if (field) byField[field] = byField[field] ? `${byField[field]} ${text}` : text;
    else elsewhere.push(path ? `${path}: ${text}` : text);
  }
  const allBesideFields = errors.length > 0 && elsewhere.length === 0;
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
export function refused<Values extends Record<string, string>>(
  error: unknown,
  labels: FieldLabels,
  values: Values,
  headers: Headers,
  unfielded?: UnfieldedRefusal,
) {
  if (!(error instanceof ApiError)) throw error;
  return data<FormFailure<Values>>(
    { problem: formProblem(error, labels, unfielded), values },
    { status: error.status, headers },
  );
}

/**
 * The text fields of a posted form that `labels` names; a field that is missing or a file is
 * empty. Line breaks are `\n`, as typed: a browser posts a text area's as CRLF.
 */
export function textFields<N extends string>(
  form: FormData,
  labels: Readonly<Record<N, string>>,
): Record<N, string> {
  return Object.fromEntries(
    Object.keys(labels).map((name) => {
      const value = form.get(name);
      return [name, typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : ''];
    }),
  ) as Record<N, string>;
}
