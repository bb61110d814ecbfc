import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/errors.js';
import {
  type Cursor,
  decodeCursor,
  encodeCursor,
  type Key,
  type KeyPart,
  toPage,
} from '../../src/modules/common/keyset.js';

const UUID = '0b1e6f3a-58c2-4c1e-9d7a-2f4b8e6c1a90';
const TIMESTAMP = '2024-05-01 12:34:56.123456+00';

/** The cursor of an arbitrary JSON value, as a forger would make it. */
const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Asserts that decoding `cursor` against `shape` is the 400 of a cursor that is not this list's. */
function expectRefused(cursor: string, shape: readonly KeyPart[]) {
  let thrown: unknown;
  try {
    decodeCursor(cursor, shape);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(DomainError);
  expect(thrown).toMatchObject({
    code: 'validation_failed',
    fieldErrors: [{ path: 'query.cursor', message: expect.any(String) }],
  });
}

const accepts = (value: unknown, part: KeyPart) =>
  expect(decodeCursor(forged({ after: [value] }), [part])).toEqual({ direction: 'after', key: [value] });

const after = (key: Key): Cursor => ({ direction: 'after', key });
const before = (key: Key): Cursor => ({ direction: 'before', key });

describe('encodeCursor / decodeCursor', () => {
  it('encodes a direction and a key as unpadded base64url JSON', () => {
    const cursor = encodeCursor(before([TIMESTAMP, UUID]));
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))).toEqual({
      before: [TIMESTAMP, UUID],
    });
    // Keys whose base64 would hold "+", "/" or "=", none of which may travel raw in a query string.
    expect(encodeCursor(after(['?>?>?>']))).toBe('eyJhZnRlciI6WyI_Pj8-Pz4iXX0');
    expect(encodeCursor(after(['ÿÿ']))).toBe('eyJhZnRlciI6WyLDv8O_Il19');
  });

  it('round-trips every kind of key part, both ways', () => {
    const key = [UUID, 42, 0.0607927, TIMESTAMP];
    const shape: KeyPart[] = ['uuid', 'int', 'number', 'timestamp'];
    expect(decodeCursor(encodeCursor(after(key)), shape)).toEqual(after(key));
    expect(decodeCursor(encodeCursor(before(key)), shape)).toEqual(before(key));
  });

  it('round-trips the two-part keys the lists use', () => {
    for (const [key, shape] of [
      [[UUID], ['uuid']],
      [
        [17, UUID],
        ['int', 'uuid'],
      ],
      [
        [0.5, UUID],
        ['number', 'uuid'],
      ],
      [
        [TIMESTAMP, UUID],
        ['timestamp', 'uuid'],
      ],
    ] as [Key, KeyPart[]][]) {
      expect(decodeCursor(encodeCursor(before(key)), shape)).toEqual(before(key));
    }
  });

  it('reads a bare key, a cursor made before cursors had a direction, as the page after it', () => {
    expect(decodeCursor(forged([TIMESTAMP, UUID]), ['timestamp', 'uuid'])).toEqual(after([TIMESTAMP, UUID]));
  });

  it('keeps the microseconds of a timestamp exactly as PostgreSQL printed them', () => {
    const decoded = decodeCursor(encodeCursor(after(['2024-05-01 12:34:56.000001+00'])), ['timestamp']);
    expect(decoded?.key[0]).toBe('2024-05-01 12:34:56.000001+00');
  });

  it('is undefined without a cursor (the first page)', () => {
    expect(decodeCursor(undefined, ['uuid'])).toBeUndefined();
  });

  describe('accepts each part kind in its full range', () => {
    it('uuid, in either case', () => {
      accepts(UUID, 'uuid');
      accepts(UUID.toUpperCase(), 'uuid');
    });

    it('int, up to both ends of PostgreSQL int', () => {
      for (const value of [0, -1, 1, 2 ** 31 - 1, -(2 ** 31)]) accepts(value, 'int');
    });

    it('number, fractional or whole, negative or not', () => {
      for (const value of [0, 1, -2.5, 1e-300, 1.7976931348623157e308]) accepts(value, 'number');
    });

    it('timestamp, as timestamptz::text prints it: with or without fraction, offset hours or hours:minutes', () => {
      for (const value of [
        '2024-05-01 12:34:56+00',
        '2024-05-01 12:34:56.1+00',
        '2024-05-01 12:34:56.123456+00',
        '2024-05-01 12:34:56.123456+05:30',
        '2024-05-01 12:34:56.123456-03',
        '2024-12-31 23:59:59.999999+15:59',
        '0001-01-01 00:00:00-15',
      ]) {
        accepts(value, 'timestamp');
      }
    });

    it('timestamp, the last day of each month', () => {
      for (const value of [
        '2023-01-31 00:00:00+00',
        '2023-02-28 00:00:00+00',
        '2023-03-31 00:00:00+00',
        '2023-04-30 00:00:00+00',
        '2023-06-30 00:00:00+00',
        '2023-09-30 00:00:00+00',
        '2023-11-30 00:00:00+00',
        '2023-12-31 00:00:00+00',
      ]) {
        accepts(value, 'timestamp');
      }
    });

    it('timestamp, February 29 of a leap year (every 4th, not every 100th, every 400th)', () => {
      accepts('2024-02-29 10:00:00+00', 'timestamp');
      accepts('2000-02-29 10:00:00+00', 'timestamp');
    });
  });

  describe('refuses, as a validation_failed of query.cursor,', () => {
    it('what is not base64url JSON', () => {
      expectRefused('%%%', ['uuid']);
      expectRefused('', ['uuid']);
      expectRefused(Buffer.from('not json').toString('base64url'), ['uuid']);
      expectRefused(Buffer.from('["unterminated"').toString('base64url'), ['uuid']);
    });

    it('JSON that is neither a key nor one direction and its key', () => {
      expectRefused(forged({ 0: UUID }), ['uuid']);
      expectRefused(forged(UUID), ['uuid']);
      expectRefused(forged(42), ['int']);
      expectRefused(forged(null), ['uuid']);
      expectRefused(forged({}), ['uuid']);
      expectRefused(forged({ sideways: [UUID] }), ['uuid']);
      expectRefused(forged({ after: [UUID], before: [UUID] }), ['uuid']);
      expectRefused(forged({ after: UUID }), ['uuid']);
      expectRefused(forged({ before: null }), ['uuid']);
      expectRefused(Buffer.from(`{"__proto__":["${UUID}"]}`).toString('base64url'), ['uuid']);
    });

    it('a direction whose key is not of the list', () => {
      expectRefused(forged({ before: [UUID, UUID] }), ['uuid']);
      expectRefused(forged({ before: ['2024-13-45 25:61:00+00'] }), ['timestamp']);
      expectRefused(forged({ after: [2 ** 31, UUID] }), ['int', 'uuid']);
    });

    it('an array of the wrong length', () => {
      expectRefused(forged([]), ['uuid']);
      expectRefused(forged([UUID, UUID]), ['uuid']);
      expectRefused(forged([UUID]), ['timestamp', 'uuid']);
      expectRefused(forged([TIMESTAMP, UUID, 1]), ['timestamp', 'uuid']);
    });

    it('parts of the wrong kind or order', () => {
      expectRefused(forged([UUID, TIMESTAMP]), ['timestamp', 'uuid']);
      expectRefused(forged([UUID, 5]), ['int', 'uuid']);
      expectRefused(forged(['5', UUID]), ['int', 'uuid']);
      expectRefused(forged(['0.5', UUID]), ['number', 'uuid']);
      expectRefused(forged([null, UUID]), ['number', 'uuid']);
      expectRefused(forged([1714566896000]), ['timestamp']);
      expectRefused(forged([[UUID]]), ['uuid']);
    });

    it('a uuid that is not one', () => {
      expectRefused(forged(['not-a-uuid']), ['uuid']);
      expectRefused(forged([`${UUID}0`]), ['uuid']);
      expectRefused(forged([UUID.replace(/-/g, '')]), ['uuid']);
      expectRefused(forged([`x${UUID.slice(1)}`]), ['uuid']);
      expectRefused(forged([`x${UUID}`]), ['uuid']);
      expectRefused(forged([`${UUID}' OR '1'='1`]), ['uuid']);
    });

    it('an int that is fractional or outside PostgreSQL int', () => {
      expectRefused(forged([1.5]), ['int']);
      expectRefused(forged([2 ** 31]), ['int']);
      expectRefused(forged([-(2 ** 31) - 1]), ['int']);
      expectRefused(forged([Number.MAX_SAFE_INTEGER]), ['int']);
      expectRefused(forged([1e300]), ['int']);
    });

    it('a timestamp not in the form timestamptz::text takes', () => {
      for (const value of [
        '2024-05-01T12:34:56.123456Z',
        '2024-05-01T12:34:56+00',
        '2024-05-01 12:34:56',
        '2024-05-01',
        '2024-05-01 12:34:56.1234567+00',
        '2024-5-01 12:34:56+00',
        '2024-05-01 12.34:56+00',
        '2024-05-01 12:34.56+00',
        '2024-05-01 12:34:56,123+00',
        '2024-05-01 12:34:56+0',
        '12024-05-01 12:34:56+00',
        ` ${TIMESTAMP}`,
        `${TIMESTAMP} `,
        `${TIMESTAMP}'; DROP TABLE author; --`,
      ]) {
        expectRefused(forged([value]), ['timestamp']);
      }
    });

    it('an impossible timestamp', () => {
      for (const value of [
        '2024-13-01 00:00:00+00', // month 13
        '2024-00-01 00:00:00+00', // month 0
        '2024-01-00 00:00:00+00', // day 0
        '2024-01-32 00:00:00+00', // day 32
        '2024-04-31 00:00:00+00', // 31 April
        '2024-06-31 00:00:00+00', // 31 June
        '2024-09-31 00:00:00+00', // 31 September
        '2024-11-31 00:00:00+00', // 31 November
        '2024-02-30 00:00:00+00', // 30 February, even in a leap year
        '2023-02-29 00:00:00+00', // 29 February of a common year
        '2022-02-29 00:00:00+00', // ... even one of an even year
        '1900-02-29 00:00:00+00', // ... and of a century that is not a leap year
        '2024-05-01 24:00:00+00', // hour 24
        '2024-05-01 23:60:00+00', // minute 60
        '2024-05-01 23:59:60+00', // second 60
        '0000-01-01 00:00:00+00', // year 0
        '2024-05-01 12:00:00+16', // offset +16
        '2024-05-01 12:00:00-16', // offset -16
        '2024-05-01 12:00:00+05:60', // offset minute 60
      ]) {
        expectRefused(forged([value]), ['timestamp']);
      }
    });
  });
});

