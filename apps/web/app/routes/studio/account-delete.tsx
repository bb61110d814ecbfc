import { data, Form, Link, redirect } from 'react-router';
import { Field } from '../../components/field';
import { browserApi } from '../../lib/api.server';
import type { FormFailure } from '../../lib/form-problem';
import { textFields } from '../../lib/form-problem';
import { pageMeta } from '../../lib/meta';
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
    return data<FormFailure>(
      {
        problem: {
          code: 'validation_failed',
          summary: [],
          fields: { username: `Does not match your username, ${author.username}` },
        },
        values: { username },
      },
      { status: 400, headers: api.setCookies() },
    );
  }
  await asAuthor(request, api.client.me.delete());
  return redirect('/', { headers: api.setCookies() });
}

export default function AccountDelete({ loaderData: { username }, actionData }: Route.ComponentProps) {
  const problem = actionData?.problem;
  return (
    <>
      <h1>Delete your account</h1>
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
        <button type="submit">Delete my account</button>
      </Form>
      <p>
        <Link to="/studio/account">Keep my account</Link>
      </p>
    </>
  );
}
