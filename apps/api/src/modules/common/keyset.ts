import { validationFailed } from '../../errors.js';
import { isUuid } from './ids.js';

/**
 * Keyset pagination. A list query orders by a unique key (e.g. `id DESC`, or
 * `(followers_count DESC, id DESC)`), fetches `limit + 1` rows after the cursor, and the cursor
 * of the next page is the key of the last row shown. Cursors are opaque to clients: base64url
 * JSON of the key values. Deep pages cost what the first page costs.
 */
export type KeyPart = 'uuid' | 'int' | 'number' | 'timestamp';

// A timestamp as PostgreSQL prints `timestamptz::text`, microseconds included.
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-](\d{2})(?::(\d{2}))?$/;
const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysIn = (year: number, month: number) =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/**
 * A timestamp PostgreSQL takes: the right shape is not enough, `2024-02-30` or hour 25 in a
 * forged cursor made the query fail (22008), which is the caller's mistake and not a 500.
 */
function isTimestamp(value: unknown): boolean {
  const match = typeof value === 'string' ? TIMESTAMP.exec(value) : null;
  if (!match) return false;
  const field = (group: number) => Number(match[group] ?? 0);
  const [year, month, day] = [field(1), field(2), field(3)];
  const [hour, minute, second, offsetHours, offsetMinutes] = [
    field(4),
    field(5),
    field(6),
    field(7),
    field(8),
  ];
  return (
    year >= 1 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysIn(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 15 &&
    offsetMinutes <= 59
  );
}

const isPart: Record<KeyPart, (value: unknown) => boolean> = {
  uuid: (value) => typeof value === 'string' && isUuid(value),
  // keyset-order casts an int part to PostgreSQL's `int`, which ends where these bounds do.
  int: (value) => Number.isInteger(value) && (value as number) >= INT_MIN && (value as number) <= INT_MAX,
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  timestamp: isTimestamp,
};

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
    throw validationFailed([
      { path: 'query.cursor', code: 'invalid', message: 'is not a cursor of this list' },
    ]);
  }
  return key;
}

/** One page of a list, and the cursor of the next page (null on the last). */
export type Page<Item> = { items: Item[]; nextCursor: string | null };

/** The page of `rows` (fetched with `limit + 1`) and the cursor of the next one. */
export function toPage<Row, Item>(
  rows: Row[],
  limit: number,
  keyOf: (row: Row) => readonly (string | number)[],
  toItem: (row: Row) => Item,
): Page<Item> {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    items: shown.map(toItem),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null,
  };
}
