import { describe, expect, it } from 'vitest';
import { type Cursor, decodeCursor, encodeCursor, type Key } from '../../src/modules/common/keyset.js';
import {
  type KeyColumn,
  type Keyed,
  keyedPage,
  keyShape,
  keysetAfter,
  keysetOrder,
  keysetSql,
  queryParams,
} from '../../src/modules/common/keyset-order.js';

const UUID_A = '0b1e6f3a-58c2-4c1e-9d7a-2f4b8e6c1a90';
const UUID_B = 'f47ac10b-58cc-4372-a567-0e02b2c3d479';
const TIMESTAMP = '2024-05-01 12:34:56.123456+00';

const BY_ID: readonly KeyColumn[] = [{ sql: 'p.id', part: 'uuid' }];
const BY_FOLLOWED_AT: readonly KeyColumn[] = [
  { sql: 'f.created_at', part: 'timestamp' },
  { sql: 'f.follower_id', part: 'uuid' },
];
const BY_FOLLOWERS: readonly KeyColumn[] = [
  { sql: 'a.followers_count', part: 'int' },
  { sql: 'a.id', part: 'uuid' },
];
const after = (key: Key): Cursor => ({ direction: 'after', key });
const before = (key: Key): Cursor => ({ direction: 'before', key });

const BY_RANK: readonly KeyColumn[] = [
  { sql: 'ts_rank(p.search, q.query)::float8', part: 'number' },
  { sql: 'p.id', part: 'uuid' },
];

describe('keysetSql', () => {
  it('one column, first page: the key, no bound, descending', () => {
    const { values, param } = queryParams();
    expect(keysetSql(BY_ID, undefined, param)).toEqual({
      keySelect: 'json_build_array(p.id)',
      after: 'TRUE',
      orderBy: 'p.id DESC',
      at: undefined,
    });
    expect(values).toEqual([]);
  });

  it('one column after a cursor: the row before it, its value a cast parameter', () => {
    const { values, param } = queryParams();
    expect(keysetSql(BY_ID, after([UUID_A]), param)).toEqual({
      keySelect: 'json_build_array(p.id)',
      after: '(p.id) < ($1::uuid)',
      orderBy: 'p.id DESC',
      at: after([UUID_A]),
    });
    expect(values).toEqual([UUID_A]);
  });

  it('one column before a cursor: the rows above it, nearest first (ascending)', () => {
    const { values, param } = queryParams();
    expect(keysetSql(BY_ID, before([UUID_A]), param)).toEqual({
      keySelect: 'json_build_array(p.id)',
      after: '(p.id) > ($1::uuid)',
      orderBy: 'p.id ASC',
      at: before([UUID_A]),
    });
    expect(values).toEqual([UUID_A]);
  });

  it('two columns, first page: a timestamp is selected as its text', () => {
    const { values, param } = queryParams();
    expect(keysetSql(BY_FOLLOWED_AT, undefined, param)).toEqual({
      keySelect: 'json_build_array(f.created_at::text, f.follower_id)',
      after: 'TRUE',
      orderBy: 'f.created_at DESC, f.follower_id DESC',
      at: undefined,
    });
    expect(values).toEqual([]);
  });

  it('two columns after a cursor: a row comparison, each parameter cast to its column type', () => {
    const { values, param } = queryParams();
    expect(keysetSql(BY_FOLLOWED_AT, after([TIMESTAMP, UUID_A]), param)).toMatchObject({
      keySelect: 'json_build_array(f.created_at::text, f.follower_id)',
      after: '(f.created_at, f.follower_id) < ($1::timestamptz, $2::uuid)',
      orderBy: 'f.created_at DESC, f.follower_id DESC',
    });
    expect(values).toEqual([TIMESTAMP, UUID_A]);
  });

  it('two columns before a cursor: the row comparison and every column reversed', () => {
    const { values, param } = queryParams();
    expect(keysetSql(BY_FOLLOWED_AT, before([TIMESTAMP, UUID_A]), param)).toMatchObject({
      after: '(f.created_at, f.follower_id) > ($1::timestamptz, $2::uuid)',
      orderBy: 'f.created_at ASC, f.follower_id ASC',
    });
    expect(values).toEqual([TIMESTAMP, UUID_A]);
  });

  it('casts an int part to int and a number part to float8, selecting both as they are', () => {
    const ints = queryParams();
    expect(keysetSql(BY_FOLLOWERS, after([12, UUID_A]), ints.param)).toMatchObject({
      keySelect: 'json_build_array(a.followers_count, a.id)',
      after: '(a.followers_count, a.id) < ($1::int, $2::uuid)',
      orderBy: 'a.followers_count DESC, a.id DESC',
    });
    expect(ints.values).toEqual([12, UUID_A]);

    const numbers = queryParams();
    expect(keysetSql(BY_RANK, after([0.25, UUID_B]), numbers.param)).toMatchObject({
      keySelect: 'json_build_array(ts_rank(p.search, q.query)::float8, p.id)',
      after: '(ts_rank(p.search, q.query)::float8, p.id) < ($1::float8, $2::uuid)',
      orderBy: 'ts_rank(p.search, q.query)::float8 DESC, p.id DESC',
    });
    expect(numbers.values).toEqual([0.25, UUID_B]);
  });

  it("numbers its parameters after the query's earlier ones", () => {
    const { values, param } = queryParams();
    const authorId = param(UUID_B);
    const keyset = keysetSql(BY_FOLLOWED_AT, after([TIMESTAMP, UUID_A]), param);
    const limit = param(21);
    expect([authorId, limit]).toEqual(['$1', '$4']);
    expect(keyset.after).toBe('(f.created_at, f.follower_id) < ($2::timestamptz, $3::uuid)');
    expect(values).toEqual([UUID_B, TIMESTAMP, UUID_A, 21]);
  });

  it('puts no cursor value into the SQL text', () => {
    const forged = "2024-05-01 12:34:56+00'); DROP TABLE author; --";
    const {
      keySelect,
      after: past,
      orderBy,
    } = keysetSql(BY_FOLLOWED_AT, before([forged, UUID_A]), queryParams().param);
    expect([keySelect, past, orderBy].join(' ')).not.toContain('DROP');
  });
});

