import { validationFailed } from '../../errors.js';
import { isUuid } from './ids.js';

/**
 * Keyset pagination, both ways. A list query orders by a unique key (e.g. `id DESC`, or
 * `(followers_count DESC, id DESC)`) and fetches `limit + 1` rows past a cursor: after it in the
 * list's order for the next page, before it (the order reversed, then the rows turned back) for
 * the previous one. A page's `next_cursor` is its last row's key and `prev_cursor` its first's,
 * each with its direction, so that a page reached backwards holds the rows it held when reached
 * forwards. Cursors are opaque to clients: base64url JSON of the direction and the key values.
 * Deep pages cost what the first page costs.
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

/** A list's sort key: the values of its order's columns for one row. */
export type Key = (string | number)[];

/** Which way a page is read from its cursor: the rows `after` it (next page) or `before` it (previous). */
export type Direction = 'after' | 'before';

/** A decoded cursor: where a page starts, and which way it reads. */
export type Cursor = { direction: Direction; key: Key };

export function encodeCursor({ direction, key }: Cursor): string {
  return Buffer.from(JSON.stringify({ [direction]: key })).toString('base64url');
}

/**
 * The direction and key a cursor's JSON holds: `{"after": key}` or `{"before": key}`, or a bare
 * key, as cursors were before they had a direction (a next page's).
 */
function cursorParts(value: unknown): { direction: Direction; key: unknown } | undefined {
  if (Array.isArray(value)) return { direction: 'after', key: value };
  if (typeof value !== 'object' || value === null) return undefined;
  const [entry, ...more] = Object.entries(value);
  if (!entry || more.length > 0 || (entry[0] !== 'after' && entry[0] !== 'before')) return undefined;
  return { direction: entry[0], key: entry[1] };
}

/** The cursor in `cursor`, its key checked against the list's key shape; a foreign or forged cursor is 400. */
export function decodeCursor(cursor: string | undefined, shape: readonly KeyPart[]): Cursor | undefined {
  if (cursor === undefined) return undefined;
  let parts: ReturnType<typeof cursorParts>;
  try {
    parts = cursorParts(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    parts = undefined;
  }
  const key = parts?.key;
  if (
    !parts ||
    !Array.isArray(key) ||
    key.length !== shape.length ||
    !shape.every((part, i) => isPart[part](key[i]))
  ) {
    throw validationFailed([
      { path: 'query.cursor', code: 'invalid', message: 'is not a cursor of this list' },
    ]);
  }
  return { direction: parts.direction, key };
}

/**
 * One page of a list, and the cursors of the pages after it (null on the last) and before it
 * (null on the first).
 */
export type Page<Item> = { items: Item[]; nextCursor: string | null; prevCursor: string | null };

/**
 * The page of `rows`, fetched with `limit + 1` past `at` (none: the first page) in its direction,
 * nearest first. One more row than the page holds means there is a page beyond it that way; the
 * other way there is one whenever the page was reached from a cursor, that cursor's own page.
 */
export function toPage<Row, Item>(
  rows: Row[],
  limit: number,
  at: Cursor | undefined,
  keyOf: (row: Row) => Key,
  toItem: (row: Row) => Item,
): Page<Item> {
  const backwards = at?.direction === 'before';
  const fetched = rows.slice(0, limit);
  const shown = backwards ? fetched.reverse() : fetched;
  const beyond = rows.length > limit;
  const first = shown[0];
  const last = shown.at(-1);
  const cursor = (direction: Direction, row: Row | undefined, exists: boolean) =>
    row !== undefined && exists ? encodeCursor({ direction, key: keyOf(row) }) : null;
  return {
    items: shown.map(toItem),
    nextCursor: cursor('after', last, backwards || beyond),
    prevCursor: cursor('before', first, backwards ? beyond : at !== undefined),
  };
}
