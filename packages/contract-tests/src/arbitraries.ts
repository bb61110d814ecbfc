import fc from 'fast-check';
import { z } from 'zod';

/** Strings that trip careless code: NUL, lone surrogates, bidi and zero-width marks, combining marks, astral characters. */
export const unicodeEdge = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfff',
    '\u202eevil',
    '\ufeff',
    '\u200b',
    'e\u0301',
    '😀',
    '\uffff',
    '𝕏𝕐',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Longer than any length limit of the contract but one, yet short enough for a URL (Node takes 16 KB of headers). */
export const longString = fc.integer({ min: 2_001, max: 4_000 }).map((length) => 'x'.repeat(length));

/** Past every text limit and past the JSON body limit. */
export const hugeString = fc.integer({ min: 100_001, max: 2_000_000 }).map((length) => 'x'.repeat(length));

const scalar = fc.oneof(
  fc.string({ maxLength: 30 }),
  unicodeEdge,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);

/** Any JSON value, with the odd types and sizes mixed in. */
export const jsonValue = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 25 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), scalar, { maxKeys: 3 }) },
  { weight: 1, arbitrary: longString },
  { weight: 1, arbitrary: hugeString },
);

const DANGEROUS_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'id',
  'author_id',
  'email_verified',
  'created_at',
];

/** The object schema under refinements and transforms. */
export function objectShape(schema: unknown): Record<string, z.ZodTypeAny> {
  if (schema instanceof z.ZodObject) return schema.shape;
  if (schema instanceof z.ZodEffects) return objectShape(schema.innerType());
  return {};
}

/** Whether `schema` takes `value`. */
export const accepts = (schema: unknown, value: unknown) =>
  (schema as { safeParse(input: unknown): { success: boolean } }).safeParse(value).success;

/** Whether a field's schema takes an array, under optional, nullable, default, refinements, pipes and unions. */
function takesArray(schema: unknown): boolean {
  if (schema instanceof z.ZodArray) return true;
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return takesArray(schema.unwrap());
  if (schema instanceof z.ZodDefault) return takesArray(schema.removeDefault());
  if (schema instanceof z.ZodEffects) return takesArray(schema.innerType());
  if (schema instanceof z.ZodPipeline) return takesArray(schema._def.in) || takesArray(schema._def.out);
  if (schema instanceof z.ZodUnion) return (schema.options as unknown[]).some(takesArray);
  return false;
}

/** The fields of an object schema that take an array (`tags`). */
export const arrayFields = (schema: unknown): string[] =>
  Object.entries(objectShape(schema))
    .filter(([, field]) => takesArray(field))
    .map(([key]) => key);

/**
 * A JSON text of an object (or, now and then, of something else) whose keys are the schema's own,
 * dangerous ones and random ones, in any number and repeated. Written by hand, so that `__proto__`
 * goes on the wire as an ordinary key, as an attacker would send it.
 */
export function jsonBodyText(schema: unknown) {
  const keys = [...Object.keys(objectShape(schema)), ...DANGEROUS_KEYS];
  const key = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...keys) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
  const entries = fc.array(fc.tuple(key, jsonValue), { maxLength: 6 });
  const object = entries.map(
    (pairs) =>
      `{${pairs.map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`).join(',')}}`,
  );
  return fc.oneof(
    { weight: 5, arbitrary: object },
    { weight: 1, arbitrary: jsonValue.map((value) => JSON.stringify(value)) },
  );
}

/** Text that is not JSON: valid JSON cut short or spliced with junk, or junk alone. */
export const invalidJsonText = fc
  .oneof(
    fc.tuple(fc.json(), fc.nat()).map(([text, cut]) => text.slice(0, cut % Math.max(text.length, 1))),
    fc
      .tuple(fc.json(), fc.constantFrom('}', ',', "'", '\u0000', 'NaN', '{'))
      .map(([text, junk]) => `${junk}${text}`),
    fc.string({ maxLength: 40 }),
    fc.constantFrom('{"a":1,}', "{'title':'x'}", '{"title":"x"', '{"title":undefined}', '{"__proto__":}'),
  )
  .filter((text) => {
    // An empty body is no body, which is not an error.
    if (text.trim() === '') return false;
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  });

/** Whether a string can travel in a URL as it is (a lone surrogate cannot: URLs carry UTF-8). */
export function isUrlSafe(value: string): boolean {
  try {
    encodeURIComponent(value);
    return true;
  } catch {
    return false;
  }
}

/** Query parameters as pairs: the schema's keys, bracketed keys that nest, repeats, odd values. */
export function queryPairs(schema: unknown) {
  const known = Object.keys(objectShape(schema));
  const key = fc.oneof(
    fc.constantFrom(...known),
    fc.constantFrom(...known.map((name) => `${name}[$gt]`), '__proto__', 'constructor'),
    fc.stringMatching(/^[a-z_]{1,8}$/),
  );
  const value = fc
    .oneof(
      fc.constantFrom('', '0', '-1', '101', '1.5', '1e3', 'NaN', 'null', 'true', '20'),
      fc.string({ maxLength: 30 }),
      unicodeEdge,
      longString,
    )
    .filter(isUrlSafe);
  return fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 3 });
}

/** What Express (qs) makes of the pairs: `a=1&a=2` an array, `a[b]=1` an object. */
export function parsedQuery(pairs: [string, string][]): Record<string, unknown> {
  const query: Record<string, unknown> = Object.create(null);
  for (const [rawKey, value] of pairs) {
    const nested = /^([^[\]]+)\[([^[\]]*)\]$/.exec(rawKey);
    const [key, inner] = nested ? [nested[1] as string, nested[2] as string] : [rawKey, undefined];
    const item = inner === undefined ? value : { [inner]: value };
    const previous = query[key];
    query[key] = previous === undefined ? item : [previous, item].flat();
  }
  return query;
}
