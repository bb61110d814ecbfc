import { type MyPoem, TITLE_MAX } from '@poetry/sdk';
import { Form } from 'react-router';
import type { FormProblem } from '../lib/form-problem';
import {
  POEM_LABELS,
  POEM_TEXT_FIELDS,
  type PoemIntent,
  type PoemValues,
  PREVIEW_INTENT,
  poemCount,
  poemValues,
  samePoemText,
} from '../lib/poem-form';
import { publicFile } from '../lib/public-file';
import { TAGS_HINT } from '../lib/tags-text';
import { unsavedChangesGuard } from '../lib/unsaved-changes';
import { Field, TextAreaField } from './field';
import { PoemPreview, PREVIEW_ID } from './poem-preview';
import { ProblemSummary } from './problem-summary';
import { PublishAtFields } from './publish-at-fields';

/** The writing form's id, for the buttons outside it (the share link's). */
export const POEM_FORM_ID = 'poem';

/** What the writing form's action answered, when the page shows it: a refusal, or a preview, of what was typed. */
export type PoemAnswer = { values: PoemValues; problem?: FormProblem; preview?: true } | { saved: string };

type PoemEditorProps = {
  /** The poem as saved; null for a new one, which its first save makes. */
  poem: MyPoem | null;
  answer: PoemAnswer | undefined;
  /** The time the page was loaded, which the schedule's hint says. */
  now: string;
};

/**
 * The writing form: the poem's fields (its text in the reading page's serif, its lines and words
 * counted below it), its buttons with the save's status beside them, and the schedule; then the
 * preview, when asked for. With JavaScript (`public/poem-editor.js`), a draft saves itself as
 * the author writes (`data-autosave`: a new poem or a draft, never a published or scheduled
 * poem), the counts follow the text, and Preview refreshes in place.
 */
export function PoemEditor({ poem, answer, now }: PoemEditorProps) {
  const typed = answer && 'values' in answer ? answer : undefined;
  const saved = poemValues(poem);
  const values = typed?.values ?? saved;
  const problem = typed?.problem;
  const isDraft = !poem?.is_published && !poem?.publish_at;
  const field = (name: keyof PoemValues) => ({
    name,
    label: POEM_LABELS[name],
    problem,
    defaultValue: values[name],
  });
  const button = (
    intent: PoemIntent | typeof PREVIEW_INTENT,
    label: string,
    { formAction, danger = false }: { formAction?: string; danger?: boolean } = {},
  ) => (
    <button
      type="submit"
      name="intent"
      value={intent}
      formAction={formAction}
      className={danger ? 'danger' : undefined}
    >
      {label}
    </button>
  );
  return (
    <>
      <ProblemSummary problem={problem} />
      <Form
        method="post"
        id={POEM_FORM_ID}
        className="form poem-form"
        data-autosave={isDraft ? '' : undefined}
        {...unsavedChangesGuard(POEM_TEXT_FIELDS, !samePoemText(values, saved))}
      >
        <Field
          {...field('title')}
          hint={`At most ${TITLE_MAX} characters.`}
          autoComplete="off"
          required={false}
        />
        <TextAreaField {...field('body')} rows={18} />
        <p className="poem-count" id="poem-count">
          {poemCount(values.body)}
        </p>
        <Field {...field('tags')} hint={TAGS_HINT} autoComplete="off" required={false} />
        <p className="hint">Each button but Preview saves what you typed.</p>
        <div className="poem-actions">
          {button('save', 'Save')}
          {/* Without JavaScript, the answer opens at the preview. */}
          {button(PREVIEW_INTENT, 'Preview', { formAction: `#${PREVIEW_ID}` })}
          {poem?.is_published
            ? button('unpublish', 'Unpublish', { danger: true })
            : button('publish', 'Publish now')}
          {poem?.publish_at && button('unschedule', 'Cancel the schedule')}
          <p className="save-status" id="poem-save-status" role="status" aria-live="polite">
            {poem ? '' : 'Not saved yet: the first save makes it a draft.'}
          </p>
        </div>
        {!poem?.is_published && (
          <fieldset>
            <legend>Schedule</legend>
            <PublishAtFields values={values} problem={problem} now={now} zoneUnchosen={!typed} />
            {button('schedule', 'Schedule')}
          </fieldset>
        )}
      </Form>
      <PoemPreview values={typed?.preview ? values : null} />
      <script src={publicFile('/unsaved-changes.js')} defer />
      <script src={publicFile('/poem-editor.js')} defer />
    </>
  );
}
