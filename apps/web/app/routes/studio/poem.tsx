import { TITLE_MAX, type UpdatePoemInput } from '@poetry/sdk';
import { data, Form, Link, redirect, useRouteLoaderData } from 'react-router';
import { utcDateTimeText } from '../../components/date-time';
import { DoneStatus, donePath } from '../../components/done-status';
import { Field, TextAreaField } from '../../components/field';
import { PoemState } from '../../components/poem-state';
import { ProblemSummary } from '../../components/problem-summary';
import { ShareLink } from '../../components/share-link';
import { browserApi } from '../../lib/api.server';
import { refused } from '../../lib/form-problem';
import { pageMeta } from '../../lib/meta';
import { poemPath, sharePath, studioPoemDeletePath, studioPoemPath } from '../../lib/paths';
import {
  POEM_LABELS,
  POEM_TEXT_FIELDS,
  type PoemValues,
  poemText,
  poemValues,
  typedPoem,
  utcTime,
} from '../../lib/poem-form';
import { publicFile } from '../../lib/public-file';
import { asAuthor } from '../../lib/studio.server';
import { submittedForm } from '../../lib/submitted-form.server';
import { TAGS_HINT } from '../../lib/tags-text';
import { unsavedChangesGuard } from '../../lib/unsaved-changes';
import type { loader as rootLoader } from '../../root';
import type { Route } from './+types/poem';

/**
 * The writing form's buttons. Each saves what was typed (one update with the poem's text and
 * the change it names, so that nothing typed is lost), and the page then says what it did.
 */
const INTENTS = {
  save: { change: () => ({}), done: 'Saved.' },
  publish: { change: () => ({ is_published: true }), done: 'Saved and published.' },
  unpublish: { change: () => ({ is_published: false }), done: 'Saved and unpublished: a draft again.' },
  schedule: {
    change: ({ publish_at }) => ({ publish_at: utcTime(publish_at) }),
    done: 'Saved and scheduled.',
  },
  unschedule: { change: () => ({ publish_at: null }), done: 'Saved; the schedule is cancelled.' },
  // Then replaces the share key (below).
  share: { change: () => ({}), done: 'Saved; the share link is replaced, and the old one opens nothing.' },
} satisfies Record<string, { change: (values: PoemValues) => UpdatePoemInput; done: string }>;

type Intent = keyof typeof INTENTS;

const isIntent = (value: FormDataEntryValue | null): value is Intent =>
  typeof value === 'string' && Object.hasOwn(INTENTS, value);

const DONE = Object.fromEntries(Object.entries(INTENTS).map(([intent, { done }]) => [intent, done]));

const FORM_ID = 'poem';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    args.data?.poem.title || 'Untitled',
    'Write, publish, schedule and share one of your poems.',
    { noindex: true },
  );

/** `/studio/poem/<id>`: one of my poems as it is, and the time now (the schedule's field says it, in UTC). */
export async function loader({ request, params: { poemId }, context }: Route.LoaderArgs) {
  const { client } = browserApi(request, context);
  const { poem } = await asAuthor(request, client.me.poems.get({ params: { poemId } }));
  return { poem, now: new Date().toISOString() };
}

/**
 * A button of the writing form: the poem saved as typed with the button's change, then the page
 * again saying so; refused, the page again with what was typed and the API's messages.
 */
export async function action({ request, params: { poemId }, context }: Route.ActionArgs) {
  const form = await submittedForm(request);
  const intent = form.get('intent');
  if (!isIntent(intent)) throw data(null, { status: 400 });
  const values = typedPoem(form);
  const api = browserApi(request, context);
  try {
    const params = { poemId };
    await asAuthor(
      request,
      api.client.me.poems.update({
        params,
        body: { ...poemText(values), ...INTENTS[intent].change(values) },
      }),
    );
    if (intent === 'share') await asAuthor(request, api.client.me.poems.renewShareKey({ params }));
  } catch (error) {
    return refused(error, POEM_LABELS, values, api.setCookies());
  }
  return redirect(donePath(studioPoemPath(poemId), intent), { headers: api.setCookies() });
}

export default function WritePoem({ loaderData: { poem, now }, actionData }: Route.ComponentProps) {
  const publicUrl = useRouteLoaderData<typeof rootLoader>('root')?.publicUrl ?? '';
  const problem = actionData?.problem;
  const values = actionData?.values ?? poemValues(poem);
  const field = (name: keyof PoemValues) => ({
    name,
    label: POEM_LABELS[name],
    problem,
    defaultValue: values[name],
  });
  const button = (intent: Intent, label: string) => (
    <button type="submit" name="intent" value={intent}>
      {label}
    </button>
  );
  return (
    <>
      <h1>{poem.title || 'Untitled'}</h1>
      <p className="state">
        <PoemState poem={poem} />
        {poem.is_published && (
          <>
            {' · '}
            <Link to={poemPath(poem.id)}>Read it on its page</Link>
          </>
        )}
      </p>
      {!actionData && <DoneStatus messages={DONE} />}
      <ProblemSummary problem={problem} />
      <Form
        method="post"
        id={FORM_ID}
        className="form poem-form"
        {...unsavedChangesGuard(POEM_TEXT_FIELDS, actionData !== undefined)}
      >
        <Field
          {...field('title')}
          hint={`At most ${TITLE_MAX} characters.`}
          autoComplete="off"
          required={false}
        />
        <TextAreaField {...field('body')} rows={18} />
        <Field {...field('tags')} hint={TAGS_HINT} autoComplete="off" required={false} />
        <p className="hint">Each button saves what you typed.</p>
        <div className="poem-actions">
          {button('save', 'Save')}
          {poem.is_published ? button('unpublish', 'Unpublish') : button('publish', 'Publish now')}
          {poem.publish_at && button('unschedule', 'Cancel the schedule')}
        </div>
        {!poem.is_published && (
          <fieldset>
            <legend>Schedule</legend>
            <Field
              {...field('publish_at')}
              type="datetime-local"
              hint={`Coordinated Universal Time. When this page was loaded, it was ${utcDateTimeText(now)}.`}
              autoComplete="off"
              required={false}
            />
            {button('schedule', 'Schedule')}
          </fieldset>
        )}
      </Form>
      <script src={publicFile('/unsaved-changes.js')} defer />
      {!poem.is_published && <ShareLink url={`${publicUrl}${sharePath(poem.share_key)}`} form={FORM_ID} />}
      <p className="delete-link">
        <Link to={studioPoemDeletePath(poem.id)}>Delete this poem</Link>
      </p>
    </>
  );
}
