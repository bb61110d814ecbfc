import { notFound } from '../../errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID.test(value);

/**
 * `id` when it could be an id at all; otherwise a 404 for `what`. A malformed id names nothing and
 * never reaches a `uuid` parameter (PostgreSQL would refuse it with an error, not an empty row).
 */
export function idOf(id: string, what: string): string {
  if (!isUuid(id)) throw notFound(what);
  return id;
}
