import type { MyPoem, UpdatePoemInput } from '@poetry/sdk';
import { FormRefusal, type FormWords, textFields } from './form-problem';
import { tagsOf, tagsText } from './tags-text';
import { isTimeZone, localTime, zonedInstant } from './zoned-time';

/** The writing form's fields: the API's names (and the time zone `publish_at` is typed in) and the page's labels. */
export const POEM_LABELS = {
  title: 'Title',
  body: 'Poem',
  tags: 'Tags',
  publish_at: 'Publish at',
  time_zone: 'Time zone',
} as const;

/** How the writing form words its problems (the common sentences, `field-messages.ts`). */
export const POEM_WORDS: FormWords = { labels: POEM_LABELS };

/** The fields that hold the poem itself; `publish_at` only says when to publish it. */
export const POEM_TEXT_FIELDS = ['title', 'body', 'tags'] as const;

/** What the writing form shows in its fields: the poem's, or what was typed. */
export type PoemValues = Record<keyof typeof POEM_LABELS, string>;

/** The zone a stored time is shown in until the author's is known (`public/time-zone.js`). */
const SHOWN_ZONE = 'UTC';

/**
 * The API's `publish_at` for the time typed in its time zone (UTC). Refused here, before the API
 * is asked: no time, a zone the page does not know, a time that is not one or that the zone's
 * clocks skip.
 */
export function publishAt({ publish_at, time_zone }: PoemValues): string {
  const refuse = (path: keyof PoemValues, code: 'required' | 'invalid' | 'skipped_time') =>
    new FormRefusal([{ path, code }]);
  if (!isTimeZone(time_zone)) throw refuse('time_zone', time_zone === '' ? 'required' : 'invalid');
  if (publish_at === '') throw refuse('publish_at', 'required');
  const instant = zonedInstant(publish_at, time_zone);
  if (instant === 'invalid') throw refuse('publish_at', 'invalid');
  if (instant === 'skipped') throw refuse('publish_at', 'skipped_time');
  return instant.toISOString();
}

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
  publish_at: poem.publish_at ? localTime(poem.publish_at, SHOWN_ZONE) : '',
  time_zone: SHOWN_ZONE,
});
