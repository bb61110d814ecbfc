import { ApiError, type FieldErrorCode, type ProblemCode } from '@poetry/sdk';
import { fieldMessage, sentence } from './field-messages';
import { refusalMessage } from './refusal-messages';

/** A link in a message, to where the next step is taken. */
export type MessageLink = { to: string; text: string };

/**
 * What a form says of one problem: a whole sentence, and the next step where there is one (words
 * and links, as in “Log in or set a new password.”).
 */
export type Message = { text: string; next?: readonly (string | MessageLink)[] };

/**
 * A refused form's problems as its page shows them: each field's beside it (and linked from the
 * summary, in the form's order), and what is about no field in the summary alone.
 */
export type FormProblem = {
  summary: Message[];
  fields: Record<string, Message>;
};

/** What an action answers when the form was refused: the problem and what was typed (no password). */
export type FormFailure<Values extends Record<string, string> = Record<string, string>> = {
  problem: FormProblem;
  values: Values;
};

/** A form's inputs: the API's body field names, each with the label the page shows for it. */
export type FieldLabels = Readonly<Record<string, string>>;

/**
 * What is wrong with a field: the API's code, or one the pages find themselves (`incorrect`: the
 * current password is not; `skipped_time`: a local time the clocks skip in its time zone).
 */
export type FieldProblem = FieldErrorCode | 'incorrect' | 'skipped_time';

/** Sentences for fields' problems, by field name and problem. */
export type FieldMessages = Readonly<Record<string, Partial<Record<FieldProblem, Message>>>>;

/** How a form words its problems: its fields' labels, and the sentences it says its own way. */
export type FormWords = {
  labels: FieldLabels;
  /** This form's sentences for its fields, over the common ones (`field-messages.ts`). */
  fields?: FieldMessages;
  /** This form's sentences for refusals that name no field, by the API's code (a wrong login). */
  refusals?: Partial<Record<ProblemCode, Message>>;
};

/** One problem with a field, as the API or the page found it. */
export type FieldFault = { path: string; code: FieldProblem; message?: string };

/**
 * A form the page refuses itself, answered as the API's refusals are, with `status`: one it
 * refuses before asking the API (a time zone it does not know), or a refusal of the API it puts
 * beside a field (a wrong current password, which the API reports for no field).
 */
export class FormRefusal extends Error {
  override name = 'FormRefusal';

  constructor(
    readonly faults: readonly FieldFault[],
    readonly status = 400,
  ) {
    super(faults.map(({ path, code }) => `${path}: ${code}`).join('; '));
  }
}

/** The form's field an error path is about: itself, or the list an item belongs to (`tags.3`). */
function fieldOf(path: string, labels: FieldLabels): string | undefined {
  const field = path.replace(/\.\d+$/, '');
  return Object.hasOwn(labels, field) ? field : undefined;
}

/**
 * The problem of `refusal` as the form `words` says it: each field's first problem beside it, in
 * the form's order; in the summary, what is about no field of the form, after the refusal's own
 * sentence (unless every problem has its field).
 */
export function problemOf(refusal: ApiError | FormRefusal, words: FormWords): FormProblem {
  const faults = refusal instanceof ApiError ? refusal.errors : refusal.faults;
  const found: Record<string, Message> = {};
  const elsewhere: Message[] = [];
  for (const fault of faults) {
    const field = fieldOf(fault.path, words.labels);
    if (field !== undefined) {
      found[field] ??= fieldMessage(field, words.labels[field] ?? field, fault, words.fields);
    } else {
      const text = sentence(fault.message ?? fault.code);
      elsewhere.push({ text: fault.path ? `${fault.path}: ${text}` : text });
    }
  }
  const fields = Object.fromEntries(
    Object.keys(words.labels).flatMap((field) => (found[field] ? [[field, found[field]]] : [])),
  );
  const allBesideFields = faults.length > 0 && elsewhere.length === 0;
  const refusalWords =
    refusal instanceof ApiError
      ? refusalMessage(refusal, words.refusals)
      : { text: 'Check the form, and send it again.' };
  return { summary: allBesideFields ? [] : [refusalWords, ...elsewhere], fields };
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
