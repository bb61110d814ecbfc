import { data, Form, Link, redirect } from 'react-router';
import { Field } from '../../components/field';
import { ProblemSummary } from '../../components/problem-summary';
import { browserApi } from '../../lib/api.server';
import { FormRefusal, textFields } from '../../lib/form-problem';
import { pageMeta } from '../../lib/meta';
import { refused } from '../../lib/refused.server';
import { requireAuthor } from '../../lib/session.server';
import { asAuthor } from '../../lib/studio.server';
import { submittedForm } from '../../lib/submitted-form.server';
import type { Route } from './+types/account-delete';

const LABELS = { username: 'Your username' } as const;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Delete your account', 'Delete your account and everything in it.', { noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  return data({ username: (await requireAuthor(request, context)).username });
}

/**
 * Deletes the account once the author has typed their username (checked here: the API asks for
 * nothing), then home, logged out: the API's answer ends the session and clears its cookie.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { username } = textFields(await submittedForm(request), LABELS);
  const api = browserApi(request, context);
  const { author } = await asAuthor(request, api.client.me.get());
  if (username.trim() !== author.username) {
    const mismatch = { text: `This is not your username. Type ${author.username} to confirm.` };
    return refused(new FormRefusal([{ path: 'username', code: 'mismatch' }]), {
      context,
      words: { labels: LABELS, fields: { username: { mismatch } } },
      values: { username },
      headers: api.setCookies(),
    });
  }
  await asAuthor(request, api.client.me.delete());
  return redirect('/', { headers: api.setCookies() });
}

export default function AccountDelete({ loaderData: { username }, actionData }: Route.ComponentProps) {
  const problem = actionData?.problem;
  return (
    <>
      <h1>Delete your account</h1>
      <ProblemSummary problem={problem} />
      <p>
        Your account goes with everything in it: your poems, collections, follows, likes and photos. It cannot
        be undone.
      </p>
      <Form method="post" className="form">
        <Field
          name="username"
          label={LABELS.username}
          autoComplete="off"
          problem={problem}
          defaultValue={actionData?.values.username}
          hint={`Type ${username} to confirm.`}
        />
        <button type="submit" className="danger">
          Delete my account
        </button>
      </Form>
      <p>
        <Link to="/studio/account">Keep my account</Link>
      </p>
    </>
  );
}
