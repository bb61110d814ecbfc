import { z } from 'zod';
import { boundedArray } from './bounded-array.js';
import { TAG_MAX, TAGS_MAX } from './limits.js';
import { text } from './text.js';

/** One tag as sent: trimmed, lower-cased, 1..40 characters, no comma (commas separate tags in queries). */
export const Tag = text({ min: 1, max: TAG_MAX, lowerCase: true }).refine((tag) => !tag.includes(','), {
  message: 'A tag cannot contain a comma',
});

function dedupe(tags: string[]): string[] {
  return [...new Set(tags)];
}

/** Tags as sent in a body: at most 20, normalised, duplicates dropped (first occurrence kept). */
export const Tags = boundedArray(Tag, TAGS_MAX, `At most ${TAGS_MAX} tags`)
  .transform(dedupe)
  .describe(
    `At most ${TAGS_MAX} tags, each 1..${TAG_MAX} characters; trimmed, lower-cased and de-duplicated`,
  );

/**
 * Tags in a query string: `?tags=sonnet,love`. Same rules as Tags; empty segments are ignored,
 * so `?tags=` means no tag filter.
 */
export const TagsQuery = z
  .string()
  .transform((value, ctx) => {
    const parts = value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    const result = Tags.safeParse(parts);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: issue.message, path: issue.path });
    }
    return z.NEVER;
  })
  .describe(`Comma-separated tags (at most ${TAGS_MAX}); a poem must carry all of them`);

const GENRE_PREFIX = 'genre:';

/**
 * The tag of a named list id `genre:<tag>`, normalised as poems store it; undefined when
 * `listId` is not one, or names a tag nothing could carry.
 */
export function genreTag(listId: string): string | undefined {
  if (!listId.startsWith(GENRE_PREFIX)) return undefined;
  const tag = Tag.safeParse(listId.slice(GENRE_PREFIX.length));
  return tag.success ? tag.data : undefined;
}

/** A tag list in a record (already normalised by the server). */
export const TagList = z.array(z.string());
