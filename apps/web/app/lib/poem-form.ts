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

/** What the writing form shows of a poem as it is; empty fields for a poem not saved yet. */
export const poemValues = (poem: MyPoem | null): PoemValues => ({
  title: poem?.title ?? '',
  body: poem?.body ?? '',
  tags: poem ? tagsText(poem.tags) : '',
  publish_at: poem?.publish_at ? localTime(poem.publish_at, SHOWN_ZONE) : '',
  time_zone: SHOWN_ZONE,
});

/** Whether two sets of the form's values hold the same poem (its text fields). */
export const samePoemText = (one: PoemValues, other: PoemValues) =>
  POEM_TEXT_FIELDS.every((name) => one[name] === other[name]);

/**
 * The writing form's saving buttons. Each saves what was typed (one update with the poem's text
 * and the change it names, so that nothing typed is lost), and the page then says what it did.
 * `autosave` is the page's script saving a draft in the background as the author writes
 * (`public/poem-editor.js`); the action takes it for drafts only.
 */
export const POEM_INTENTS = {
  save: { change: () => ({}), done: 'Saved.' },
  autosave: { change: () => ({}), done: 'Saved.' },
  publish: { change: () => ({ is_published: true }), done: 'Saved and published.' },
  unpublish: { change: () => ({ is_published: false }), done: 'Saved and unpublished: a draft again.' },
  schedule: {
    change: (values) => ({ publish_at: publishAt(values) }),
    done: 'Saved and scheduled.',
  },
  unschedule: { change: () => ({ publish_at: null }), done: 'Saved; the schedule is cancelled.' },
  // Then replaces the share key (the action).
  share: { change: () => ({}), done: 'Saved; the share link is replaced, and the old one opens nothing.' },
} satisfies Record<string, { change: (values: PoemValues) => UpdatePoemInput; done: string }>;

export type PoemIntent = keyof typeof POEM_INTENTS;

export const isPoemIntent = (value: FormDataEntryValue | null): value is PoemIntent =>
  typeof value === 'string' && Object.hasOwn(POEM_INTENTS, value);

/** The button that shows the poem as typed, as readers will see it, and saves nothing. */
export const PREVIEW_INTENT = 'preview';

/** What the page says once a button has saved (`DoneStatus`), by intent. */
export const POEM_DONE = Object.fromEntries(
  Object.entries(POEM_INTENTS).map(([intent, { done }]) => [intent, done]),
);

/** Runs of anything but white space. */
const WORD = /\S+/g;

/**
 * How long a poem is, as the writing page says it under the text: its lines that hold text (the
 * blank lines between stanzas are none) and its words. `public/poem-editor.js` counts the same
 * way as the author types.
 */
export function poemCount(body: string): string {
  const lines = body.split('\n').filter((line) => line.trim() !== '').length;
  const words = body.match(WORD)?.length ?? 0;
  return `${lines} ${lines === 1 ? 'line' : 'lines'}, ${words} ${words === 1 ? 'word' : 'words'}`;
}
