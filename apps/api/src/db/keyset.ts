import { validationFailed } from '../errors.js';

/**
 * Keyset pagination. A list query orders by a unique key (e.g. `id DESC`, or
 * `(followers_count DESC, id DESC)`), fetches `limit + 1` rows after the cursor, and the cursor
 * of the next page is the key of the last row shown. Cursors are opaque to clients: base64url
 * JSON of the key values. Deep pages cost what the first page costs.
 */
export type KeyPart = 'uuid' | 'int' | 'number' | 'timestamp';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// A timestamp as PostgreSQL prints `timestamptz::text`, microseconds included.
const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

const isPart: Record<KeyPart, (value: unknown) => boolean> = {
  uuid: (value) => typeof value === 'string' && UUID.test(value),
  int: (value) => Number.isSafeInteger(value),
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  timestamp: (value) => typeof value === 'string' && TIMESTAMP.test(value),
};

export const isUuid = (value: string) => UUID.test(value);

export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The key in `cursor`, checked against the list's key shape; a foreign or forged cursor is 400. */
export function decodeCursor(
  cursor: string | undefined,
  shape: readonly KeyPart[],
): (string | number)[] | undefined {
  if (cursor === undefined) return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = undefined;
  }
  if (!Array.isArray(key) || key.length !== shape.length || !shape.every((part, i) => isPart[part](key[i]))) {
    throw validationFailed([{ path: 'query.cursor', message: 'is not a cursor of this list' }]);
  }
  return key;
}

/** The page of `rows` (fetched with `limit + 1`) and the cursor of the next one. */
export function toPage<Row, Item>(
  rows: Row[],
  limit: number,
  keyOf: (row: Row) => readonly (string | number)[],
  toItem: (row: Row) => Item,
): { items: Item[]; nextCursor: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    items: shown.map(toItem),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null,
  };
}
