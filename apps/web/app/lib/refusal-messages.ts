import type { ApiError, ProblemCode } from '@poetry/sdk';
import { sentence } from './field-messages';
import type { Message } from './form-problem';

/** A wait as people say it: “40 seconds”, “5 minutes”. */
function wait(seconds: number): string {
  if (seconds < 90) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * What the summary says of a refusal that names no field, by the API's code, where the API's own
 * detail would not tell a person what to do; a form words its own (a wrong login, a used link).
 */
const COMMON: Partial<Record<ProblemCode, Message>> = {
  validation_failed: { text: 'The form could not be read. Check it, and send it again.' },
  unavailable: { text: 'The service is busy or out of reach. Try again in a minute.' },
  internal: { text: 'Something went wrong on our side. Try again in a minute.' },
};

/** The summary's sentence for `error`: the form's own, else the common one, else the API's detail. */
export function refusalMessage(error: ApiError, own?: Partial<Record<ProblemCode, Message>>): Message {
  const words = own?.[error.code as ProblemCode] ?? COMMON[error.code as ProblemCode];
  if (words) return words;
  if (error.code === 'rate_limited') {
    const retry = error.retryAfter ? `in ${wait(error.retryAfter)}` : 'in a few minutes';
    return { text: `There have been too many tries. Try again ${retry}.` };
  }
  return { text: sentence(error.detail ?? error.message) };
}
