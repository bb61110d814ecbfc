import type { AppRoute } from '@ts-rest/core';
import { objectShape } from './arbitraries.js';

/*
 * The server's cursors are base64url JSON of a direction and a list's sort key, `{"after": key}`
 * or `{"before": key}`, or of a bare key (a cursor from before they had a direction, read as
 * `after`; apps/api/src/modules/common/keyset.ts). A key has one or two parts, each a uuid, an
 * int, a float or a timestamp as PostgreSQL prints it. A forged
 * cursor can be well-formed, each part of the right type, yet hold a value PostgreSQL refuses.
 * Floats are left out: every finite double is a float8 (and JSON has no other), so none is out of
 * range, and the one list keyed on a float (the search with `q`) is not sent `q` here.
 */
type KeyValue = string | number;
type KeyPart = 'uuid' | 'int' | 'timestamp';

const KEY_PARTS: Record<KeyPart, { valid: KeyValue; outOfRange: KeyValue[] }> = {
  uuid: { valid: '01a20c59-c996-75f7-98e1-f81449ba19f9', outOfRange: [] },
  // Safe integers in JavaScript, past PostgreSQL's `int`.
  int: { valid: 1, outOfRange: [2147483648, 1e15] },
  // The shape of `timestamptz::text`, but no such time.
  timestamp: {
    valid: '2024-01-01 00:00:00+00',
    outOfRange: ['2024-13-45 25:61:00+00', '0000-01-01 00:00:00+00'],
  },
};

/** The longest sort key of any list (a count or a time, then the id). */
const KEY_LENGTH_MAX = 2;

/** Every sequence of `length` parts. */
function keyShapes(length: number): KeyPart[][] {
  if (length === 0) return [[]];
  const parts = Object.keys(KEY_PARTS) as KeyPart[];
  return keyShapes(length - 1).flatMap((shape) => parts.map((part) => [...shape, part]));
}

/** Each way a cursor holds its key: a page after it, a page before it, and the bare key. */
const CURSOR_FORMS = [
  (key: KeyValue[]) => ({ after: key }),
  (key: KeyValue[]) => ({ before: key }),
  (key: KeyValue[]) => key,
];

export type ForgedCursor = { sent: unknown; cursor: string };

/**
 * For every shape a key can take (which one a list has is the server's affair), a cursor with an
 * out-of-range value in each position where the part's type has one and valid values elsewhere,
 * in each of the cursor's forms: whatever a list's shape, some of these reach its query, either
 * way, with a value PostgreSQL refuses.
 */
export function outOfRangeCursors(): ForgedCursor[] {
  const shapes = Array.from({ length: KEY_LENGTH_MAX }, (_, index) => keyShapes(index + 1)).flat();
  const keys = shapes.flatMap((shape) =>
    shape.flatMap((part, position) =>
      KEY_PARTS[part].outOfRange.map((value) =>
        shape.map((other, index) => (index === position ? value : KEY_PARTS[other].valid)),
      ),
    ),
  );
  return keys.flatMap((key) =>
    CURSOR_FORMS.map((form) => {
      const sent = form(key);
      return { sent, cursor: Buffer.from(JSON.stringify(sent)).toString('base64url') };
    }),
  );
}

/** Whether the route is a list: it takes `?cursor=`. */
export const isList = (route: AppRoute) => 'cursor' in objectShape(route.query);

/**
 * The ids a named list's `listId` parameter takes, as its description names them: `featured`,
 * `top`, `new`, `genre:<tag>`. None for a route without one.
 */
export function namedListIds(route: AppRoute): string[] {
  const description = objectShape(route.pathParams).listId?.description ?? '';
  return [...description.matchAll(/`([^`]+)`/g)].map((match) => match[1] as string);
}
