import { z } from 'zod';
import { DESCRIPTION_MAX, POEM_BODY_MAX, TITLE_MAX } from './limits.js';
import { withOpenApi } from './openapi-meta.js';

/**
 * Length in characters (Unicode code points), the way PostgreSQL and JSON Schema count, so an
 * emoji is one character and not two UTF-16 units as `String.length` would say.
 */
export function charCount(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text that PostgreSQL stores exactly as sent: no NUL character (a `text` column cannot hold it)
 * and no unpaired surrogate (not Unicode text; it would be stored as U+FFFD, silently changed).
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\0') && !LONE_SURROGATE.test(value);
}

export const NOT_STORABLE = 'Must be Unicode text without NUL characters';

type TextRules = {
  min?: number;
  max: number;
  /** Strip surrounding whitespace before checking (default true; passwords and poem bodies opt out). */
  trim?: boolean;
  lowerCase?: boolean;
};

/** A storable string bounded in characters, optionally trimmed and lower-cased first. */
export function text({ min = 0, max, trim = true, lowerCase = false }: TextRules) {
  let base = z.string();
  if (trim) base = base.trim();
  if (lowerCase) base = base.toLowerCase();
  const bounded = base.superRefine((value, ctx) => {
    if (!isStorableText(value)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: NOT_STORABLE });
    const length = charCount(value);
    if (length < min) {
      ctx.addIssue({
        code: z.ZodIssueCode.too_small,
        type: 'string',
        minimum: min,
        inclusive: true,
        message: min === 1 ? 'Must not be empty' : `Must be at least ${min} characters`,
      });
    }
    if (length > max) {
      ctx.addIssue({
        code: z.ZodIssueCode.too_big,
        type: 'string',
        maximum: max,
        inclusive: true,
        message: `Must be at most ${max} characters`,
      });
    }
  });
  return withOpenApi(bounded, { ...(min > 0 ? { minLength: min } : {}), maxLength: max });
}

/** Poem and collection titles. */
export const Title = text({ max: TITLE_MAX });
/** Collection descriptions. */
export const Description = text({ max: DESCRIPTION_MAX });

const LINE_BREAK_TAG = /<\s*br\s*\/?\s*>/gi;

/**
 * A poem body is plain text. `<br>`, `<br/>` and `<br />` (any case, any spacing) become "\n";
 * any other markup is kept as literal text, for clients to escape. Not trimmed: leading
 * whitespace can be part of a poem. The limit applies to the text as sent.
 */
export const PoemText = text({ max: POEM_BODY_MAX, trim: false }).transform((value) =>
  value.replace(LINE_BREAK_TAG, '\n'),
);

/** ISO 8601 UTC timestamp, e.g. `2025-01-31T12:00:00.000Z`. */
export const Timestamp = z.string().datetime();
export const Count = z.number().int().nonnegative();
/** Absolute URL of a served image (under `/media/`), or null when there is none. */
export const ImageUrl = z.string().url().nullable();
export const Id = z.string().uuid().describe('UUID (v7, sorts by creation time)');