describe('toPage', () => {
  type Row = { id: number; name: string };
  const rows: Row[] = [1, 2, 3, 4].map((id) => ({ id, name: `row ${id}` }));
  const keyOf = (row: Row) => [row.id];
  const toItem = (row: Row) => row.name;
  const next = (id: number) => encodeCursor(after([id]));
  const prev = (id: number) => encodeCursor(before([id]));

  describe('the first page (no cursor)', () => {
    it('shows `limit` rows and points the next cursor at the last shown when one more was fetched', () => {
      const page = toPage(rows, 3, undefined, keyOf, toItem);
      expect(page).toEqual({ items: ['row 1', 'row 2', 'row 3'], nextCursor: next(3), prevCursor: null });
      expect(decodeCursor(page.nextCursor ?? undefined, ['int'])).toEqual(after([3]));
    });

    it('has no next cursor when exactly `limit` rows came back, nor when fewer or none did', () => {
      expect(toPage(rows.slice(0, 3), 3, undefined, keyOf, toItem)).toEqual({
        items: ['row 1', 'row 2', 'row 3'],
        nextCursor: null,
        prevCursor: null,
      });
      expect(toPage(rows.slice(0, 2), 3, undefined, keyOf, toItem).nextCursor).toBeNull();
      expect(toPage([], 3, undefined, keyOf, toItem)).toEqual({
        items: [],
        nextCursor: null,
        prevCursor: null,
      });
    });
  });

  describe('a page after a cursor', () => {
    it('points the previous cursor at its first row, the next at its last when one more was fetched', () => {
      expect(toPage(rows, 3, after([0]), keyOf, toItem)).toEqual({
        items: ['row 1', 'row 2', 'row 3'],
        nextCursor: next(3),
        prevCursor: prev(1),
      });
    });

    it('has no next cursor on the last page, and no cursor at all when empty', () => {
      expect(toPage(rows.slice(0, 2), 3, after([0]), keyOf, toItem)).toEqual({
        items: ['row 1', 'row 2'],
        nextCursor: null,
        prevCursor: prev(1),
      });
      expect(toPage([], 3, after([9]), keyOf, toItem)).toEqual({
        items: [],
        nextCursor: null,
        prevCursor: null,
      });
    });
  });

  describe('a page before a cursor (rows fetched nearest the cursor first)', () => {
    const nearestFirst = [...rows].reverse();

    it('shows the `limit` rows nearest the cursor in the list order, a previous cursor when one more was fetched', () => {
      expect(toPage(nearestFirst, 3, before([5]), keyOf, toItem)).toEqual({
        items: ['row 2', 'row 3', 'row 4'],
        nextCursor: next(4),
        prevCursor: prev(2),
      });
    });

    it('has no previous cursor on the first page, and no cursor at all when empty', () => {
      expect(toPage(nearestFirst.slice(0, 3), 3, before([5]), keyOf, toItem)).toEqual({
        items: ['row 2', 'row 3', 'row 4'],
        nextCursor: next(4),
        prevCursor: null,
      });
      expect(toPage([], 3, before([1]), keyOf, toItem)).toEqual({
        items: [],
        nextCursor: null,
        prevCursor: null,
      });
    });
  });

  it('maps each row shown once, and leaves the rows it was given as they were', () => {
    const seen: number[] = [];
    const given = [...rows];
    toPage(given, 2, before([5]), keyOf, (row) => seen.push(row.id));
    expect(seen).toEqual([2, 1]);
    expect(given).toEqual(rows);
  });
});