describe('keysetOrder', () => {
  it("is the list's descending order for a page after a cursor (the default), ascending before one", () => {
    expect(keysetOrder(BY_FOLLOWERS)).toEqual({
      keySelect: 'json_build_array(a.followers_count, a.id)',
      orderBy: 'a.followers_count DESC, a.id DESC',
    });
    expect(keysetOrder(BY_FOLLOWERS, 'before').orderBy).toBe('a.followers_count ASC, a.id ASC');
  });
});

describe('keyShape', () => {
  it('is the part of each column, in order', () => {
    expect(keyShape(BY_ID)).toEqual(['uuid']);
    expect(keyShape(BY_FOLLOWED_AT)).toEqual(['timestamp', 'uuid']);
    expect(keyShape(BY_FOLLOWERS)).toEqual(['int', 'uuid']);
    expect(keyShape(BY_RANK)).toEqual(['number', 'uuid']);
    expect(keyShape([])).toEqual([]);
  });

  it("is what decodeCursor checks a list's cursor against", () => {
    const cursor = encodeCursor(after([TIMESTAMP, UUID_A]));
    expect(decodeCursor(cursor, keyShape(BY_FOLLOWED_AT))).toEqual(after([TIMESTAMP, UUID_A]));
    expect(() => decodeCursor(cursor, keyShape(BY_FOLLOWERS))).toThrow();
  });
});

describe('keysetAfter', () => {
  it('is keysetSql from the cursor it holds, either way, and the first page without one', () => {
    const first = queryParams();
    expect(keysetAfter(BY_FOLLOWED_AT, undefined, first.param)).toEqual(
      keysetSql(BY_FOLLOWED_AT, undefined, queryParams().param),
    );
    expect(first.values).toEqual([]);

    const next = queryParams();
    expect(keysetAfter(BY_FOLLOWED_AT, encodeCursor(after([TIMESTAMP, UUID_A])), next.param).after).toBe(
      '(f.created_at, f.follower_id) < ($1::timestamptz, $2::uuid)',
    );
    expect(next.values).toEqual([TIMESTAMP, UUID_A]);

    const previous = keysetAfter(
      BY_FOLLOWED_AT,
      encodeCursor(before([TIMESTAMP, UUID_A])),
      queryParams().param,
    );
    expect(previous).toMatchObject({
      after: '(f.created_at, f.follower_id) > ($1::timestamptz, $2::uuid)',
      at: before([TIMESTAMP, UUID_A]),
    });
  });

  it("refuses a cursor of another order's shape, as a 400 on query.cursor", () => {
    const cursor = encodeCursor(before([12, UUID_A]));
    expect(() => keysetAfter(BY_FOLLOWED_AT, cursor, queryParams().param)).toThrow(
      expect.objectContaining({
        code: 'validation_failed',
        fieldErrors: [{ path: 'query.cursor', code: 'invalid', message: 'is not a cursor of this list' }],
      }),
    );
  });
});

describe('queryParams', () => {
  it('numbers placeholders from $1 and keeps the values in order', () => {
    const { values, param } = queryParams();
    expect([param('a'), param(2), param(null), param(['x'])]).toEqual(['$1', '$2', '$3', '$4']);
    expect(values).toEqual(['a', 2, null, ['x']]);
  });

  it('gives each list its own numbering', () => {
    const first = queryParams();
    first.param('a');
    const second = queryParams();
    expect(second.param('b')).toBe('$1');
    expect(first.values).toEqual(['a']);
    expect(second.values).toEqual(['b']);
  });
});

describe('keyedPage', () => {
  type Row = { id: string; title: string };
  const keyed = (id: string, followers: number): Keyed<Row> => ({
    id,
    title: `poem ${id}`,
    pageKey: [followers, id],
  });
  const rows = [keyed('c', 30), keyed('b', 20), keyed('a', 10)];

  it('drops the keys, and points the next cursor at the key of the last row shown', () => {
    const page = keyedPage(rows, 2, undefined);
    expect(page.items).toEqual([
      { id: 'c', title: 'poem c' },
      { id: 'b', title: 'poem b' },
    ]);
    expect(page.items.every((item) => !('pageKey' in item))).toBe(true);
    expect(page.nextCursor).toBe(encodeCursor(after([20, 'b'])));
    expect(page.prevCursor).toBeNull();
  });

  it('has no next cursor on the last page', () => {
    const page = keyedPage(rows, 3, undefined);
    expect(page.items.map((item) => item.id)).toEqual(['c', 'b', 'a']);
    expect(page.nextCursor).toBeNull();
    expect(keyedPage([], 3, undefined)).toEqual({ items: [], nextCursor: null, prevCursor: null });
  });

  it('turns rows read before a cursor back into the list order, the cursors at their keys', () => {
    const page = keyedPage([...rows].reverse(), 2, before([5, 'z']));
    expect(page.items.map((item) => item.id)).toEqual(['b', 'a']);
    expect(page.nextCursor).toBe(encodeCursor(after([10, 'a'])));
    expect(page.prevCursor).toBe(encodeCursor(before([20, 'b'])));
  });

  it('leaves the rows it was given as they were', () => {
    keyedPage(rows, 2, before([5, 'z']));
    expect(rows[0]).toEqual({ id: 'c', title: 'poem c', pageKey: [30, 'c'] });
  });
});
