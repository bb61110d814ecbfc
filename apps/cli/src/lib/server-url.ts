import { InvalidArgumentError } from 'commander';

/** `--server` (or `POETRY_API_URL`): the service's http(s) address, without a trailing slash. */
export function serverUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError("It is not a URL; give the service's address, e.g. http://localhost:3000");
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidArgumentError('The address must start with http:// or https://');
  }
  return value.replace(/\/+$/, '');
}
