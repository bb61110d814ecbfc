import { InvalidArgumentError } from 'commander';

/** `--timeout` (or `POETRY_TIMEOUT`): how many seconds to wait for each answer of the service. */
export function timeoutSeconds(value: string): number {
  const seconds = Number(value);
  if (!(seconds > 0 && seconds <= 3600)) {
    throw new InvalidArgumentError('Give a number of seconds, more than 0 and at most 3600.');
  }
  return seconds;
}
