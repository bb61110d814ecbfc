import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract, namedRoutes, Tags, TagsQuery, UpdateCollectionBody } from '../src/index.js';
import { boundedArray, isBoundedArray } from '../src/schemas/bounded-array.js';

/** The dotted paths of arrays in `schema` whose items zod would check before their count. */
function unboundedArrays(schema: z.ZodTypeAny, path: string): string[] {
  if (isBoundedArray(schema)) return [];
  if (schema instanceof z.ZodArray) return [path];
  if (schema instanceof z.ZodObject) {
    return Object.entries(schema.shape as Record<string, z.ZodTypeAny>).flatMap(([key, field]) =>
      unboundedArrays(field, `${path}.${key}`),
    );
  }
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    return unboundedArrays(schema.unwrap(), path);
  }
  if (schema instanceof z.ZodDefault) return unboundedArrays(schema.removeDefault(), path);
  if (schema instanceof z.ZodEffects) return unboundedArrays(schema.innerType(), path);
  if (schema instanceof z.ZodPipeline) {
    return [...unboundedArrays(schema._def.in, path), ...unboundedArrays(schema._def.out, path)];
  }
  if (schema instanceof z.ZodUnion) {
    return (schema.options as z.ZodTypeAny[]).flatMap((option) => unboundedArrays(option, path));
  }
  return [];
}

describe('arrays in input', () => {
  it('every array a route takes is counted before its items are checked', () => {
    const found = namedRoutes(contract).flatMap(({ name, route }) =>
      (['body', 'query', 'pathParams'] as const).flatMap((part) => {
        const schema = (route as Record<string, unknown>)[part];
        return schema instanceof z.ZodType ? unboundedArrays(schema, `${name}.${part}`) : [];
      }),
    );
    expect(found).toEqual([]);
  });

  it('the check above finds an array that is not bounded', () => {
    const body = z.object({ tags: z.array(z.string()).max(3).optional(), kept: Tags });
    expect(unboundedArrays(body, 'body')).toEqual(['body.tags']);
  });

  it('refuses an array over the limit with one issue, without checking its items', () => {
    const items = new Array(1_000_001);
    const result = Tags.safeParse(items);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ code: 'too_big', path: [] })]);

    const longJsonArray = UpdateCollectionBody.safeParse({ tags: Array(300_000).fill(0) });
    expect(longJsonArray.error?.issues).toHaveLength(1);
  });

  it('checks the items of an array within the limit', () => {
    const schema = boundedArray(z.string(), 2, 'At most 2');
    expect(schema.parse(['a', 'b'])).toEqual(['a', 'b']);
    expect(schema.safeParse([1]).error?.issues[0]).toMatchObject({ code: 'invalid_type', path: [0] });
    expect(schema.safeParse('a').error?.issues[0]).toMatchObject({ code: 'invalid_type' });
    expect(TagsQuery.safeParse(Array(21).fill('t').join(',')).success).toBe(false);
  });
});
