import { type Cursor, type Direction, decodeCursor, type Key, type KeyPart, toPage } from './keyset.js';

/** One column of a descending keyset order: its SQL expression and its type in the cursor. */
export type KeyColumn = { sql: string; part: KeyPart };

const PG_TYPE: Record<KeyPart, string> = {
  uuid: 'uuid',
  int: 'int',
  number: 'float8',
  timestamp: 'timestamptz',
};

/**
 * How rows of a descending keyset order are selected and sorted for a page read in `direction`:
 * their key as a JSON array, and the order that starts nearest the cursor (the list's own order
 * for the rows after it, the reverse for those before). Timestamps travel as PostgreSQL's own
 * text form, so a cursor holds the exact microseconds a JavaScript Date would round away.
 */
export function keysetOrder(columns: readonly KeyColumn[], direction: Direction = 'after') {
  const keyValues = columns.map((column) =>
    column.part === 'timestamp' ? `${column.sql}::text` : column.sql,
  );
  const sort = direction === 'after' ? 'DESC' : 'ASC';
  return {
    /** The row's key as a JSON array, a cursor's key if this row starts or ends the page. */
    keySelect: `json_build_array(${keyValues.join(', ')})`,
    orderBy: columns.map((column) => `${column.sql} ${sort}`).join(', '),
  };
}

/**
 * The SQL pieces of a keyset page ordered by `columns`, all descending, read from `at` (none: the
 * first page). `param` adds a query parameter and returns its placeholder.
 */
export function keysetSql(
  columns: readonly KeyColumn[],
  at: Cursor | undefined,
  param: (value: unknown) => string,
) {
  const expressions = columns.map((column) => column.sql).join(', ');
  const bounds = (key: Key) =>
    key.map((value, i) => `${param(value)}::${PG_TYPE[(columns[i] as KeyColumn).part]}`).join(', ');
  return {
    ...keysetOrder(columns, at?.direction),
    /** Rows past the cursor in the direction read (TRUE on the first page). */
    after: at ? `(${expressions}) ${at.direction === 'after' ? '<' : '>'} (${bounds(at.key)})` : 'TRUE',
    /** Where the page is read from, for `keyedPage`. */
    at,
  };
}

/** The `KeyPart` shape of `columns`, for `decodeCursor`. */
export const keyShape = (columns: readonly KeyColumn[]): KeyPart[] => columns.map((column) => column.part);

/** `keysetSql` for the page `cursor` points to, which must be a cursor of this order (else 400). */
export const keysetAfter = (
  columns: readonly KeyColumn[],
  cursor: string | undefined,
  param: (value: unknown) => string,
) => keysetSql(columns, decodeCursor(cursor, keyShape(columns)), param);

/** A list of query parameters: `param(value)` appends one and returns its `$n` placeholder. */
export function queryParams() {
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  return { values, param };
}

/** A row with the key of its place in a keyset order (`keysetSql`'s `keySelect` as "pageKey"). */
export type Keyed<Row> = Row & { pageKey: (string | number)[] };

const withoutKey = <Row>({ pageKey: _key, ...row }: Keyed<Row>): Row => row as Row;

/**
 * The page of keyed rows (fetched with `limit + 1` past `at`, as `keysetSql` sorts them), their
 * keys dropped, and the cursors of the pages after and before it.
 */
export const keyedPage = <Row>(rows: Keyed<Row>[], limit: number, at: Cursor | undefined) =>
  toPage(rows, limit, at, (row) => row.pageKey, withoutKey<Row>);
