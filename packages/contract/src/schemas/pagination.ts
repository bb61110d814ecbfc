import { z } from 'zod';
import type { Named } from './named.js';
import { isStorableText, NOT_STORABLE } from './text.js';

const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('Page size, 1..100'),
  cursor: z
    .string()
    .min(1)
    .max(200)
    .refine(isStorableText, NOT_STORABLE)
    .optional()
    .describe(
      'Opaque cursor: the `next_cursor` or `prev_cursor` of a page, for the page after or before it. Omit for the first page.',
    ),
});
export interface PageQuerySchema extends Named<typeof pageQuery> {}
/** `?limit=&cursor=` of every list. Not strict: unknown query parameters are ignored. */
export const PageQuery: PageQuerySchema = pageQuery;
export type PageQuery = z.infer<typeof PageQuery>;
export type PageQueryInput = z.input<typeof PageQuery>;

type PageShape<K extends string, T extends z.ZodTypeAny> = { [P in K]: z.ZodArray<T> } & {
  next_cursor: z.ZodNullable<z.ZodString>;
  prev_cursor: z.ZodNullable<z.ZodString>;
};

/**
 * A list response: `{ [key]: item[], next_cursor, prev_cursor }`; `next_cursor` is null on the last
 * page, `prev_cursor` on the first.
 */
export function page<K extends string, T extends z.ZodTypeAny>(
  key: K,
  item: T,
): z.ZodObject<PageShape<K, T>> {
  const shape = {
    [key]: z.array(item),
    next_cursor: z
      .string()
      .nullable()
      .describe('Pass as `cursor` to get the next page; null on the last page'),
    prev_cursor: z
      .string()
      .nullable()
      .describe(
        'Pass as `cursor` to get the previous page, the same items as when it was reached forwards; null on the first page',
      ),
  } as PageShape<K, T>;
  return z.object(shape);
}
