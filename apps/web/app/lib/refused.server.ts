import { ApiError } from '@poetry/sdk';
import { type AppLoadContext, data } from 'react-router';
import { type FormFailure, FormRefusal, type FormWords, problemOf } from './form-problem';

/**
 * The requests whose form was refused, by their load context: one object per request, which the
 * action gets and then the loaders that render the page again (the root's says it, for the title).
 */
const refusedForms = new WeakSet<AppLoadContext>();

/** Whether this request's action refused its form (the page's title then begins “Error: ”). */
export const isFormRefused = (context: AppLoadContext) => refusedForms.has(context);

type Refusal<Values extends Record<string, string>> = {
  context: AppLoadContext;
  /** How the form words its problems. */
  words: FormWords;
  /** What was typed, to show again (never a password). */
  values: Values;
  /** The API's `Set-Cookie`s so far. */
  headers: Headers;
};

/**
 * An action's answer to a refusal of the API (or the page's own, `FormRefusal`): the page again,
 * with the refusal's status, its problems in the form's words, and what was typed. Anything else
 * (the API unreachable) is thrown on to the error page.
 */
export function refused<Values extends Record<string, string>>(
  error: unknown,
  { context, words, values, headers }: Refusal<Values>,
) {
  if (!(error instanceof ApiError || error instanceof FormRefusal)) throw error;
  refusedForms.add(context);
  return data<FormFailure<Values>>(
    { problem: problemOf(error, words), values },
    { status: error.status, headers },
  );
}
