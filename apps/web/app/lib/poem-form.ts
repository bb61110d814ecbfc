import type { MyPoem, UpdatePoemInput } from '@poetry/sdk';
import { textFields } from './form-problem';
import { tagsOf, tagsText } from './tags-text';

/** The writing form's fields: the API's names and the page's labels. */
export const POEM_LABELS = {
  title: 'Title',
  body: 'Poem',
  tags: 'Tags',
  publish_at: 'Publish at (UTC)',
} as const;

/** The fields that hold the poem itself; `publish_at` only says when to publish it. */
export const POEM_TEXT_FIELDS = ['title', 'body', 'tags'] as const;

/** What the writing form shows in its fields: the poem's, or what was typed. */
export type PoemValues = Record<keyof typeof POEM_LABELS, string>;

/** A time as a `datetime-local` input holds it, read as UTC: `2026-11-25T14:30`. */
const utcInputValue = (iso: string) => new Date(iso).toISOString().slice(0, 16);

const INPUT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** A `datetime-local` value, in UTC as the page says, for the API; anything else as typed, for the API to refuse. */
export const utcTime = (value: string) => (INPUT_TIME.test(value) ? `${value}Z` : value);

/** What was typed in the writing form. */
export const typedPoem = (form: FormData): PoemValues => textFields(form, POEM_LABELS);

/** The API's body for the poem's text as typed: every field, so that a cleared one is cleared. */
export const poemText = ({ title, body, tags }: PoemValues) =>
  ({ title, body, tags: tagsOf(tags) }) satisfies UpdatePoemInput;

/** What the writing form shows of a poem as it is. */
export const poemValues = (poem: MyPoem): PoemValues => ({
  title: poem.title,
  body: poem.body,
  tags: tagsText(poem.tags),
  publish_at: poem.publish_at ? utcInputValue(poem.publish_at) : '',
});
