import { decodeCursor, type KeyPart, toPage } from './keyset.js';

/** One column of a descending keyset order: its SQL expression and its type in the cursor. */
export type KeyColumn = { sql: string; part: KeyPart };

const PG_TYPE: Record<KeyPart, string> = {
  uuid: 'uuid',
  int: 'int',
  number: 'float8',
  timestamp: 'timestamptz',
};

/**
 * The SQL pieces of a keyset page ordered by `columns`, all descending. `param` adds a query
 * parameter and returns its placeholder. Timestamps travel as PostgreSQL's own text form, so a
 * cursor holds the exact microseconds a JavaScript Date would round away.
 */
export function keysetSql(
  columns: readonly KeyColumn[],
  after: readonly (string | number)[] | undefined,
  param: (value: unknown) => string,
) {
  const expressions = columns.map((column) => column.sql).join(', ');
  const keyValues = columns.map((column) =>
    column.part === 'timestamp' ? `${column.sql}::text` : column.sql,
  );
  const bounds = after?.map((value, i) => `${param(value)}::${PG_TYPE[(columns[i] as KeyColumn).part]}`);
  return {
    /** The row's key as a JSON array, the next page's cursor if this row is the last shown. */
    keySelect: `json_build_array(${keyValues.join(', ')})`,
    /** Rows after the cursor (TRUE on the first page). */
    after: bounds ? `(${expressions}) < (${bounds.join(', ')})` : 'TRUE',
    orderBy: columns.map((column) => `${column.sql} DESC`).join(', '),
  };
}

/** The `KeyPart` shape of `columns`, for `decodeCursor`. */
export const keyShape = (columns: readonly KeyColumn[]): KeyPart[] => columns.map((column) => column.part);

/** `keysetSql` for the page after `cursor`, which must be a cursor of this order (else 400). */
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

/** The page of keyed rows (fetched with `limit + 1`), their keys dropped, and the next cursor. */
export const keyedPage = <Row>(rows: Keyed<Row>[], limit: number) =>
  toPage(rows, limit, (row) => row.pageKey, withoutKey<Row>);
